/**
 * Whether this visit is session-recorded (platform spec, sections 7 and 9): more than 2 CPU
 * cores, the `session-recording` feature toggle on, the visitor sampled, and a real account id
 * from `GET /api/commerce/fullstory/getId` (the automated mock id disables it). No recording
 * script is loaded: the analytics census runs this after the page view and sends the decision and
 * the id to the older tracker.
 */
import {
  SESSION_RECORDING_EVENT,
  SESSION_RECORDING_MIN_CORES,
  SESSION_RECORDING_MOCK_ID,
  SESSION_RECORDING_PATH,
  SESSION_RECORDING_TOGGLE,
  type SessionRecordingAnswer,
  type SessionRecordingEventData,
  type SessionRecordingReason,
} from '../contract/session-recording';
import { isFeatureToggleEnabled } from './loader-api';
import { http } from './http/client';
import type { StoredValues } from './storage/stored-values';

/** The decision. */
export interface SessionRecordingDecision {
  record: boolean;
  reason: SessionRecordingReason;
}

/** What the decision rests on. */
export interface SessionRecordingSignals {
  /** `navigator.hardwareConcurrency` (undefined when the browser does not say: not enough). */
  cores: number | undefined;
  /** The `session-recording` feature toggle. */
  toggleOn: boolean;
  /** The visitor's analytics id (null: no id, so no stable sample: not sampled). */
  visitorId: string | null;
}

/** The visitor's sample bucket, 0 to 99: a 32-bit FNV-1a hash of their id, so the same visitor always lands in the same one. */
export function sampleBucket(visitorId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < visitorId.length; i += 1) {
    hash ^= visitorId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether a visitor is in a sample of `samplePercent` (0 to 100) of all visitors. */
export function isSampled(visitorId: string | null, samplePercent: number): boolean {
  return visitorId !== null && visitorId !== '' && sampleBucket(visitorId) < samplePercent;
}

/** What can be decided before any call: null when the server must be asked. */
export function localSessionRecordingBlock(
  signals: Pick<SessionRecordingSignals, 'cores' | 'toggleOn'>,
): SessionRecordingDecision | null {
  if (!(typeof signals.cores === 'number' && signals.cores > SESSION_RECORDING_MIN_CORES)) {
    return { record: false, reason: 'few-cores' };
  }
  if (!signals.toggleOn) return { record: false, reason: 'toggle-off' };
  return null;
}

/** The decision table: `answer` is the server's (null: the call failed). */
export function decideSessionRecording(
  signals: SessionRecordingSignals,
  answer: SessionRecordingAnswer | null,
): SessionRecordingDecision {
  const blocked = localSessionRecordingBlock(signals);
  if (blocked) return blocked;
  if (!answer || typeof answer.id !== 'string' || answer.id === '') return { record: false, reason: 'unavailable' };
  if (answer.id === SESSION_RECORDING_MOCK_ID) return { record: false, reason: 'mock-id' };
  if (!isSampled(signals.visitorId, answer.samplePercent)) return { record: false, reason: 'not-sampled' };
  return { record: true, reason: 'recording' };
}

/** The tab's stored decision: one per tab session, so the call and the event happen once. */
export const SESSION_RECORDING_STORAGE_KEY = 'store-session-recording';
/** How long a tab keeps its decision: 30 minutes, the length of a visit. */
export const SESSION_RECORDING_DECISION_MS = 30 * 60 * 1000;

export interface SessionRecordingDeps extends SessionRecordingSignals {
  /** The tab's stored values (session storage). */
  tab: StoredValues;
  now: () => number;
  /** Asks the server; rejects when it cannot answer. */
  fetchAnswer: () => Promise<SessionRecordingAnswer>;
  /** Sends the decision to analytics (the older tracker's event). */
  track: (event: string, data: SessionRecordingEventData) => unknown;
}

/**
 * Decides once per tab session, asking the server only when the device and the toggle allow it,
 * and sends `session_recording` `{recording, reason, sessionRecordingId}` to analytics. Resolves
 * to the decision (null when this tab had decided already). Never rejects.
 */
export async function startSessionRecording(deps: SessionRecordingDeps): Promise<SessionRecordingDecision | null> {
  try {
    if (deps.tab.get(SESSION_RECORDING_STORAGE_KEY) !== undefined) return null;
  } catch {
    // No storage at all: decide for this page.
  }
  let answer: SessionRecordingAnswer | null = null;
  if (!localSessionRecordingBlock(deps)) {
    try {
      answer = await deps.fetchAnswer();
    } catch {
      answer = null;
    }
  }
  const decision = decideSessionRecording(deps, answer);
  try {
    deps.tab.set(SESSION_RECORDING_STORAGE_KEY, JSON.stringify(decision), deps.now() + SESSION_RECORDING_DECISION_MS);
  } catch {
    // Decided again on the next page: harmless.
  }
  deps.track(SESSION_RECORDING_EVENT, {
    recording: decision.record,
    reason: decision.reason,
    sessionRecordingId: answer && typeof answer.id === 'string' ? answer.id : null,
  });
  return decision;
}

/** The browser's signals and the server call, for the census. */
export function browserSessionRecordingSignals(): Pick<SessionRecordingSignals, 'cores' | 'toggleOn'> & {
  fetchAnswer: () => Promise<SessionRecordingAnswer>;
} {
  return {
    cores: globalThis.navigator?.hardwareConcurrency,
    toggleOn: isFeatureToggleEnabled(SESSION_RECORDING_TOGGLE, false).value,
    fetchAnswer: () => http().get(SESSION_RECORDING_PATH, { retry: 0 }).json<SessionRecordingAnswer>(),
  };
}
