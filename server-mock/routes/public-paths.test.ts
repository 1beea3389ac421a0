import { describe, expect, it } from 'vitest';
import { openTestStore } from '../testing/test-store';

/** A call or page of each route group, as clients know it: a group mounted under a wrong prefix loses it. */
const PUBLIC_ROUTES = [
  'GET /api/commerce/shopping-cart',
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields',
  'DELETE /api/commerce/shopping-cart/token',
  'POST /api/3/commerce/cart/subscription',
  'GET /api/commerce/inventory/stock/',
  'GET /api/commerce/products/:productId/reviews',
  'GET /api/commerce/fullstory/getId',
  'POST /commerce/handoff',
  'POST /api/census/RecordHit',
  'POST /api/events/RecordJavascriptErrors',
  'POST /api/v1/clanker/events',
  'GET /api/1/performance/settings',
  'GET /api/google-maps/places/details',
  'GET /img/:file',
  'POST /api/form/SaveFormSubmission',
  'POST /api/site-users/account/notifications/restock/send/all',
  'GET /api/crumb',
  'DELETE /api/config/catalog/import/:id',
  'POST /api/site-users/account',
  'POST /account/login',
  'PUT /api/multilingual/languages',
  'PUT /api/owner/retention',
  'GET /config/data',
  'GET /settings/billing/upgrade',
  'GET /commerce/order-confirmed/:orderId',
  'GET /robots.txt',
  'GET /shop/p/:slug',
  'POST /cart',
  'GET /journal/:slug',
  'GET /chunks/*',
];

describe('public paths', () => {
  it('every route group answers under its public prefix', () => {
    const { db, app } = openTestStore();
    const routes = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    db.close();
    expect(PUBLIC_ROUTES.filter((route) => !routes.has(route))).toEqual([]);
  });
});
