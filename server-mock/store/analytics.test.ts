import { describe, expect, it } from 'vitest';
import { MAX_ANALYTICS_ROWS, recordHit, recordPerformance, vitalDistribution } from './analytics';
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
});
