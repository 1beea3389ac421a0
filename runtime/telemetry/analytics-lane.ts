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

export function createLane(width: number = ANALYTICS_IN_FLIGHT): Lane {
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
        if (running < width) start();
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

/** The page's one analytics lane. */
export function analyticsLane(): Lane {
  pageLane ??= createLane();
  return pageLane;
}

/** Forgets the page's lane (tests start each case from a fresh page). */
export function resetAnalyticsLane(): void {
  pageLane = undefined;
}
