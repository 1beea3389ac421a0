import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG_API } from '../../contract/catalog-admin';
import { addButton, censusPage, errorReports, hitForm, pageSpeed } from '../../contract/examples/analytics';
import { FORM } from '../testing/analytics-calls';
import { openTestStore } from '../testing/test-store';
import { json, OWNER, Visitor } from '../testing/visitor';
import { openStore } from './open-store';
import { RESTOCK_SETTINGS_KEY, setSetting } from './settings';

/**
 * Every statement the store runs while serving shoppers and the owner, with SQLite's plan for it:
 * none may read the whole of a table that grows with the store (a `SCAN`), but those listed below.
 */

/** Tables whose rows grow with products, shoppers, sign-ups, e-mails or traffic. */
const GROWING = [
  'products',
  'variants',
  'product_images',
  'variant_images',
  'product_reviews',
  'carts',
  'cart_entries',
  'subscription_carts',
  'site_users',
  'site_user_sessions',
  'restock_sign_ups',
  'restock_groups',
  'outbox',
  'form_submissions',
  'form_submission_keys',
  'captcha_used_tokens',
  'analytics_hits',
  'analytics_events',
  'analytics_error_reports',
  'performance_records',
  'analytics_path_views',
  'analytics_path_visitors',
  'analytics_event_counts',
  'analytics_vital_counts',
];

/** Scans that are meant, and why (matched against the statement's text). */
const MEANT: { sql: RegExp; why: string }[] = [
  {
    sql: /^SELECT id, slug, name, position FROM products ORDER BY position, id$/,
    why: 'the shop order of every product, read once at the first start (then kept up to date)',
  },
  {
    sql: /FROM (analytics_hits|analytics_events|analytics_error_reports|performance_records) ORDER BY id LIMIT/,
    why: 'a trim step reads the oldest rows in row order and stops after its batch',
  },
  {
    sql: /^SELECT path, views, visitors FROM analytics_path_views ORDER BY views DESC, path LIMIT/,
    why: 'the most viewed paths, in the order of their index, stopping after the page',
  },
  {
    sql: /FROM analytics_event_counts c ORDER BY c.count DESC, c.source, c.schema, c.name LIMIT/,
    why: 'the most frequent events, in the order of their index, stopping after the page',
  },
];

const executed = new Set<string>();
let tracing = false;
const { db, app } = openTestStore(
  {},
  openStore(':memory:', { verbose: (sql) => tracing && executed.add(String(sql).trim()) }),
);
afterAll(() => db.close());
setSetting(
  db,
  RESTOCK_SETTINGS_KEY,
  JSON.stringify({ mailingListSignUpEnabled: true, mailingListOptInByDefault: false, captcha: false }),
);

/** The statement's plan, its parameters bound to null. */
function planOf(sql: string): string[] {
  const bare = sql.replace(/'(?:[^']|'')*'/g, "''");
  const names = [...new Set([...bare.matchAll(/[@:$]([A-Za-z_]\w*)/g)].map((m) => m[1] as string))];
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (
    names.length > 0
      ? statement.all(Object.fromEntries(names.map((n) => [n, null])))
      : statement.all(...Array.from({ length: (bare.match(/\?/g) ?? []).length }, () => null))
  ) as { detail: string }[];
  return rows.map((r) => r.detail);
}

/** The statements that read a growing table whole (but those {@link MEANT}), or sort it whole. */
function scansOf(statements: string[]): string[] {
  const scans: string[] = [];
  for (const sql of statements) {
    const plan = planOf(sql);
    const scanned = plan
      .map((detail) => /^SCAN (\w+)/.exec(detail)?.[1])
      .filter((table): table is string => table !== undefined && GROWING.includes(table));
    const text = sql.replace(/\s+/g, ' ');
    const sorted = scanned.length > 0 && plan.some((detail) => detail.includes('TEMP B-TREE'));
    if (scanned.length > 0 && (sorted || !MEANT.some((m) => m.sql.test(text)))) {
      scans.push(`${scanned.join(', ')}: ${text} (${plan.join('; ')})`);
    }
  }
  return scans;
}

/** Whether a statement as run (its values in its text) reads the entries of one cart, named by its id. */
const ofOneCart = (sql: string) => /\bcart_entries\b/.test(sql) && /\b(cart_id|c\.id) = '/.test(sql);

/**
 * The statements of {@link ofOneCart} that read the cart's entries by the sku's hold index, which
 * spans the sku's entries in every cart: a cart has few entries, a sku many.
 */
function oneCartBySku(statements: string[]): string[] {
  return statements.filter(ofOneCart).flatMap((sql) => {
    const plan = planOf(sql);
    return plan.some((detail) => detail.includes('entries_held_by_sku'))
      ? [`${sql.replace(/\s+/g, ' ')} (${plan.join('; ')})`]
      : [];
  });
}

