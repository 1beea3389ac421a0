/**
 * `npm run test:abuse`: replays the load and attack cases of the reliability issue against
 * server-mock over real HTTP on loopback (each case its own in-memory store on a free port), prints
 * what happened, and exits non-zero when a case does not hold. Bounded: about half a minute.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '../server-mock/app';
import { analyticsTableBytes } from '../server-mock/store/analytics';
import { openStore } from '../server-mock/store/open-store';
import { overHttp, Visitor } from '../server-mock/testing/visitor';

interface Row {
  name: string;
  figure: string;
  holds: boolean;
}
const rows: Row[] = [];

/** A store on a free loopback port for one case; `stop` closes both. */
async function startStore(options: Partial<AppOptions> = {}) {
  const db = openStore(':memory:');
  const app = createApp({ db, distDir: 'dist', ...options });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    db,
    base,
    stop: () => new Promise<void>((resolve) => server.close(() => (db.close(), resolve()))),
  };
}

/** A browser without JavaScript over real HTTP: keeps its cookies and echoes the crumb like the storefront. */
class Client extends Visitor {
  constructor(base: string) {
    const target = overHttp(base);
    super(() => target);
  }
}

const plenty = { limit: 1_000_000, windowMs: 10_000 };
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function lastUnit() {
  const store = await startStore({ rateLimit: plenty, addressRateLimit: plenty });
  const statuses = await Promise.all(
    Array.from({ length: 100 }, async () => {
      const client = new Client(store.base);
      const body = { itemId: 'prod-brass-lantern', sku: 'LANTERN-1', quantity: 1 };
      return (await client.call('POST', '/api/commerce/shopping-cart/entries', body)).status;
    }),
  );
  rows.push({
    name: '100 concurrent adds of the last unit',
    figure: `${count(statuses, 200)} added, ${count(statuses, 409)} sold out, ${statuses.length - count(statuses, 200) - count(statuses, 409)} other`,
    holds: count(statuses, 200) === 1 && count(statuses, 409) === 99,
  });
  await store.stop();
}

async function stockLock() {
  let now = Date.UTC(2026, 0, 1);
  const store = await startStore({ rateLimit: plenty, addressRateLimit: plenty, now: () => now });
  const limited = store.db
    .prepare('SELECT product_id, sku, qty_in_stock FROM variants WHERE unlimited = 0 AND qty_in_stock > 0')
    .all() as { product_id: string; sku: string; qty_in_stock: number }[];
  const units = limited.reduce((n, v) => n + v.qty_in_stock, 0);
  // Seven anonymous visitors each hold a share of every limited variant.
  for (let i = 0; i < 7; i++) {
    const robot = new Client(store.base);
    for (const v of limited) {
      const quantity = Math.ceil(v.qty_in_stock / 7);
      await robot.call('POST', '/api/commerce/shopping-cart/entries', { itemId: v.product_id, sku: v.sku, quantity });
    }
  }
  const left = async () => {
    let n = 0;
    for (const product of new Set(limited.map((v) => v.product_id))) {
      const stock = (await (
        await new Client(store.base).call('GET', `/api/commerce/inventory/stock/?itemId=${product}`)
      ).json()) as { results: { qtyInStock: number; unlimited: boolean }[] };
      n += stock.results.reduce((sum, r) => sum + (r.unlimited ? 0 : r.qtyInStock), 0);
    }
    return n;
  };
  const during = await left();
  now += 30 * 60_000;
  const after = await left();
  rows.push({
    name: '7 carts lock every limited unit',
    figure: `${units} units: ${during} left while held, ${after} left 30 min later`,
    holds: during < units && after === units,
  });
  await store.stop();
}

async function cookieDropping() {
  const store = await startStore();
  const statuses: number[] = [];
  let retryAfter = false;
  for (let i = 0; i < 60; i++) {
    const fresh = new Client(store.base); // a new crumb for every call
    const response = await fresh.call('POST', '/api/commerce/shopping-cart/entries', {
      itemId: 'prod-field-guide',
      sku: 'GUIDE-PDF',
      quantity: 1,
    });
    statuses.push(response.status);
    retryAfter ||= response.status === 429 && Number(response.headers.get('retry-after')) > 0;
  }
  rows.push({
    name: '60 adds, each with a fresh crumb',
    figure: `${count(statuses, 200)} accepted, ${count(statuses, 429)} refused (429, Retry-After: ${retryAfter})`,
    holds: count(statuses, 200) <= 50 && count(statuses, 429) >= 10 && retryAfter,
  });
  await store.stop();
}

