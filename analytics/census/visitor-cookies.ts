import type { CookieJar } from '../../runtime/session/cookie-jar';

/**
 * Analytics cookie names. The five `ss_c*` visit cookies are the spec's reset list; the
 * analytics, marketing and session id names are ours (the spec names the cookies, not their keys).
 */
export const ANALYTICS_COOKIES = {
  /** Census visitor id. 2 years. */
  visitorId: 'ss_cid',
  /** Time (epoch ms) of the visitor's latest page view. 2 years. */
  lastPageView: 'ss_cpvisit',
  /** Page views in the current visit. 30 minutes. */
  visitPageViews: 'ss_cvisit',
  /** Visitor record `id|firstVisit|previousVisit|visitStart|visitCount` (times in epoch ms), sent with page views. 2 years. */
  visitorRecord: 'ss_cvr',
  /** Time (epoch ms) of the latest activity; its absence starts a new visit. 30 minutes. */
  visitTime: 'ss_cvt',
  /** Analytics id of the event trackers and the performance collector. 390 days. */
  analyticsId: 'ss_aid',
  /** Marketing id, written by marketing tools; analytics only reads it. */
  marketingId: 'ss_mid',
  /** Session id, created when missing. Browser session. */
  sessionId: 'ss_sid',
} as const;

const DAY_SECONDS = 24 * 60 * 60;

/** Cookie lifetimes in seconds (storefront spec, section 9; platform spec, section 9). */
export const COOKIE_LIFETIMES = {
  /** Analytics id: 390 days. */
  analyticsId: 390 * DAY_SECONDS,
  /** Long visit cookies (ss_cid, ss_cpvisit, ss_cvr): 2 years. */
  visitLong: 2 * 365 * DAY_SECONDS,
  /** Short visit cookies (ss_cvisit, ss_cvt): 30 minutes. */
  visitShort: 30 * 60,
} as const;

/** Cookies removed when analytics cookies are reset (storefront spec, section 9). */
export const ANALYTICS_RESET_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;

/** Where the visitor stands after this page view. */
export interface VisitState {
  visitorId: string;
  /** The `ss_cvr` value sent with the page view. */
  visitorRecord: string;
  /** This page view started a visit (no activity in the last 30 minutes). */
  newVisit: boolean;
  visitCount: number;
  /** Page views in the current visit, this one included. */
  pageViewsInVisit: number;
}

interface VisitorRecord {
  id: string;
  firstVisit: number;
  previousVisit: number;
  visitStart: number;
  visitCount: number;
}

/** Reads an `ss_cvr` value; undefined when malformed. */
export function parseVisitorRecord(value: string | undefined): VisitorRecord | undefined {
  const parts = value?.split('|');
  if (!parts || parts.length !== 5 || !parts[0]) return undefined;
  const [id, ...rest] = parts;
  const numbers = rest.map(Number);
  if (numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return undefined;
  const [firstVisit = 0, previousVisit = 0, visitStart = 0, visitCount = 0] = numbers;
  return { id, firstVisit, previousVisit, visitStart, visitCount };
}

function formatVisitorRecord(r: VisitorRecord): string {
  return [r.id, r.firstVisit, r.previousVisit, r.visitStart, r.visitCount].join('|');
}

/**
 * Counts one page view in the visit cookies: a visit lasts while there is activity within
 * 30 minutes (`ss_cvt`); the long cookies live 2 years from this view.
 */
export function recordVisit(jar: CookieJar, now: number, newId: () => string): VisitState {
  const stored = parseVisitorRecord(jar.read(ANALYTICS_COOKIES.visitorRecord));
  const visitorId = jar.read(ANALYTICS_COOKIES.visitorId) || stored?.id || newId();
  const visitActive = Boolean(stored && jar.read(ANALYTICS_COOKIES.visitTime));
  const record: VisitorRecord =
    stored && visitActive
      ? { ...stored, id: visitorId }
      : {
          id: visitorId,
          firstVisit: stored?.firstVisit || now,
          previousVisit: stored?.visitStart ?? 0,
          visitStart: now,
          visitCount: (stored?.visitCount ?? 0) + 1,
        };
  const previousViews = Number(jar.read(ANALYTICS_COOKIES.visitPageViews));
  const pageViewsInVisit = visitActive && Number.isSafeInteger(previousViews) ? previousViews + 1 : 1;
  const visitorRecord = formatVisitorRecord(record);

  const long = { maxAgeSeconds: COOKIE_LIFETIMES.visitLong };
  const short = { maxAgeSeconds: COOKIE_LIFETIMES.visitShort };
  jar.write(ANALYTICS_COOKIES.visitorId, visitorId, long);
  jar.write(ANALYTICS_COOKIES.visitorRecord, visitorRecord, long);
  jar.write(ANALYTICS_COOKIES.lastPageView, String(now), long);
  jar.write(ANALYTICS_COOKIES.visitPageViews, String(pageViewsInVisit), short);
  jar.write(ANALYTICS_COOKIES.visitTime, String(now), short);
  return { visitorId, visitorRecord, newVisit: !visitActive, visitCount: record.visitCount, pageViewsInVisit };
}

/** Removes the visit cookies of the reset list (restrictive cookie policy, opt-out). */
export function resetAnalyticsCookies(jar: CookieJar): void {
  for (const name of ANALYTICS_RESET_COOKIES) jar.remove(name);
}

/**
 * The analytics id, created and stored for 390 days when missing. When the cookie does not
 * stick (cookies blocked) it logs 'Unable to store analyticsId' and the id lives for this page only.
 */
export function ensureAnalyticsId(jar: CookieJar, newId: () => string, warn: (message: string) => void): string {
  const existing = jar.read(ANALYTICS_COOKIES.analyticsId);
  if (existing) return existing;
  const id = newId();
  try {
    jar.write(ANALYTICS_COOKIES.analyticsId, id, { maxAgeSeconds: COOKIE_LIFETIMES.analyticsId });
    if (jar.read(ANALYTICS_COOKIES.analyticsId) !== id) throw new Error('cookie not stored');
  } catch {
    warn('Unable to store analyticsId');
  }
  return id;
}

/** The session id: the session cookie's value, generated and stored when missing. */
export function ensureSessionId(jar: CookieJar, newId: () => string): string {
  const existing = jar.read(ANALYTICS_COOKIES.sessionId);
  if (existing) return existing;
  const id = newId();
  jar.write(ANALYTICS_COOKIES.sessionId, id);
  return id;
}
