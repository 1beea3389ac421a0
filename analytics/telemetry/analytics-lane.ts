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

let pageLane: Lane | undefined;
let leaving = false;
let watching = false;

/** Follows the page being hidden or left (and shown again, from the back/forward cache). */
function watchLeaving(): void {
  const win = globalThis.window;
  if (watching || !win?.document) return;
  watching = true;
  const doc = win.document;
  const left = () => {
    leaving = true;
    pageLane?.drain();
  };
  // Capture: before any listener that sends a last record on the same event.
  win.addEventListener('pagehide', left, { capture: true });
  doc.addEventListener('visibilitychange', () => (doc.visibilityState === 'hidden' ? left() : (leaving = false)), {
    capture: true,
  });
  win.addEventListener('pageshow', () => (leaving = doc.visibilityState === 'hidden'), { capture: true });
}

/** Whether the page is hidden or being left: last records go at once, by `sendBeacon`. */
export function pageLeaving(): boolean {
  watchLeaving();
  return leaving || globalThis.document?.visibilityState === 'hidden';
}

/** The page's one analytics lane. */
export function analyticsLane(): Lane {
  watchLeaving();
  pageLane ??= createLane(ANALYTICS_IN_FLIGHT, pageLeaving);
  return pageLane;
}

/** Forgets the page's lane (tests start each case from a fresh page). */
export function resetAnalyticsLane(): void {
  pageLane = undefined;
  leaving = false;
}
