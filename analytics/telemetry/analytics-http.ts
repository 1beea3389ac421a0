import type { KyInstance } from 'ky';
import { http } from '../../runtime/http/client';
import { analyticsLane, type Lane } from './analytics-lane';

/** A request body analytics sends: form-encoded fields, JSON, or nothing. */
export type AnalyticsBody = { form: Record<string, string> } | { json: unknown } | { empty: true };

/** Analytics calls: fire and forget, bounded by a timeout, never throwing. */
export interface AnalyticsHttp {
  /** POSTs `body`; resolves to the HTTP status, or 0 when no answer came (network error, timeout). */
  post(path: string, body: AnalyticsBody, timeoutMs?: number): Promise<number>;
}

/** Analytics calls wait at most this long unless told otherwise. */
export const DEFAULT_ANALYTICS_TIMEOUT_MS = 10_000;

export interface AnalyticsHttpDeps {
  /** The ky client (the page's, with the crumb header). */
  client?: () => KyInstance;
  /** An AbortSignal that fires after `ms` (AbortSignal.timeout in browsers). */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** Where the call waits its turn (the page's analytics lane by default). */
  lane?: Lane;
}

/**
 * Analytics over the page's HTTP client: `keepalive` so a call survives the page being left,
 * no retries, the timeout as an AbortSignal, every failure swallowed, and at most two calls
 * of the page's analytics in flight (the lane).
 */
export function createAnalyticsHttp(deps: AnalyticsHttpDeps = {}): AnalyticsHttp {
  const client = deps.client ?? http;
  const timeoutSignal = deps.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));
  const lane = () => deps.lane ?? analyticsLane();
  return {
    post(path, body, timeoutMs = DEFAULT_ANALYTICS_TIMEOUT_MS) {
      // The timeout counts from the call's start, not from its wait in the lane.
      return lane().run(() => send(path, body, timeoutMs));
    },
  };

  async function send(path: string, body: AnalyticsBody, timeoutMs: number): Promise<number> {
    try {
      const payload =
        'form' in body ? { body: new URLSearchParams(body.form) } : 'json' in body ? { json: body.json } : {};
      const response = await client().post(path, {
        ...payload,
        keepalive: true,
        retry: 0,
        timeout: false,
        throwHttpErrors: false,
        signal: timeoutSignal(timeoutMs),
      });
      return response.status;
    } catch {
      return 0;
    }
  }
}
