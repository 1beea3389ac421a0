import { describe, expect, it } from 'vitest';
import { TWEAK_EVENTS, tweakEmitter } from './tweak-events';

describe('tweak events', () => {
  it('has the seven platform events: change, close, save, reset, after show, after close, before open', () => {
    expect(Object.keys(TWEAK_EVENTS).sort()).toEqual(
      ['afterClose', 'afterShow', 'beforeOpen', 'change', 'close', 'reset', 'save'].sort(),
    );
    expect(new Set(Object.values(TWEAK_EVENTS)).size).toBe(7);
  });

  it('dispatches typed, bubbling store-tweak-* events naming the editor, with the values where they matter', () => {
    const target = new EventTarget();
    const seen: [string, unknown][] = [];
    for (const name of Object.values(TWEAK_EVENTS)) {
      target.addEventListener(name, (event) => seen.push([event.type, (event as CustomEvent).detail]));
    }
    const tweak = tweakEmitter<{ color: string }>('store-x-editor', target);
    tweak.beforeOpen();
    tweak.afterShow({ color: 'red' });
    tweak.change({ color: 'blue' });
    tweak.reset({ color: 'red' });
    tweak.save({ color: 'green' });
    tweak.close();
    tweak.afterClose();
    expect(seen).toEqual([
      ['store-tweak-before-open', { editor: 'store-x-editor' }],
      ['store-tweak-after-show', { editor: 'store-x-editor', values: { color: 'red' } }],
      ['store-tweak-change', { editor: 'store-x-editor', values: { color: 'blue' } }],
      ['store-tweak-reset', { editor: 'store-x-editor', values: { color: 'red' } }],
      ['store-tweak-save', { editor: 'store-x-editor', values: { color: 'green' } }],
      ['store-tweak-close', { editor: 'store-x-editor' }],
      ['store-tweak-after-close', { editor: 'store-x-editor' }],
    ]);
  });
});
