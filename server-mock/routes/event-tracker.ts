import { Hono } from 'hono';
import { requestCookie } from '../http/request-cookie';
import { visitorIdOf } from '../http/visitor-id';
import { analyticsGuard, type AnalyticsLimits } from '../middleware/analytics-guard';
import { CRUMB_COOKIE } from '../middleware/crumb';
import { recordErrorReports, recordEvents } from '../store/analytics';
import type { Db } from '../store/db';
import {
  customData,
  errorReport,
  MAX_ERROR_REPORTS,
  olderTrackerPage,
  trackerEventName,
} from '../validation/analytics-payloads';
import { list, parseJson, refuse } from '../validation/payload-check';
import { readForm, readJson } from '../validation/read-payload';

/** Where the older event tracker's calls live. */
export const EVENT_TRACKER_PREFIX = '/api/events';
/** The older event tracker's calls: events and the JavaScript error reports. */
const EVENT_TRACKER_PATHS = ['/RecordEvent', '/RecordJavascriptErrors'] as const;
export const EVENT_TRACKER_CALLS = EVENT_TRACKER_PATHS.map((path) => `${EVENT_TRACKER_PREFIX}${path}`);

const OLDER_TRACKER_PAGE_KEYS = new Set([
  'pageHash',
  'pagePath',
  'websiteId',
  'templateId',
  'variantId',
  'memberAccountId',
  'member_locale',
  'website_locale',
]);

/**
 * The older event tracker and the error reporter (storefront spec, section 9). Everything is
 * checked before anything is stored; a bad payload gets 400 `{message}`.
 */
export function eventTrackerRoutes(db: Db, limits: AnalyticsLimits): Hono {
  const app = new Hono();
  for (const path of EVENT_TRACKER_PATHS) app.use(path, ...analyticsGuard(limits));

  app.post('/RecordEvent', async (c) => {
    const form = await readForm(c, ['crumb', 'event', 'data']);
    if (form.crumb !== '' && form.crumb !== requestCookie(c, CRUMB_COOKIE)) {
      refuse('crumb', "must be the visitor's crumb cookie");
    }
    const event = trackerEventName(form.event, 'event');
    const data = parseJson(form.data, 'data');
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return refuse('data', 'must be an object');
    // The page fields are checked as such; the rest is the event's own data.
    const page = Object.create(null) as Record<string, unknown>;
    const own = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of Object.entries(data)) (OLDER_TRACKER_PAGE_KEYS.has(key) ? page : own)[key] = value;
    const pageFields = olderTrackerPage(page, 'data');
    customData(own, 'data');
    recordEvents(db, [
      {
        visitorId: visitorIdOf(c),
        source: 'record-event',
        schema: null,
        name: event,
        pagePath: pageFields.pagePath,
        itemId: null,
        payload: data,
      },
    ]);
    return c.json({});
  });

  app.post('/RecordJavascriptErrors', async (c) => {
    const reports = await readJson(c, list(errorReport, 1, MAX_ERROR_REPORTS));
    const visitorId = visitorIdOf(c);
    recordErrorReports(
      db,
      reports.map((r) => ({ visitorId, event: r.event, ...r.data, reported: r.timestamp })),
    );
    return c.json({});
  });

  return app;
}
