import { Hono } from 'hono';
import type { PerformanceSettings } from '../../contract/analytics';
import { pageLoadIds } from '../http/page-load-ids';
import { visitorIdOf } from '../http/visitor-id';
import { analyticsGuard, type AnalyticsLimits } from '../middleware/analytics-guard';
import { recordPerformance, type PerformanceRow } from '../store/analytics';
import type { Db } from '../store/db';
import { crumbSecret } from '../store/settings';
import { MAX_PERFORMANCE_RECORDS, PERFORMANCE_RECORDS, type PageSpeedRecord } from '../validation/analytics-payloads';
import { list, refuse } from '../validation/payload-check';
import { readJson } from '../validation/read-payload';

/** Where the performance collector's calls live. */
export const PERFORMANCE_PREFIX = '/api/1/performance';

/** The call `navigator.sendBeacon` makes: no custom header can travel with it, so no CSRF header either. */
export const PERFORMANCE_BEACON = '/api/1/performance/records';

function checkRecord(value: unknown, field: string) {
  const type = (value as { recordType?: unknown } | null)?.recordType;
  const check = typeof type === 'string' && Object.hasOwn(PERFORMANCE_RECORDS, type) ? type : null;
  if (!check) return refuse(`${field}.recordType`, `must be one of ${Object.keys(PERFORMANCE_RECORDS).join(', ')}`);
  return PERFORMANCE_RECORDS[check as keyof typeof PERFORMANCE_RECORDS](value, field);
}

/**
 * The performance collector (platform spec, section 7): signed page-load ids and the records
 * (page speed, images, user timings) that name them. Everything is checked before anything is
 * stored; a bad payload gets 400 `{message}`.
 */
export function performanceRoutes(db: Db, limits: AnalyticsLimits): Hono {
  const app = new Hono();
  const loads = pageLoadIds(crumbSecret(db));
  app.use('/*', ...analyticsGuard(limits, [PERFORMANCE_BEACON]));

  app.get('/settings', (c) => c.json({ pageLoadId: loads.issue() } satisfies PerformanceSettings));

  app.post('/records', async (c) => {
    const records = await readJson(c, list(checkRecord, 1, MAX_PERFORMANCE_RECORDS));
    records.forEach((r, i) => {
      if (!loads.isValid(r.pageLoadId)) refuse(`body[${i}].pageLoadId`, 'is not a page load this server started');
    });
    const visitorId = visitorIdOf(c);
    const rows = records.map((r): PerformanceRow => {
      if (r.recordType !== 'page-speed') {
        return { visitorId, pageLoadId: r.pageLoadId, recordType: r.recordType, pathname: null, vitals: null, data: r };
      }
      const t = (r as PageSpeedRecord).timings;
      return {
        visitorId,
        pageLoadId: r.pageLoadId,
        recordType: 'page-speed',
        pathname: (r as PageSpeedRecord).pathname,
        vitals: {
          lcp: t.largestContentfulPaint,
          fcp: t.firstContentfulPaint,
          cls: t.cumulativeLayoutShift,
          inp: t.interactionToNextPaint,
          fid: t.firstInputDelay,
        },
        data: r,
      };
    });
    recordPerformance(db, rows);
    return c.json({});
  });

  return app;
}
