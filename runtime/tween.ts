/** Tweens and scrolling (platform spec, sections 1 and 5). */

/** A tween lasts this long unless told otherwise (ms). */
export const DEFAULT_TWEEN_DURATION = 300;

/** Thrown for a duration that is not a finite number. */
export const TWEEN_DURATION_ERROR = 'Tween duration must be a finite number';

export interface TweenOptions {
  from: number;
  to: number;
  /** Milliseconds, a finite number (default 300); 0 or less jumps to `to`. */
  duration?: number;
  /** Called with each value, `to` last. */
  onUpdate: (value: number) => void;
  /** Progress (0 to 1) to eased progress; ease-in-out by default. */
  easing?: (t: number) => number;
  /** The clock and frames (the browser's by default). */
  now?: () => number;
  requestFrame?: (callback: () => void) => unknown;
}

export interface Tween {
  /** Stops it where it is; `done` resolves. */
  cancel(): void;
  /** Resolves when it reached `to` or was cancelled. */
  done: Promise<void>;
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Moves a value from `from` to `to` over `duration` ms, frame by frame. Throws a TypeError unless `duration` is finite. */
export function tween(options: TweenOptions): Tween {
  const { from, to, onUpdate, duration = DEFAULT_TWEEN_DURATION, easing = easeInOut } = options;
  if (typeof duration !== 'number' || !Number.isFinite(duration)) throw new TypeError(TWEEN_DURATION_ERROR);
  const now = options.now ?? (() => globalThis.performance.now());
  const requestFrame = options.requestFrame ?? ((callback: () => void) => globalThis.requestAnimationFrame(callback));
  let cancelled = false;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const start = now();
  const step = () => {
    if (cancelled) return;
    const progress = duration <= 0 ? 1 : Math.min(1, (now() - start) / duration);
    onUpdate(progress === 1 ? to : from + (to - from) * easing(progress));
    if (progress === 1) finish();
    else requestFrame(step);
  };
  step();
  return {
    cancel() {
      cancelled = true;
      finish();
    },
    done,
  };
}

export interface ScrollOptions {
  /** The duration asked for (ms); by default one millisecond per 2 px of distance. Clamped to `minDuration`..`maxDuration`. */
  duration?: number;
  /** Shortest scroll, ms (default 50). */
  minDuration?: number;
  /** Longest scroll, ms (default 50). */
  maxDuration?: number;
  /** Space left above the element, px (default 30). */
  offset?: number;
}

/** The scroll defaults of the platform. */
export const SCROLL_DEFAULTS = { minDuration: 50, maxDuration: 50, offset: 30 } as const;

/** A scroll's duration: the one asked for (else from the distance), clamped between min and max. */
export function scrollDuration(distance: number, options: ScrollOptions = {}): number {
  const { minDuration = SCROLL_DEFAULTS.minDuration, maxDuration = SCROLL_DEFAULTS.maxDuration } = options;
  const wanted = options.duration ?? Math.abs(distance) / 2;
  return Math.min(Math.max(wanted, minDuration), Math.max(minDuration, maxDuration));
}

/**
 * Scrolls the window so `element` sits `offset` px (default 30) below the top, over a clamped
 * duration; at once when the visitor prefers reduced motion. Resolves when there.
 */
export function scrollToElement(element: Element, options: ScrollOptions = {}): Promise<void> {
  const view = element.ownerDocument.defaultView;
  if (!view) return Promise.resolve();
  const from = view.scrollY;
  const to = Math.max(0, from + element.getBoundingClientRect().top - (options.offset ?? SCROLL_DEFAULTS.offset));
  const reduced = view.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return tween({
    from,
    to,
    duration: reduced ? 0 : scrollDuration(to - from, options),
    onUpdate: (y) => view.scrollTo(view.scrollX, y),
  }).done;
}