async function analyticsFlood() {
  const store = await startStore();
  const report = (i: number) => ({
    event: 'javascript-error',
    data: { message: 'x'.repeat(1000), stack: 's'.repeat(5000), source: 'abuse', url: '/', userAgent: 'robot' },
    timestamp: 1_795_310_813_944 + i,
  });
  const body = Array.from({ length: 10 }, (_, i) => report(i));
  const size = Buffer.byteLength(JSON.stringify(body));
  const until = Date.now() + 5_000;
  let accepted = 0;
  let refused = 0;
  let sent = 0;
  while (Date.now() < until) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, () => new Client(store.base).call('POST', '/api/events/RecordJavascriptErrors', body)),
    );
    for (const r of batch) {
      sent += 1;
      if (r.status === 200) accepted += 1;
      else if (r.status === 429) refused += 1;
    }
  }
  const stored = analyticsTableBytes(store.db, 'analytics_error_reports');
  rows.push({
    name: 'analytics flood, 5 s, fresh cookies per call',
    figure: `${sent} calls of ${(size / 1024).toFixed(0)} KB: ${accepted} stored, ${refused} refused; ${(stored / 1e6).toFixed(1)} MB kept`,
    holds: stored <= 8 * 1024 * 1024 && refused > 0,
  });
  await store.stop();
}

async function subscriptions() {
  const store = await startStore({ rateLimit: plenty, addressRateLimit: plenty });
  store.db.prepare("UPDATE variants SET unlimited = 0, qty_in_stock = 1 WHERE sku = 'COFFEE-BEAN'").run();
  const statuses = await Promise.all(
    Array.from(
      { length: 100 },
      async () =>
        (
          await new Client(store.base).call('POST', '/api/3/commerce/cart/subscription', {
            itemId: 'prod-coffee-club',
            sku: 'COFFEE-BEAN',
            qty: 1,
          })
        ).status,
    ),
  );
  rows.push({
    name: '100 concurrent subscription checkouts, stock 1',
    figure: `${count(statuses, 200)} accepted, ${count(statuses, 409)} sold out`,
    holds: count(statuses, 200) === 1 && count(statuses, 409) === 99,
  });
  await store.stop();
}

async function hostileInput() {
  const store = await startStore({ rateLimit: plenty, addressRateLimit: plenty });
  const client = new Client(store.base);
  const add = (additionalFields: string) =>
    client.call('POST', '/api/commerce/shopping-cart/entries', {
      itemId: 'prod-engraved-pen',
      sku: 'PEN-BRASS',
      quantity: 1,
      additionalFields,
    });
  const deep = `{"engraving-text":${'['.repeat(9_000)}${']'.repeat(9_000)},"engraving-font":"Serif"}`;
  const long = JSON.stringify({ 'engraving-text': 'x'.repeat(500), 'engraving-font': 'Serif' });
  const junk = ['{"itemId":', '[1,2]', 'null', '"x"', '{"itemId":{"$gt":""}}', 'x'.repeat(70_000)];
  const statuses = [
    (await add(deep)).status,
    (await add(long)).status,
    ...(await Promise.all(
      junk.map(async (b) => (await client.call('POST', '/api/commerce/shopping-cart/entries', b)).status),
    )),
    (await client.call('GET', '/api/commerce/shopping-cart', undefined, { host: 'evil.example' })).status,
  ];
  const served = await client.call('GET', '/shop');
  const headers = ['x-content-type-options', 'x-frame-options', 'referrer-policy'].filter((h) => served.headers.has(h));
  rows.push({
    name: 'hostile input (deep, long, malformed, Host)',
    figure: `statuses ${[...new Set(statuses)].sort().join(', ')}; no 5xx: ${statuses.every((s) => s < 500)}; page headers ${headers.length}/3`,
    holds: statuses.slice(0, -1).every((s) => s >= 400 && s < 500) && headers.length === 3,
  });
  await store.stop();
}

const started = Date.now();
for (const run of [lastUnit, stockLock, cookieDropping, analyticsFlood, subscriptions, hostileInput]) await run();
const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) console.log(`${r.holds ? 'holds ' : 'FAILS '} ${r.name.padEnd(width)}  ${r.figure}`);
const failed = rows.filter((r) => !r.holds).length;
console.log(`${rows.length - failed} held, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exitCode = failed > 0 ? 1 : 0;
