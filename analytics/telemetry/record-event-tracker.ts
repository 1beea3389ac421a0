import type { RecordEventForm, RecordEventPageFields } from '../../contract/analytics';
import type { AnalyticsHttp } from './analytics-http';

/** The older event tracker's endpoint (platform spec, section 7). */
export const RECORD_EVENT_PATH = '/api/events/RecordEvent';

/** Page fields every event of the older tracker carries (platform spec, section 3). */
export type OlderTrackerPayload = RecordEventPageFields;

export interface RecordEventTrackerDeps {
  http: AnalyticsHttp;
  /** The `crumb` cookie, sent as a form field. */
  crumb: () => string | undefined;
  /** The page fields, read when an event is sent. */
  page: () => OlderTrackerPayload;
}

export interface RecordEventTracker {
  /** Sends `event` with the page fields and `data` merged into `data` (JSON). Never rejects; resolves to the status (0: no answer). */
  track(event: string, data?: Record<string, unknown>): Promise<number>;
}

/** The form fields of one older-tracker call: crumb, event, data (JSON text). */
export function recordEventForm(
  crumb: string | undefined,
  event: string,
  page: OlderTrackerPayload,
  data: Record<string, unknown> = {},
): RecordEventForm {
  return { crumb: crumb ?? '', event, data: JSON.stringify({ ...data, ...page }) };
}

/** The older event tracker: `POST /api/events/RecordEvent`, form-encoded. */
export function createRecordEventTracker(deps: RecordEventTrackerDeps): RecordEventTracker {
  return {
    track: (event, data) =>
      deps.http.post(RECORD_EVENT_PATH, { form: recordEventForm(deps.crumb(), event, deps.page(), data) }),
  };
}
