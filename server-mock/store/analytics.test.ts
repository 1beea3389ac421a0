import { describe, expect, it } from 'vitest';
import {
  analyticsTableBytes,
  analyticsTotals,
  analyticsTrimmed,
  eventCounts,
  MAX_ANALYTICS_ROWS,
  pageViewsByPath,
  performanceCounts,
  recordErrorReports,
  recordEvents,
  recordHit,
  recordPerformance,
  setAnalyticsCaps,
  vitalDistribution,
  type HitRow,
} from './analytics';
import { analyticsCalls } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

const { count } = analyticsCalls(store);

/** A page-view hit on `path`, with what the test gives. */
const hitRow = (path: string, row: Partial<HitRow> = {}): HitRow => ({
  visitorId: null,
  eventType: 1,
  path,
  title: '',
  websiteId: null,
  itemId: null,
  collectionId: null,
  visitorRecord: '',
  data: {},
  ...row,
});

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

  it('keeps the latest rows of a table only, trimmed after the call that crossed the cap', async () => {
    const insert = store.db.prepare(
      "INSERT INTO analytics_hits (created, event_type, path, title, data) VALUES (0, 1, '/old', '', '{}')",
    );
    store.db.transaction(() => {
      for (let i = 0; i < MAX_ANALYTICS_ROWS; i++) insert.run();
    })();
    recordHit(store.db, hitRow('/new'));
    expect(count('analytics_hits')).toBe(MAX_ANALYTICS_ROWS + 1);
    await analyticsTrimmed(store.db);
    expect(count('analytics_hits')).toBe(MAX_ANALYTICS_ROWS);
    expect(count('analytics_hits', "path = '/new'")).toBe(1);
    expect((store.db.prepare('SELECT MIN(id) AS id FROM analytics_hits').get() as { id: number }).id).toBe(2);
  });

  it('keeps a table under its byte cap, dropping the oldest rows first', async () => {
    setAnalyticsCaps(store.db, { rows: MAX_ANALYTICS_ROWS, bytes: 20_000 });
    const hit = (i: number) =>
      // 1,000 bytes of UTF-8, 500 characters
      recordHit(store.db, hitRow(`/p${i}`, { visitorId: 'v', data: { filler: 'é'.repeat(500) } }));
    for (let i = 0; i < 60; i++) {
      hit(i);
      await analyticsTrimmed(store.db);
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

describe('analytics roll-ups', () => {
  it('add up to what the rows say, after inserts and deletes', async () => {
    const db = store.db;
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    setAnalyticsCaps(db, { rows: 150, bytes: MAX_ANALYTICS_ROWS * 1000 });
    for (let i = 0; i < 400; i++) {
      const visitorId = random(4) === 0 ? null : `v${random(6)}`;
      recordHit(db, hitRow(`/p${random(9)}`, { visitorId, eventType: random(3) === 0 ? 10 : 1 }));
      recordEvents(db, [
        {
          visitorId,
          source: random(2) === 0 ? 'census' : 'event-service',
          schema: random(2) === 0 ? null : 's',
          name: `e${random(4)}`,
          pagePath: null,
          itemId: null,
          payload: {},
        },
      ]);
      const ms = () => (random(5) === 0 ? null : random(130_000) / 2 + random(7) / 10);
      recordPerformance(db, [
        {
          visitorId,
          pageLoadId: `load-${i}`,
          recordType: 'page-speed',
          pathname: '/',
          vitals: { lcp: ms(), fcp: ms(), cls: random(3000) / 1000, inp: ms(), fid: null },
          data: {},
        },
      ]);
      if (i % 50 === 0) await analyticsTrimmed(db);
    }
    await analyticsTrimmed(db);
    const all = <T>(sql: string) => db.prepare(sql).all() as T[];
    expect(count('analytics_hits')).toBe(150);

    expect(pageViewsByPath(db)).toEqual(
      all(`SELECT path, COUNT(*) AS views, COUNT(DISTINCT visitor_id) AS visitors FROM analytics_hits
           WHERE event_type = 1 GROUP BY path ORDER BY views DESC, path`),
    );
    expect(eventCounts(db)).toEqual(
      all(`SELECT source, schema, name, COUNT(*) AS count FROM analytics_events
           GROUP BY source, schema, name ORDER BY count DESC, source, schema, name`),
    );
    expect(analyticsTotals(db)).toEqual({
      pageViews: count('analytics_hits', 'event_type = 1'),
      events: count('analytics_events'),
      errorReports: 0,
    });
    expect(performanceCounts(db)['page-speed']).toBe(count('performance_records'));
    expect(analyticsTableBytes(db, 'analytics_hits')).toBe(
      all<{ n: number }>(
        'SELECT SUM(length(CAST(data AS BLOB)) + length(CAST(path AS BLOB)) + length(CAST(title AS BLOB))) AS n FROM analytics_hits',
      )[0]?.n,
    );
    const raw = (vital: 'lcp' | 'cls' | 'inp', width: number, bins: number) => {
      const values = all<{ v: number }>(
        `SELECT ${vital} AS v FROM performance_records WHERE ${vital} IS NOT NULL ORDER BY ${vital}`,
      ).map((r) => Math.min(r.v, vital === 'cls' ? 10 : 60_000));
      const counts = Array.from({ length: bins + 1 }, () => 0);
      for (const v of values) counts[Math.min(Math.floor(v / width + 1e-9), bins)]! += 1;
      return { counts, total: values.length, p75: values[Math.ceil(values.length * 0.75) - 1] };
    };
    for (const [vital, width, bins, precision] of [
      ['lcp', 500, 10, 0.5],
      ['cls', 0.05, 8, 0.0005],
      ['inp', 50, 12, 0.5],
      ['inp', 30, 12, 0.5],
    ] as const) {
      const rolled = vitalDistribution(db, vital, { width, bins });
      const expected = raw(vital, width, bins);
      expect(rolled.counts).toEqual(expected.counts);
      expect(rolled.total).toBe(expected.total);
      expect(rolled.p75).toBeLessThanOrEqual(expected.p75 as number);
      expect(rolled.p75).toBeGreaterThan((expected.p75 as number) - precision);
    }
  });
});
