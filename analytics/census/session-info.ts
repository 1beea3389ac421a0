import type { CookieJar } from './cookie-jar';

/** Key-value storage whose entries may expire (platform spec, section 4: "Stored session values"). */
export interface StoredValues {
  /** The value; an entry whose expiry has passed is removed and reads as absent. */
  get(key: string): string | undefined;
  /** Stores `value`, until `expiresAt` (epoch ms) when given. */
  set(key: string, value: string, expiresAt?: number): void;
}

interface StoredEntry {
  value: string;
  expiry?: number;
}

function parseEntry(raw: string | null | undefined): StoredEntry | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredEntry).value === 'string') {
      const { value, expiry } = parsed as StoredEntry;
      return typeof expiry === 'number' ? { value, expiry } : { value };
    }
  } catch {
    // Not ours: treated as absent.
  }
  return undefined;
}

/**
 * Stored values in `storage` as JSON `{value, expiry?}`; when the browser has no such storage
 * they live in cookies instead (expiring with their entry, or with the browser session).
 * Storage that throws (blocked by the browser) throws here too, for the caller to handle.
 */
export function createStoredValues(storage: Storage | undefined, cookies: CookieJar, now: () => number): StoredValues {
  const read = (key: string) => (storage ? storage.getItem(key) : cookies.read(key));
  const remove = (key: string) => (storage ? storage.removeItem(key) : cookies.remove(key));
  return {
    get(key) {
      const entry = parseEntry(read(key));
      if (!entry) return undefined;
      if (entry.expiry !== undefined && entry.expiry <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, expiresAt) {
      const text = JSON.stringify(expiresAt === undefined ? { value } : { value, expiry: expiresAt });
      if (storage) storage.setItem(key, text);
      else
        cookies.write(
          key,
          text,
          expiresAt === undefined ? {} : { maxAgeSeconds: Math.max(0, Math.ceil((expiresAt - now()) / 1000)) },
        );
    },
  };
}

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
  /** This page belongs to the visitor's first session (local storage has no marker of an earlier session). */
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
 * The session flags (platform spec, section 4). The first-session marker holds the id of the
 * visitor's first session, so every page of that session counts as first-session. When storage
 * cannot be used it logs 'Unable access local/session storage.' and both flags are false.
 */
export function sessionInfo(deps: SessionInfoDeps): SessionFlags {
  try {
    const tab = deps.tab();
    const visitor = deps.visitor();
    const firstLanding = tab.get(SESSION_MARKERS.landing) === undefined;
    const marker = visitor.get(SESSION_MARKERS.firstSession);
    const firstSession = marker === undefined || (deps.sessionId !== null && marker === deps.sessionId);
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

/** The browser's storage of that kind; undefined when missing. Reading it may throw (blocked storage). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  const storage = (globalThis as Partial<Record<typeof kind, Storage>>)[kind];
  return storage ?? undefined;
}
