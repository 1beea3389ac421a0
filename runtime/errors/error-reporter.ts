import { http } from '../http/client';
import { pageSlot } from '../page-runtime';
import { reportChunkLoadErrorsTo } from './chunk-load';

/** Limits of error reporting (storefront spec, section 9). */
export const REPORTING_LIMITS = {
  /** Reports one page sends at most. */
  perPage: 20,
  /** Reports waiting to be sent at most; more are dropped. */
  queued: 10,
  /** Characters of a stack trace kept. */
  stackLength: 5000,
  /** Sending waits this long after the last report. */
  debounceMs: 1000,
  /** Back-off after a 429 without a usable Retry-After. */
  defaultBackoffMs: 60_000,
} as const;

/** One report as the server takes it. */
export interface ErrorReport {
  event: string;
  data: {
    message: string;
    stack: string;
    /** The widget (tag) or module it came from. */
    source: string;
    url: string;
    userAgent: string;
  };
  /** Epoch milliseconds. */
  timestamp: number;
}

export interface ErrorReporterDeps {
  /** Sends one batch; resolves to the HTTP status and Retry-After header (0 / null when no answer came). */
  send(reports: ErrorReport[]): Promise<{ status: number; retryAfter: string | null }>;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  url(): string;
  userAgent(): string;
}

export interface ErrorReporter {
  /** Queues a report; never throws, and drops what the limits do not allow. */
  report(error: unknown, source: string): void;
  /** Sends what is queued now (the page is being hidden). */
  flush(): Promise<void>;
}

/** Seconds or an HTTP date, as Retry-After allows; undefined when neither. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  const queue: ErrorReport[] = [];
  let accepted = 0;
  let backoffUntil = 0;
  let timer: unknown;

  const flush = async () => {
    if (timer !== undefined) deps.clearTimeout(timer);
    timer = undefined;
    const batch = queue.splice(0);
    if (batch.length === 0) return;
    try {
      const { status, retryAfter } = await deps.send(batch);
      if (status === 429) {
        // Rate limited: wait as asked, and what arrives meanwhile is dropped, not queued.
        backoffUntil = deps.now() + (retryAfterMs(retryAfter, deps.now()) ?? REPORTING_LIMITS.defaultBackoffMs);
      }
    } catch {
      // Reporting must never become a problem of its own.
    }
  };

  return {
    report(error, source) {
      try {
        if (accepted >= REPORTING_LIMITS.perPage || queue.length >= REPORTING_LIMITS.queued) return;
        if (deps.now() < backoffUntil) return;
        accepted++;
        const problem = error instanceof Error ? error : new Error(String(error));
        queue.push({
          event: 'javascript-error',
          data: {
            message: problem.message.slice(0, 1000),
            stack: (problem.stack ?? '').slice(0, REPORTING_LIMITS.stackLength),
            source,
            url: deps.url(),
            userAgent: deps.userAgent(),
          },
          timestamp: deps.now(),
        });
        if (timer !== undefined) deps.clearTimeout(timer);
        timer = deps.setTimeout(() => void flush(), REPORTING_LIMITS.debounceMs);
      } catch {
        // Never throw from the reporter.
      }
    },
    flush,
  };
}

const pageReporter = pageSlot('error-reporter', () =>
  createErrorReporter({
    send: async (reports) => {
      const response = await http().post('/api/events/RecordJavascriptErrors', {
        json: reports,
        throwHttpErrors: false,
        retry: 0,
      });
      return { status: response.status, retryAfter: response.headers.get('Retry-After') };
    },
    now: () => Date.now(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    url: () => globalThis.location?.href ?? '',
    userAgent: () => globalThis.navigator?.userAgent ?? '',
  }),
);

/** The page's reporter, sending to `POST /api/events/RecordJavascriptErrors` with the CSRF header. */
export function errorReporter(): ErrorReporter {
  return pageReporter.get();
}

/** Reports a problem of `source` (a widget tag, a module) and lets the page carry on. */
export function reportError(error: unknown, source: string): void {
  errorReporter().report(error, source);
}

// Chunks the loader could not load (kept until now, and from now on) are reported like any error.
reportChunkLoadErrorsTo((error) => reportError(error, error.chunkId));
