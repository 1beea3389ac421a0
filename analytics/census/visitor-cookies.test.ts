import { describe, expect, it, vi } from 'vitest';
import { fakeCookieJar } from '../../testing/fake-cookie-jar';
import {
  ANALYTICS_RESET_COOKIES,
  COOKIE_LIFETIMES,
  ensureAnalyticsId,
  ensureSessionId,
  parseVisitorRecord,
  recordVisit,
  resetAnalyticsCookies,
} from './visitor-cookies';

const T0 = 1_700_000_000_000;
const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('cookie lifetimes', () => {
  it('analytics id 390 days, long visit cookies 2 years, short ones 30 minutes', () => {
    expect(COOKIE_LIFETIMES.analyticsId).toBe(33_696_000);
    expect(COOKIE_LIFETIMES.visitLong).toBe(63_072_000);
    expect(COOKIE_LIFETIMES.visitShort).toBe(1800);
  });
});

describe('visit cookies', () => {
  it('a first page view creates the visitor and writes each cookie with its lifetime', () => {
    const jar = fakeCookieJar();
    const state = recordVisit(jar, T0, ids());
    expect(state).toEqual({
      visitorId: 'id-1',
      visitorRecord: `id-1|${T0}|0|${T0}|1`,
      newVisit: true,
      visitCount: 1,
      pageViewsInVisit: 1,
    });
    expect(jar.writes.map((w) => [w.name, w.value, w.lifetime.maxAgeSeconds])).toEqual([
      ['ss_cid', 'id-1', 63_072_000],
      ['ss_cvr', `id-1|${T0}|0|${T0}|1`, 63_072_000],
      ['ss_cpvisit', String(T0), 63_072_000],
      ['ss_cvisit', '1', 1800],
      ['ss_cvt', String(T0), 1800],
    ]);
  });

  it('a page view within 30 minutes continues the visit', () => {
    const jar = fakeCookieJar();
    recordVisit(jar, T0, ids());
    const state = recordVisit(jar, T0 + 60_000, ids());
    expect(state).toMatchObject({ visitorId: 'id-1', newVisit: false, visitCount: 1, pageViewsInVisit: 2 });
    expect(state.visitorRecord).toBe(`id-1|${T0}|0|${T0}|1`);
    expect(jar.values.get('ss_cvt')).toBe(String(T0 + 60_000));
  });

  it('once the 30-minute cookies are gone, the next view starts a new visit', () => {
    const jar = fakeCookieJar();
    recordVisit(jar, T0, ids());
    jar.values.delete('ss_cvt');
    jar.values.delete('ss_cvisit');
    const later = T0 + 3 * 3600_000;
    const state = recordVisit(jar, later, ids());
    expect(state).toMatchObject({ newVisit: true, visitCount: 2, pageViewsInVisit: 1 });
    expect(state.visitorRecord).toBe(`id-1|${T0}|${T0}|${later}|2`);
  });

  it('a malformed visitor record starts over, keeping the visitor id', () => {
    const jar = fakeCookieJar({ ss_cid: 'known', ss_cvr: 'garbage', ss_cvt: '1' });
    expect(recordVisit(jar, T0, ids())).toMatchObject({ visitorId: 'known', newVisit: true, visitCount: 1 });
    expect(parseVisitorRecord('a|1|2|3')).toBeUndefined();
    expect(parseVisitorRecord('a|1|2|3|-1')).toBeUndefined();
    expect(parseVisitorRecord('a|1|2|3|4')).toEqual({
      id: 'a',
      firstVisit: 1,
      previousVisit: 2,
      visitStart: 3,
      visitCount: 4,
    });
  });

  it('reset removes exactly ss_cid, ss_cpvisit, ss_cvisit, ss_cvr, ss_cvt', () => {
    const jar = fakeCookieJar({ ss_cid: '1', ss_cvr: '2', other: '3' });
    resetAnalyticsCookies(jar);
    expect(jar.removed).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    expect([...ANALYTICS_RESET_COOKIES]).toEqual(jar.removed);
    expect(jar.values.get('other')).toBe('3');
  });
});

describe('analytics and session ids', () => {
  it('creates the analytics id for 390 days when missing, keeps an existing one', () => {
    const jar = fakeCookieJar();
    const warn = vi.fn();
    expect(ensureAnalyticsId(jar, ids(), warn)).toBe('id-1');
    expect(jar.writes).toEqual([{ name: 'ss_aid', value: 'id-1', lifetime: { maxAgeSeconds: 33_696_000 } }]);
    expect(ensureAnalyticsId(jar, ids(), warn)).toBe('id-1');
    expect(jar.writes).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs 'Unable to store analyticsId' when the cookie does not stick", () => {
    const jar = fakeCookieJar();
    jar.write = () => undefined;
    const warn = vi.fn();
    expect(ensureAnalyticsId(jar, ids(), warn)).toBe('id-1');
    expect(warn).toHaveBeenCalledWith('Unable to store analyticsId');
  });

  it('creates the session id as a session cookie when missing', () => {
    const jar = fakeCookieJar();
    expect(ensureSessionId(jar, ids())).toBe('id-1');
    expect(jar.writes).toEqual([{ name: 'ss_sid', value: 'id-1', lifetime: {} }]);
    expect(ensureSessionId(jar, ids())).toBe('id-1');
  });
});
