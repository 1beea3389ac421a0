import { describe, expect, it, vi } from 'vitest';
import { boundedCache, GENERAL_CACHE_CAPACITY } from './bounded-cache';

describe('the general cache', () => {
  it('holds 100 entries by default and starts over when a 101st arrives', () => {
    expect(GENERAL_CACHE_CAPACITY).toBe(100);
    const cache = boundedCache<number>();
    const make = vi.fn((n: number) => n);
    for (let i = 0; i < 100; i += 1) cache(`k${i}`, () => make(i));
    for (let i = 0; i < 100; i += 1) expect(cache(`k${i}`, () => make(-1))).toBe(i);
    expect(make).toHaveBeenCalledTimes(100);
    cache('k100', () => make(100));
    expect(cache('k0', () => make(0))).toBe(0);
    expect(make).toHaveBeenCalledTimes(102);
  });

  it('takes another capacity, and caches undefined values too', () => {
    const cache = boundedCache<string | undefined>(2);
    const make = vi.fn(() => undefined);
    cache('a', make);
    cache('a', make);
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe('size', () => {
  it('says how many entries the cache holds, back to 1 when it starts over', () => {
    const cache = boundedCache<number>(3);
    for (const key of ['a', 'b', 'c']) cache(key, () => 1);
    expect(cache.size).toBe(3);
    cache('d', () => 1);
    expect(cache.size).toBe(1);
  });
});
