import { pageSlot } from '../../runtime/page-runtime';

/**
 * Analytics shares the page's host with the shop's own calls, and a browser opens only six
 * HTTP/1.1 connections per host. A slow analytics server must never hold them all, or an add
 * to cart waits behind page views: every analytics request of the page goes through one lane
 * that lets at most {@link ANALYTICS_IN_FLIGHT} run at once and queues the rest.
 */
export const ANALYTICS_IN_FLIGHT = 2;

export interface Lane {
  /** Runs `task` once fewer than the lane's width are running; settles as the task does. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Starts every waiting task now: the page is going away, the shop needs no connection any more. */
  drain(): void;
  /** Tasks running now and waiting (tests, diagnostics). */
  readonly running: number;
  readonly waiting: number;
}

/**
 * A lane `width` tasks wide. While `unbounded()` says so (the page is being left: the shop
 * needs no connection any more, and a queued call would never start), tasks start at once.
 */
export function createLane(width: number = ANALYTICS_IN_FLIGHT, unbounded: () => boolean = () => false): Lane {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    running -= 1;
    queue.shift()?.();
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          let settled: Promise<T>;
          try {
            settled = task();
          } catch (error) {
            settled = Promise.reject(error);
          }
          settled.then(resolve, reject).finally(next);
        };
        if (running < width || unbounded()) start();
        else queue.push(start);
      });
    },
    drain() {
      for (const start of queue.splice(0)) start();
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The page's lane and whether the page is being left. */
interface PageLane {
  lane: Lane | undefined;
  leaving: boolean;
  /** Stops following the page (undefined: not following yet). */
  unwatch: (() => void) | undefined;
}

const pageLane = pageSlot('analytics-lane', (): PageLane => ({ lane: undefined, leaving: false, unwatch: undefined }), {
  end: (state) => state.unwatch?.(),
});

/** Follows the page being hidden or left (and shown again, from the back/forward cache). */
function watchLeaving(): PageLane {
  const state = pageLane.get();
  const win = globalThis.window;
  if (state.unwatch || !win?.document) return state;
  const doc = win.document;
  const left = () => {
    state.leaving = true;
    state.lane?.drain();
  };
  const visibility = () => (doc.visibilityState === 'hidden' ? left() : (state.leaving = false));
  const shown = () => (state.leaving = doc.visibilityState === 'hidden');
  // Capture: before any listener that sends a last record on the same event.
  win.addEventListener('pagehide', left, { capture: true });
  doc.addEventListener('visibilitychange', visibility, { capture: true });
  win.addEventListener('pageshow', shown, { capture: true });
  state.unwatch = () => {
    win.removeEventListener('pagehide', left, { capture: true });
    doc.removeEventListener('visibilitychange', visibility, { capture: true });
    win.removeEventListener('pageshow', shown, { capture: true });
  };
  return state;
}

/** Whether the page is hidden or being left: last records go at once, by `sendBeacon`. */
export function pageLeaving(): boolean {
  return watchLeaving().leaving || globalThis.document?.visibilityState === 'hidden';
}

/** The page's one analytics lane. */
export function analyticsLane(): Lane {
  const state = watchLeaving();
  state.lane ??= createLane(ANALYTICS_IN_FLIGHT, pageLeaving);
  return state.lane;
}
