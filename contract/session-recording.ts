/**
 * Session recording (platform spec, sections 7 and 9): `GET /api/commerce/fullstory/getId`
 * answers the id of the site's recording account; the client records only with more than 2 CPU
 * cores, the feature toggle on and the visitor sampled, and never with the automated mock id.
 * No recording script is loaded: the decision and the id go to analytics.
 */

/** The call. */
export const SESSION_RECORDING_PATH = '/api/commerce/fullstory/getId';

/** What the call answers. */
export interface SessionRecordingAnswer {
  /** The recording account's id, or {@link SESSION_RECORDING_MOCK_ID}. */
  id: string;
  /** Share of visitors recorded, 0 to 100 (a visitor's bucket, 0 to 99, must be below it). */
  samplePercent: number;
}

/** The id a store without a recording account answers (test and demo stores): it disables recording. */
export const SESSION_RECORDING_MOCK_ID = 'automated-mock-id';

/** The FEATURE_TOGGLE experiment that switches recording on for a site. */
export const SESSION_RECORDING_TOGGLE = 'session-recording';

/** Recording needs more CPU cores than this (`navigator.hardwareConcurrency`). */
export const SESSION_RECORDING_MIN_CORES = 2;

/** The older tracker's event that carries the decision (`POST /api/events/RecordEvent`). */
export const SESSION_RECORDING_EVENT = 'session_recording';

/** Why a visitor is recorded or not. */
export type SessionRecordingReason =
  'recording' | 'few-cores' | 'toggle-off' | 'unavailable' | 'mock-id' | 'not-sampled';

/** The data of the analytics event. */
export interface SessionRecordingEventData {
  recording: boolean;
  reason: SessionRecordingReason;
  /** The recording account's id when the call answered, else null. */
  sessionRecordingId: string | null;
}
