import { Hono } from 'hono';
import type { AnalyticsLimits } from '../middleware/analytics-guard';
import type { Db } from '../store/db';
import { CENSUS_PREFIX, censusRoutes } from './census';
import { EVENT_SERVICE_PREFIX, eventServiceRoutes } from './event-service';
import { EVENT_TRACKER_CALLS, EVENT_TRACKER_PREFIX, eventTrackerRoutes } from './event-tracker';
import { PERFORMANCE_PREFIX, performanceRoutes } from './performance';

const ANALYTICS_PREFIXES = [CENSUS_PREFIX, EVENT_SERVICE_PREFIX, PERFORMANCE_PREFIX];
/** The paths below each prefix start so (made once: the shop's middleware asks per request). */
const ANALYTICS_FOLDERS = ANALYTICS_PREFIXES.map((prefix) => `${prefix}/`);
const ANALYTICS_CALLS = new Set<string>(EVENT_TRACKER_CALLS);

/**
 * Whether a path is an analytics call: the analytics groups guard it with their own body and
 * rate limits and crumb check, apart from the shop's.
 */
export function isAnalyticsCall(path: string): boolean {
  if (ANALYTICS_CALLS.has(path)) return true;
  for (let i = 0; i < ANALYTICS_PREFIXES.length; i += 1) {
    if (path === ANALYTICS_PREFIXES[i] || path.startsWith(ANALYTICS_FOLDERS[i] as string)) return true;
  }
  return false;
}

/**
 * The analytics calls (storefront spec, sections 7 and 9; platform spec, section 7), in four
 * groups: the census, the older event tracker (with the error reports), the event service and
 * the performance collector. All four share one analytics rate limit (`limits.rateLimit`).
 */
export function analyticsRoutes(db: Db, limits: AnalyticsLimits): Hono {
  const app = new Hono();
  app.route(CENSUS_PREFIX, censusRoutes(db, limits));
  app.route(EVENT_TRACKER_PREFIX, eventTrackerRoutes(db, limits));
  app.route(EVENT_SERVICE_PREFIX, eventServiceRoutes(db, limits));
  app.route(PERFORMANCE_PREFIX, performanceRoutes(db, limits));
  return app;
}
