/** The performance collector's calls (platform spec, section 7). */
export const PERFORMANCE_PATHS = {
  settings: '/api/1/performance/settings',
  records: '/api/1/performance/records',
} as const;

/** The settings call gives up after 30 s. */
export const SETTINGS_TIMEOUT_MS = 30_000;

/** Messages sent to error reporting (platform spec, section 8). */
export const PERFORMANCE_ERRORS = {
  noPageLoadId: 'Unable to resolve pageLoadId',
  settingsTimeout: 'Metric settings request timeout',
  xhrStatus: (status: number) => `XHR request DONE with unexpected status: ${status}`,
} as const;

export interface PageLoadIdDeps {
  /** GETs the settings with `signal`; resolves to the parsed JSON body, rejects on any failure. */
  fetchSettings: (signal: AbortSignal) => Promise<unknown>;
  /** An AbortSignal that fires after `ms` (AbortSignal.timeout in browsers). */
  timeoutSignal: (ms: number) => AbortSignal;
  /** Error reporting. */
  report: (error: Error) => void;
}

/**
 * Asks `GET /api/1/performance/settings` for the page load id. Resolves to null, after reporting
 * 'Metric settings request timeout' (no answer within 30 s) or 'Unable to resolve pageLoadId'
 * (a failed call, or an answer without a usable id). Never rejects.
 */
export async function resolvePageLoadId(deps: PageLoadIdDeps): Promise<string | null> {
  let signal: AbortSignal | undefined;
  try {
    signal = deps.timeoutSignal(SETTINGS_TIMEOUT_MS);
    const body = await deps.fetchSettings(signal);
    const id = body && typeof body === 'object' ? (body as { pageLoadId?: unknown }).pageLoadId : undefined;
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number' && Number.isFinite(id)) return String(id);
    deps.report(new Error(PERFORMANCE_ERRORS.noPageLoadId));
  } catch {
    deps.report(new Error(signal?.aborted ? PERFORMANCE_ERRORS.settingsTimeout : PERFORMANCE_ERRORS.noPageLoadId));
  }
  return null;
}
