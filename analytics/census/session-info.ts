import type { StoredValues } from '../../runtime/storage/stored-values';

/** Marker keys: the tab's landing marker (session storage), the visitor's first session (local storage). */
export const SESSION_MARKERS = {
  landing: 'ss_landing',
  firstSession: 'ss_first_session',
} as const;

/** How long the first-session marker is kept: as long as the analytics id, 390 days. */
export const FIRST_SESSION_MARKER_MS = 390 * 24 * 60 * 60 * 1000;

/** Where the visitor is in their visit history. */
export interface SessionFlags {
  /** This page is the first one of the tab (its session storage had no landing marker). */
  firstLanding: boolean;
  /** Local storage holds no first-session marker yet (platform spec, section 4): the visitor's first page. */
  firstSession: boolean;
}

export interface SessionInfoDeps {
  /** The tab's values (session storage). */
  tab: () => StoredValues;
  /** The visitor's values (local storage). */
  visitor: () => StoredValues;
  sessionId: string | null;
  now: () => number;
  /** Whether markers may be written (not under a restrictive cookie policy). */
  persist: boolean;
  warn: (message: string) => void;
}

/**
 * The session flags (platform spec, section 4): each is true while its marker is missing, the tab's
 * (session storage) for first landing and the visitor's (local storage) for first session. When storage
 * cannot be used it logs 'Unable access local/session storage.' and both flags are false.
 */
export function sessionInfo(deps: SessionInfoDeps): SessionFlags {
  try {
    const tab = deps.tab();
    const visitor = deps.visitor();
    const firstLanding = tab.get(SESSION_MARKERS.landing) === undefined;
    const marker = visitor.get(SESSION_MARKERS.firstSession);
    // The spec's rule: first session only while local storage holds no marker (the first page ever).
    const firstSession = marker === undefined;
    if (deps.persist) {
      if (firstLanding) tab.set(SESSION_MARKERS.landing, 'true');
      if (marker === undefined && deps.sessionId !== null) {
        visitor.set(SESSION_MARKERS.firstSession, deps.sessionId, deps.now() + FIRST_SESSION_MARKER_MS);
      }
    }
    return { firstLanding, firstSession };
  } catch {
    deps.warn('Unable access local/session storage.');
    return { firstLanding: false, firstSession: false };
  }
}
