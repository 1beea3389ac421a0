import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CRUMB_COOKIE } from '../middleware/crumb';
import {
  recordErrorReports,
  recordEvents,
  recordHit,
  recordPerformance,
  type EventRow,
  type PerformanceRow,
} from '../store/analytics';
import type { Db } from '../store/db';
import { crumbSecret } from '../store/settings';
import {
  buttonClick,
  buttonRender,
  commerceEventContent,
  customData,
  errorReport,
  EVENT_SCHEMAS,
  eventServiceBody,
  formRender,
  HIT_EVENT_TYPES,
  hitData,
  MAX_ERROR_REPORTS,
  MAX_PERFORMANCE_RECORDS,
  olderTrackerPage,
  overlay,
  PERFORMANCE_RECORDS,
  siteVisitorMetricsContent,
  trackerEventName,
  visitorRecord,
  type CensusPage,
  type EventSchema,
  type PageSpeedRecord,
} from '../validation/analytics-payloads';
import { list, oneOf, parseJson, refuse, text, type Check } from '../validation/payload-check';

/** Calls `navigator.sendBeacon` makes: no custom header can travel with them, so no CSRF header either. */
export const BEACON_PATHS = ['/api/v1/clanker/events', '/api/1/performance/records'] as const;

const ANALYTICS_PREFIXES = ['/api/census/', '/api/v1/clanker/', '/api/1/performance/'];
const ANALYTICS_CALLS = new Set(['/api/events/RecordEvent', '/api/events/RecordJavascriptErrors']);

/** Whether a path is an analytics call (they have a rate limit of their own, apart from the shop's). */
export function isAnalyticsCall(path: string): boolean {
  return ANALYTICS_CALLS.has(path) || ANALYTICS_PREFIXES.some((prefix) => path.startsWith(prefix));
}

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

/** The census visitor id cookie. */
export const VISITOR_ID_COOKIE = 'ss_cid';

const visitorIdPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The census visitor id of the request: the `ss_cid` cookie, else the id in the visitor record sent. */
function visitorIdOf(c: Context, record?: string | null): string | null {
  const cookie = getCookie(c, VISITOR_ID_COOKIE);
  if (cookie && visitorIdPattern.test(cookie)) return cookie;
  const fromRecord = record?.split('|')[0];
  return fromRecord && visitorIdPattern.test(fromRecord) ? fromRecord : null;
}

/** Reads a form-encoded body (whatever its content type says) with exactly these fields. */
async function readForm<const K extends string>(c: Context, fields: readonly K[]): Promise<Record<K, string>> {
  const params = new URLSearchParams(await c.req.text());
  const out = {} as Record<K, string>;
  for (const key of new Set(params.keys())) {
    if (!(fields as readonly string[]).includes(key)) refuse(key, 'is not a known field');
    if (params.getAll(key).length > 1) refuse(key, 'must be sent once');
  }
  for (const key of fields) {
    const value = params.get(key);
    if (value === null) refuse(key, 'is required');
    out[key] = value;
  }
  return out;
}

/** Reads a JSON body whatever its content type says (beacons send text/plain) and checks it. */
async function readJson<T>(c: Context, check: Check<T>): Promise<T> {
  const source = await c.req.text();
  if (source.trim() === '') refuse('The request body', 'must not be empty');
  return check(parseJson(source, 'The request body'), 'body');
}

function pageEvent(c: Context, name: string, page: CensusPage, payload: unknown): EventRow {
  return {
    visitorId: visitorIdOf(c, page.visitorCookie),
    source: 'census',
    schema: null,
    name,
    pagePath: page.pagePath,
    itemId: page.itemId,
    payload,
  };
}

