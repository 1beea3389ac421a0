import { describe, expect, it } from 'vitest';
import {
  analyticsTableBytes,
  MAX_ANALYTICS_ROWS,
  recordErrorReports,
  recordHit,
  recordPerformance,
  setAnalyticsCaps,
  vitalDistribution,
} from './analytics';
import { analyticsCalls } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

const { count } = analyticsCalls(store);

describe('analytics store', () => {
  it('bins a vital from 0 with an open-ended last bin, keeps edge values in the bin they start, and finds the 75th percentile', () => {
    const rows = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 2].map((cls, i) => ({
      visitorId: i < 3 ? 'a' : 'b',
      pageLoadId: `load-${i}`,
      recordType: 'page-speed' as const,
      pathname: '/',
      vitals: { lcp: null, fcp: null, cls, inp: null, fid: null },
      data: {},
    }));
    recordPerformance(store.db, rows);
    expect(vitalDistribution(store.db, 'cls', { width: 0.05, bins: 6 })).toEqual({
      counts: [1, 1, 1, 1, 1, 1, 3],
      total: 9,
      p75: 0.3,
    });
    expect(vitalDistribution(store.db, 'cls', { width: 0.05, bins: 6 }, { visitorId: 'a' })).toEqual({
      counts: [1, 1, 1, 0, 0, 0, 0],
      total: 3,
      p75: 0.1,
    });
    expect(vitalDistribution(store.db, 'lcp', { width: 500, bins: 10 })).toEqual({
      counts: Array(11).fill(0),
      total: 0,
      p75: null,
    });
  });

  it('keeps the latest rows of a table only', () => {
    const insert = store.db.prepare(
      "INSERT INTO analytics_hits (created, event_type, path, title, data) VALUES (0, 1, '/old', '', '{}')",
    );
    store.db.transaction(() => {
      for (let i = 0; i < MAX_ANALYTICS_ROWS; i++) insert.run();
    })();
    recordHit(store.db, {
      visitorId: null,
      eventType: 1,
      path: '/new',
      title: '',
      websiteId: null,
      itemId: null,
      collectionId: null,
      visitorRecord: '',
      data: {},
    });
    expect(count('analytics_hits')).toBe(MAX_ANALYTICS_ROWS);
    expect(count('analytics_hits', "path = '/new'")).toBe(1);
    expect((store.db.prepare('SELECT MIN(id) AS id FROM analytics_hits').get() as { id: number }).id).toBe(2);
  });

  it('keeps a table under its byte cap, dropping the oldest rows first', () => {
    setAnalyticsCaps(store.db, { rows: MAX_ANALYTICS_ROWS, bytes: 20_000 });
    const hit = (i: number) =>
      recordHit(store.db, {
        visitorId: 'v',
        eventType: 1,
        path: `/p${i}`,
        title: '',
        websiteId: null,
        itemId: null,
        collectionId: null,
        visitorRecord: '',
        data: { filler: 'é'.repeat(500) }, // 1,000 bytes of UTF-8, 500 characters
      });
    for (let i = 0; i < 60; i++) {
      hit(i);
      expect(analyticsTableBytes(store.db, 'analytics_hits')).toBeLessThanOrEqual(20_000);
    }
    const kept = (store.db.prepare('SELECT path FROM analytics_hits ORDER BY id').all() as { path: string }[]).map(
      (r) => r.path,
    );
    expect(kept.at(-1)).toBe('/p59');
    expect(kept.length).toBeGreaterThanOrEqual(17);
    expect(kept).not.toContain('/p0');
    // Rows are contiguous: the oldest went, nothing in between.
    expect(kept).toEqual(kept.map((_, i) => `/p${60 - kept.length + i}`));

    // Each table has its own budget.
    recordErrorReports(store.db, [
      {
        visitorId: 'v',
        event: 'error',
        message: 'm'.repeat(15_000),
        stack: '',
        source: 'test',
        url: '/',
        userAgent: 'ua',
        reported: 0,
      },
    ]);
    expect(analyticsTableBytes(store.db, 'analytics_error_reports')).toBe(15_000 + 1 + 2);
  });
});
