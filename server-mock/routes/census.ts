import { Hono, type Context } from 'hono';
import { visitorIdOf } from '../http/visitor-id';
import { analyticsGuard, type AnalyticsLimits } from '../middleware/analytics-guard';
import { recordEvents, recordHit, type EventRow } from '../store/analytics';
import type { Db } from '../store/db';
import {
  buttonClick,
  buttonRender,
  formRender,
  hitEventType,
  hitData,
  overlay,
  visitorRecord,
  type CensusPage,
} from '../validation/analytics-payloads';
import { parseJson, refuse, text, type Check } from '../validation/payload-check';
import { readForm, readJson } from '../validation/read-payload';

/** Where the census calls live. */
export const CENSUS_PREFIX = '/api/census';

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

/**
 * The census (storefront spec, section 7): page hits, button clicks and renders, form renders,
 * overlays and quick views. Everything is checked before anything is stored; a bad payload gets
 * 400 `{message}`.
 */
export function censusRoutes(db: Db, limits: AnalyticsLimits): Hono {
  const app = new Hono();
  app.use('/*', ...analyticsGuard(limits));

  app.post('/RecordHit', async (c) => {
    const form = await readForm(c, ['event', 'data', 'ss_cvr']);
    const event = hitEventType(form.event, 'event');
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

  // Events recorded as they come: one row each, named by the call.
  const recordedAsSent: [string, Check<CensusPage>][] = [
    ['button-click', buttonClick],
    ['form-render', formRender],
    ['overlay', overlay],
  ];
  for (const [name, check] of recordedAsSent) {
    app.post(`/${name}`, async (c) => {
      const body = await readJson(c, check);
      recordEvents(db, [pageEvent(c, name, body, body)]);
      return c.json({});
    });
  }

  app.post('/button-render', async (c) => {
    const body = await readJson(c, buttonRender);
    const { buttons, ...page } = body;
    recordEvents(
      db,
      buttons.map((button) => pageEvent(c, 'button-render', body, { ...page, ...button })),
    );
    return c.json({});
  });

  app.post('/RecordQuickView/:itemId', async (c) => {
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

  return app;
}
