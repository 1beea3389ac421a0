import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TWEEN_DURATION,
  SCROLL_DEFAULTS,
  scrollDuration,
  scrollToElement,
  tween,
  TWEEN_DURATION_ERROR,
} from './tween';

/** A clock and a frame queue the test drives. */
function frames() {
  let time = 0;
  const queue: (() => void)[] = [];
  return {
    now: () => time,
    requestFrame: (callback: () => void) => queue.push(callback),
    advance(ms: number) {
      time += ms;
      queue.splice(0).forEach((callback) => callback());
    },
  };
}

describe('tween', () => {
  it.each([Number.NaN, Infinity, -Infinity, '300' as unknown as number])('throws for duration %s', (duration) => {
    expect(() => tween({ from: 0, to: 1, duration, onUpdate: () => undefined })).toThrow(
      new TypeError(TWEEN_DURATION_ERROR),
    );
  });

  it('lasts 300 ms by default, eased, ending exactly on the target', async () => {
    expect(DEFAULT_TWEEN_DURATION).toBe(300);
    const clock = frames();
    const values: number[] = [];
    const run = tween({ from: 0, to: 100, onUpdate: (v) => values.push(v), ...clock });
    expect(values).toEqual([0]);
    clock.advance(150);
    expect(values[1]).toBeCloseTo(50);
    clock.advance(149);
    expect(values.at(-1)).toBeLessThan(100);
    clock.advance(1);
    expect(values.at(-1)).toBe(100);
    await run.done;
    clock.advance(10);
    expect(values).toHaveLength(4);
  });

  it('jumps for a duration of 0, and stops when cancelled', async () => {
    const values: number[] = [];
    await tween({ from: 5, to: 9, duration: 0, onUpdate: (v) => values.push(v) }).done;
    expect(values).toEqual([9]);
    const clock = frames();
    const moving: number[] = [];
    const run = tween({ from: 0, to: 10, duration: 100, onUpdate: (v) => moving.push(v), ...clock });
    run.cancel();
    clock.advance(100);
    await run.done;
    expect(moving).toEqual([0]);
  });
});

describe('scrolling', () => {
  it('clamps the duration between min and max (50 and 50 by default); offset 30 px', () => {
    expect(SCROLL_DEFAULTS).toEqual({ minDuration: 50, maxDuration: 50, offset: 30 });
    expect(scrollDuration(4000)).toBe(50);
    expect(scrollDuration(10)).toBe(50);
    expect(scrollDuration(4000, { minDuration: 100, maxDuration: 400 })).toBe(400);
    expect(scrollDuration(-60, { minDuration: 100, maxDuration: 400 })).toBe(100);
    expect(scrollDuration(0, { duration: 250, minDuration: 100, maxDuration: 400 })).toBe(250);
    // A max below the min is the min.
    expect(scrollDuration(1000, { minDuration: 80, maxDuration: 10 })).toBe(80);
  });

  it('brings an element to 30 px below the top of the window', async () => {
    document.body.innerHTML = '<div id="target"></div>';
    const target = document.getElementById('target') as HTMLElement;
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 500 } as DOMRect);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: true } as MediaQueryList);
    await scrollToElement(target);
    expect(scrollTo).toHaveBeenLastCalledWith(window.scrollX, window.scrollY + 470);
    vi.restoreAllMocks();
  });
});