/** Page load ids are signed, so records can only name a page load this server started. */
function pageLoadIds(secret: string) {
  const sign = (nonce: string) =>
    createHmac('sha256', secret).update(`page-load:${nonce}`).digest('base64url').slice(0, 22);
  return {
    issue(): string {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isValid(id: string): boolean {
      const dot = id.indexOf('.');
      if (dot <= 0) return false;
      const expected = Buffer.from(sign(id.slice(0, dot)));
      const given = Buffer.from(id.slice(dot + 1));
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** Reads and checks an event-service body: the schema named, and its content parsed and checked against it. */
function eventServiceEvent(body: { eventSchemaName: EventSchema; eventContent: string }) {
  const raw = parseJson(body.eventContent, 'body.eventContent');
  const content =
    body.eventSchemaName === 'commerce_event'
      ? commerceEventContent(raw, 'eventContent')
      : siteVisitorMetricsContent(raw, 'eventContent');
  if (content.custom_schema_name !== body.eventSchemaName) {
    refuse('eventContent.custom_schema_name', `must be ${body.eventSchemaName}, the schema the event is sent as`);
  }
  const itemId = 'product' in content ? content.product.item_id : content.item_id;
  return { schema: body.eventSchemaName, name: content.event_name, pagePath: content.page_path, itemId, content };
}

function checkRecord(value: unknown, field: string) {
  const type = (value as { recordType?: unknown } | null)?.recordType;
  const check = typeof type === 'string' && Object.hasOwn(PERFORMANCE_RECORDS, type) ? type : null;
  if (!check) return refuse(`${field}.recordType`, `must be one of ${Object.keys(PERFORMANCE_RECORDS).join(', ')}`);
  return PERFORMANCE_RECORDS[check as keyof typeof PERFORMANCE_RECORDS](value, field);
}

/**
 * The analytics calls (storefront spec, sections 7 and 9; platform spec, section 7): census hits
 * and events, the older and newer event trackers, error reports and the performance collector.
 * Everything is checked before anything is stored; a bad payload gets 400 `{message}`.
 */
export function analyticsRoutes(db: Db): Hono {
  const app = new Hono();
  const loads = pageLoadIds(crumbSecret(db));

  app.post('/api/census/RecordHit', async (c) => {
    const form = await readForm(c, ['event', 'data', 'ss_cvr']);
    const event = oneOf(HIT_EVENT_TYPES)(form.event, 'event');
    const data = hitData(parseJson(form.data, 'data'), 'data');
    const record = visitorRecord(form.ss_cvr, 'ss_cvr');
    recordHit(db, {
      visitorId: visitorIdOf(c, record),
      eventType: Number(event),
      path: data.url,
      title: data.title,
      websiteId: data.websiteId,
      itemId: data.itemId,
      collectionId: data.collectionId,
      visitorRecord: record,
      data,
    });
    return c.json({});
  });

  app.post('/api/census/button-click', async (c) => {
    const body = await readJson(c, buttonClick);
    recordEvents(db, [pageEvent(c, 'button-click', body, body)]);
    return c.json({});
  });

  app.post('/api/census/button-render', async (c) => {
    const body = await readJson(c, buttonRender);
    const { buttons, ...page } = body;
    recordEvents(
      db,
      buttons.map((button) => pageEvent(c, 'button-render', body, { ...page, ...button })),
    );
    return c.json({});
  });

  app.post('/api/census/form-render', async (c) => {
    const body = await readJson(c, formRender);
    recordEvents(db, [pageEvent(c, 'form-render', body, body)]);
    return c.json({});
  });

  app.post('/api/census/overlay', async (c) => {
    const body = await readJson(c, overlay);
    recordEvents(db, [pageEvent(c, 'overlay', body, body)]);
    return c.json({});
  });

  app.post('/api/census/RecordQuickView/:itemId', async (c) => {
    const itemId = text(200, 1)(c.req.param('itemId'), 'itemId');
    if ((await c.req.text()).trim() !== '') refuse('The request body', 'must be empty');
    recordEvents(db, [
      {
        visitorId: visitorIdOf(c),
        source: 'census',
        schema: null,
        name: 'quick-view',
        pagePath: null,
        itemId,
        payload: { itemId },
      },
    ]);
    return c.json({});
  });

  app.post('/api/events/RecordEvent', async (c) => {
    const form = await readForm(c, ['crumb', 'event', 'data']);
    if (form.crumb !== '' && form.crumb !== getCookie(c, CRUMB_COOKIE)) {
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

  app.post('/api/events/RecordJavascriptErrors', async (c) => {
    const reports = await readJson(c, list(errorReport, 1, MAX_ERROR_REPORTS));
    const visitorId = visitorIdOf(c);
    recordErrorReports(
      db,
      reports.map((r) => ({ visitorId, event: r.event, ...r.data, reported: r.timestamp })),
    );
    return c.json({});
  });

  app.post('/api/v1/clanker/events', async (c) => {
    const event = eventServiceEvent(await readJson(c, eventServiceBody));
    recordEvents(db, [
      {
        visitorId: visitorIdOf(c),
        source: 'event-service',
        schema: event.schema,
        name: event.name,
        pagePath: event.pagePath,
        itemId: event.itemId,
        payload: event.content,
      },
    ]);
    return c.json({}, 202);
  });

  // Validation mode: the same checks, nothing stored.
  app.post('/api/v1/clanker/validate-event-content/:schema', async (c) => {
    const schema = oneOf(EVENT_SCHEMAS)(c.req.param('schema'), 'The schema in the path');
    const body = await readJson(c, eventServiceBody);
    if (body.eventSchemaName !== schema) refuse('body.eventSchemaName', `must be ${schema}, the schema in the path`);
    eventServiceEvent(body);
    return c.json({ valid: true });
  });

  app.get('/api/1/performance/settings', (c) => c.json({ pageLoadId: loads.issue() }));

  app.post('/api/1/performance/records', async (c) => {
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
