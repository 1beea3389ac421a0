import { describe, expect, it } from 'vitest';
import { cartStore } from './cart/cart-store';
import { http, setHttpClient } from './http/client';
import { pageRuntime, pageSlot, resetPageRuntime } from './page-runtime';

describe('the page runtime', () => {
  it('makes a slot value once per page, and a fresh one after a reset', () => {
    let made = 0;
    const slot = pageSlot('test-counter', () => ({ n: ++made }));
    expect(slot.get()).toBe(slot.get());
    expect(made).toBe(1);
    const runtime = pageRuntime();
    resetPageRuntime();
    expect(pageRuntime()).not.toBe(runtime);
    expect(slot.get()).toEqual({ n: 2 });
  });

  it('ends the values it made, newest first, and forgets page globals on reset', () => {
    const ended: string[] = [];
    let forgotten = 0;
    const first = pageSlot('test-first', () => 'a', { end: (v) => ended.push(v) });
    const second = pageSlot('test-second', () => 'b', { end: (v) => ended.push(v), forgetGlobals: () => forgotten++ });
    first.get();
    second.get();
    resetPageRuntime();
    expect(ended).toEqual(['b', 'a']);
    expect(forgotten).toBe(1);
    resetPageRuntime();
    expect(ended).toEqual(['b', 'a']);
    expect(forgotten).toBe(2);
  });

  it('ends a replaced value; set(undefined) makes it again on next use', () => {
    const ended: number[] = [];
    let made = 0;
    const slot = pageSlot('test-replace', () => ++made, { end: (v) => ended.push(v) });
    slot.get();
    slot.set(10);
    expect(slot.get()).toBe(10);
    expect(ended).toEqual([1]);
    slot.set(undefined);
    expect(ended).toEqual([1, 10]);
    expect(slot.get()).toBe(2);
  });

  it('holds the cart store and the http client of the page', () => {
    const store = cartStore();
    const client = http();
    expect(cartStore()).toBe(store);
    setHttpClient(undefined);
    expect(http()).not.toBe(client);
    resetPageRuntime();
    expect(cartStore()).not.toBe(store);
  });
});