/** A shopper's and the owner's requests, each kind at least once. */
async function workload(): Promise<void> {
  const shopper = new Visitor(() => app);
  const shop = await (await shopper.call('GET', '/shop')).text();
  expect(shop).toContain('48 products');
  for (const path of ['/', '/search?q=linen', '/shop/p/linen-shirt', '/cart', '/contact']) {
    expect((await shopper.call('GET', path)).status, path).toBe(200);
  }
  expect((await shopper.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(200);
  expect((await shopper.add('prod-linen-shirt', 'LS-S-SAND', 2)).status).toBe(200);
  const cart = await json(await shopper.call('GET', '/api/commerce/shopping-cart'));
  const entry = (cart.entries as { id: string }[])[0]?.id ?? '';
  expect((await shopper.call('PUT', `/api/commerce/shopping-cart/entries/${entry}`, { quantity: 2 })).status).toBe(200);
  expect((await shopper.call('GET', '/api/commerce/inventory/stock/?itemId=prod-linen-shirt')).status).toBe(200);
  expect((await shopper.call('GET', '/api/commerce/products/prod-linen-shirt/reviews')).status).toBe(200);
  expect(
    (
      await shopper.call('POST', '/api/site-users/account/notifications/restock', {
        productId: 'prod-ceramic-mug',
        variantId: 'MUG-1',
        siteVisitorEmail: 'ada@example.com',
        isJoinMailingList: false,
      })
    ).status,
  ).toBe(200);
  shopper.cookies.set('ss_cid', 'c0ffee00-0000-4000-8000-000000000009');
  const form = new URLSearchParams(hitForm('/shop') as unknown as Record<string, string>).toString();
  expect((await shopper.call('POST', '/api/census/RecordHit', form, { 'content-type': FORM })).status).toBe(200);
  expect((await shopper.call('POST', '/api/census/button-click', { ...censusPage(), ...addButton() })).status).toBe(
    200,
  );
  expect((await shopper.call('POST', '/api/events/RecordJavascriptErrors', errorReports(1, 'x'))).status).toBe(200);
  const { pageLoadId } = await json(await shopper.call('GET', '/api/1/performance/settings'));
  expect((await shopper.call('POST', '/api/1/performance/records', [pageSpeed(pageLoadId as string)])).status).toBe(
    200,
  );

  const owner = new Visitor(() => app);
  expect((await owner.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  const restock = '/api/site-users/account/notifications/restock';
  for (const path of [
    '/config/analytics',
    '/config/analytics?visitor=c0ffee00-0000-4000-8000-000000000009',
    '/config/outbox',
    '/config/restock',
    `${restock}/groups`,
    `${restock}?productId=prod-ceramic-mug&variantId=MUG-1`,
  ]) {
    expect((await owner.call('GET', path)).status, path).toBe(200);
  }
  const sent = await owner.call('POST', `${restock}/send/all`, {
    sendRequests: [{ productId: 'prod-ceramic-mug', variantId: 'MUG-1' }],
  });
  expect((await json(sent)).sent).toBe(1);
  expect((await owner.call('GET', '/config/outbox')).status).toBe(200);
  const upload = await owner.call(
    'POST',
    `${CATALOG_API}/import?fileName=p.csv`,
    'SKU,Product,Price,Stock\r\nmug-1,,3,1\r\nNEW-1,Linen Shirt,2,2\r\n',
  );
  const { id } = (await json(upload)) as { id: string };
  for (let i = 0; i < 100; i++) {
    const job = await json(await owner.call('GET', `${CATALOG_API}/import/${id}`));
    if (job.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect((await owner.call('GET', '/shop')).status).toBe(200);
  const exported = await owner.call('GET', `${CATALOG_API}/export?fileName=all`);
  expect(await exported.text()).toContain('NEW-1,');
}

describe('query plans', () => {
  it('read no growing table whole, whatever a shopper or the owner asks', async () => {
    tracing = true;
    await workload();
    tracing = false;
    const queries = [...executed].filter((sql) => /^(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql));
    expect(queries.length).toBeGreaterThan(40);
    expect(scansOf(queries)).toEqual([]);
    expect(queries.filter(ofOneCart).length).toBeGreaterThan(3);
    expect(oneCartBySku(queries)).toEqual([]);
  });

  it('read no growing table whole in the triggers that keep the roll-ups', () => {
    const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as {
      name: string;
      sql: string;
    }[];
    expect(triggers.length).toBeGreaterThan(10);
    // Each statement of each body, with the trigger's row (NEW, OLD) as nulls.
    const bodies = triggers.flatMap(({ sql }) =>
      sql
        .slice(sql.search(/\bBEGIN\b/) + 5, sql.lastIndexOf('END'))
        .split(';')
        .map((statement) => statement.trim().replace(/\b(NEW|OLD)\.\w+/g, 'NULL'))
        // A guard that only refuses (RAISE) reads no table, and cannot be planned outside a trigger.
        .filter((statement) => statement !== '' && !/^SELECT RAISE\(/i.test(statement)),
    );
    expect(scansOf(bodies)).toEqual([]);
  });
});
