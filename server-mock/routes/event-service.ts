import { Hono } from 'hono';
import { visitorIdOf } from '../http/visitor-id';
import { analyticsGuard, type AnalyticsLimits } from '../middleware/analytics-guard';
import { recordEvents } from '../store/analytics';
import type { Db } from '../store/db';
import {
  commerceEventContent,
  EVENT_SCHEMAS,
  eventServiceBody,
  siteVisitorMetricsContent,
  type EventSchema,
} from '../validation/analytics-payloads';
import { oneOf, parseJson, refuse } from '../validation/payload-check';
import { readJson } from '../validation/read-payload';

/** Where the event service's calls live. */
export const EVENT_SERVICE_PREFIX = '/api/v1/clanker';

/** The call `navigator.sendBeacon` makes: no custom header can travel with it, so no CSRF header either. */
export const EVENT_SERVICE_BEACON = '/api/v1/clanker/events';

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

/**
 * The newer event tracker's event service (storefront spec, section 9; platform spec, section 7):
 * commerce and site-visitor-metrics events, and their validation mode. Everything is checked
 * before anything is stored; a bad payload gets 400 `{message}`.
 */
export function eventServiceRoutes(db: Db, limits: AnalyticsLimits): Hono {
  const app = new Hono();
  app.use('/*', ...analyticsGuard(limits, [EVENT_SERVICE_BEACON]));

  app.post('/events', async (c) => {
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
  app.post('/validate-event-content/:schema', async (c) => {
    const schema = oneOf(EVENT_SCHEMAS)(c.req.param('schema'), 'The schema in the path');
    const body = await readJson(c, eventServiceBody);
    if (body.eventSchemaName !== schema) refuse('body.eventSchemaName', `must be ${schema}, the schema in the path`);
    eventServiceEvent(body);
    return c.json({ valid: true });
  });

  return app;
}
