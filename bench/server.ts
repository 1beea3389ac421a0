/**
 * `npm run bench:server`: server-mock's add to cart, cart and product page against a minimal
 * server of the two cart calls on the same stack (bench/server-baseline.ts), in one run on
 * loopback. Each server gets a fresh WAL database file in a temp folder and a free port; autocannon
 * runs in a child process (bench/server-load.ts) on 10 keep-alive connections, 1 s of warm-up then
 * 5 s measured (BENCH_SECONDS changes the 5). server-mock runs with its per-visitor and per-address
 * limits raised to a billion calls per 10 s: the load comes from one address, and the limits'
 * work per request is still done. The product page is also measured as a static file: the bytes
 * server-mock answered, served by @hono/node-server's serveStatic. Afterwards no variant may hold
 * more units than it has, in either database. Exits non-zero when a goal of issue 36 fails.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createApp } from '../server-mock/app';
import { openStore } from '../server-mock/store/open-store';
import { SERVER_GOALS } from './report';
import { baselineApp, openBaselineDb } from './server-baseline';
import type { LoadResult, LoadSpec } from './server-load';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The measured variant: plenty of stock, so every add succeeds; a fresh cart every 20 adds. */
const ITEM = { itemId: 'prod-linen-shirt', sku: 'LS-S-SAND', quantity: 1 };
const STOCK = 10_000_000;
const ADDS_PER_CART = 20;
const PLENTY = { limit: 1_000_000_000, windowMs: 10_000 };
const PRODUCT_PAGE = '/shop/p/linen-shirt';
const CART = '/api/commerce/shopping-cart';
const ENTRIES = '/api/commerce/shopping-cart/entries';

interface Running {
  base: string;
  stop: () => Promise<void>;
}

async function listen(app: { fetch: Parameters<typeof serve>[0]['fetch'] }): Promise<Running> {
  const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A visitor's cookies after one GET (the crumb) and `adds` adds to cart (the cart). */
async function visitor(base: string, adds = 0): Promise<{ crumb: string; cookie: string }> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const match = /^([^=]+)=([^;]*)/.exec(line);
      if (match?.[1] && match[2] !== undefined) cookies.set(match[1], match[2]);
    }
  };
  remember(await fetch(base + CART));
  const crumb = cookies.get('crumb');
  if (!crumb) throw new Error(`${base} gave no crumb`);
  for (let i = 0; i < adds; i += 1) {
    const response = await fetch(base + ENTRIES, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': crumb,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(ITEM),
    });
    if (response.status !== 200) throw new Error(`add to cart: ${response.status} ${await response.text()}`);
    remember(response);
  }
  return { crumb, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** Runs autocannon in its own process. */
async function load(url: string, kind: LoadSpec['kind']): Promise<LoadResult & { cpuUs: number }> {
  const spec: LoadSpec = { url, connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS, kind };
  // The servers run in this process: its CPU time per answered request, warm-up included, does
  // not depend on what else the machine runs (req/s does, on shared cores).
  const cpu = process.cpuUsage();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'server-load.ts'), JSON.stringify(spec)],
    { maxBuffer: 1 << 20 },
  );
  const used = process.cpuUsage(cpu);
  const parsed = JSON.parse(stdout.trim().split('\n').pop() ?? '') as LoadResult;
  const result = { ...parsed, cpuUs: (used.user + used.system) / Math.max(1, parsed.ok + parsed.non2xx) };
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url} ${JSON.stringify(kind).slice(0, 60)}: ${JSON.stringify(result)}`);
  }
  return result;
}

/** Serves the bytes `url` answers (with `cookie`) as a static file at the same path, from `root`. */
async function staticCopy(url: string, cookie: string, root: string): Promise<Running> {
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const folder = join(root, new URL(url).pathname);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), Buffer.from(await response.arrayBuffer()));
  return listen(new Hono().use('*', serveStatic({ root })));
}

async function addLoad(base: string): Promise<LoadResult & { cpuUs: number }> {
  const crumbs = await Promise.all(Array.from({ length: CONNECTIONS }, async () => (await visitor(base)).crumb));
  return load(base, { add: ENTRIES, body: ITEM, crumbs, addsPerCart: ADDS_PER_CART });
}

async function cartLoad(base: string): Promise<LoadResult & { cpuUs: number }> {
  return load(base, { get: CART, cookie: (await visitor(base, 3)).cookie });
}

type Measured = LoadResult & { cpuUs: number };

export interface ServerFigures {
  mock: { add: Measured; cart: Measured; page: Measured };
  /** `page`: the product page as a static file. */
  baseline: { add: Measured; cart: Measured; page: Measured };
  lines: string[];
  failures: string[];
}

/** Measures both servers; `failures` lists the goals that do not hold. */
export async function serverBench(): Promise<ServerFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const mockDb = openStore(join(dir, 'store.db'));
  mockDb.prepare('UPDATE variants SET qty_in_stock = ?, unlimited = 0 WHERE sku = ?').run(STOCK, ITEM.sku);
  const baseDb = openBaselineDb(join(dir, 'baseline.db'), [
    { sku: ITEM.sku, productId: ITEM.itemId, title: 'Linen Shirt', priceCents: 4800, stock: STOCK },
  ]);
  const distDir = process.env.DIST_DIR ?? 'dist';
  const mock = await listen(createApp({ db: mockDb, distDir, rateLimit: PLENTY, addressRateLimit: PLENTY }));
  const baseline = await listen(baselineApp(baseDb));
  try {
    // Each pair back to back, so that the other load on a shared machine skews both alike.
    const bAdd = await addLoad(baseline.base);
    const mAdd = await addLoad(mock.base);
    const bCart = await cartLoad(baseline.base);
    const mCart = await cartLoad(mock.base);
    const pageCookie = (await visitor(mock.base, 1)).cookie;
    const staticPage = await staticCopy(mock.base + PRODUCT_PAGE, pageCookie, join(dir, 'static'));
    const sPage = await load(staticPage.base, { get: PRODUCT_PAGE, cookie: pageCookie });
    await staticPage.stop();
    const page = await load(mock.base, { get: PRODUCT_PAGE, cookie: pageCookie });
    const b = { add: bAdd, cart: bCart, page: sPage };
    const m = { add: mAdd, cart: mCart, page };

    const failures: string[] = [];
    // Zero oversell, and every answered add holds its unit.
    const now = Date.now();
    const over = mockDb
      .prepare(
        `SELECT v.sku FROM variants v WHERE v.unlimited = 0 AND v.qty_in_stock <
           (SELECT COALESCE(SUM(e.quantity), 0) FROM cart_entries e JOIN carts c ON c.id = e.cart_id
            WHERE e.sku = v.sku AND c.is_purchased = 0 AND e.held_until > ?)`,
      )
      .all(now) as { sku: string }[];
    const mockHeld = (
      mockDb.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_entries WHERE sku = ?').get(ITEM.sku) as {
        n: number;
      }
    ).n;
    const baseHeld = (
      baseDb.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_items WHERE sku = ?').get(ITEM.sku) as {
        n: number;
      }
    ).n;
    const baseStock = (baseDb.prepare('SELECT stock FROM variants WHERE sku = ?').get(ITEM.sku) as { stock: number })
      .stock;
    if (over.length > 0) failures.push(`server-mock oversold ${over.map((o) => o.sku).join(', ')}`);
    // Answered adds, plus the setup's 4 (server-mock) and 3 (baseline), plus at most one per
    // connection and run that the server answered after autocannon stopped counting.
    const answered = (held: number, ok: number) => held >= ok && held <= ok + 2 * CONNECTIONS;
    if (!answered(mockHeld, m.add.ok + 4))
      failures.push(`server-mock holds ${mockHeld} units after ${m.add.ok + 4} adds`);
    if (baseHeld + baseStock !== STOCK || !answered(baseHeld, b.add.ok + 3)) {
      failures.push(`baseline: ${baseHeld} in carts + ${baseStock} in stock after ${b.add.ok + 3} adds`);
    }

    const ratio = (x: LoadResult, y: LoadResult) => x.rps / y.rps;
    const cpuRatio = (x: Measured, y: Measured) => (y.cpuUs / x.cpuUs).toFixed(2);
    const fmt = (r: Measured) =>
      `${Math.round(r.rps).toLocaleString('en-US')} req/s, p99 ${r.p99} ms, ${Math.round(r.cpuUs)} µs CPU/req`;
    const lines = [
      `add to cart  server-mock ${fmt(m.add)}  baseline ${fmt(b.add)}  ${ratio(m.add, b.add).toFixed(2)}x (by CPU/req ${cpuRatio(m.add, b.add)}x)`,
      `cart         server-mock ${fmt(m.cart)}  baseline ${fmt(b.cart)}  ${ratio(m.cart, b.cart).toFixed(2)}x (by CPU/req ${cpuRatio(m.cart, b.cart)}x)`,
      `product page server-mock ${fmt(m.page)}  static file ${fmt(b.page)}  ${ratio(m.page, b.page).toFixed(2)}x (by CPU/req ${cpuRatio(m.page, b.page)}x)`,
      `oversell: none beyond stock in either database (${mockHeld} / ${baseHeld} units held of ${STOCK.toLocaleString('en-US')}); ` +
        'the last-unit race (100 concurrent adds of a stock-1 variant, one wins) is `npm run test:abuse`',
    ];
    if (!existsSync(join(distDir, 'preload-manifest.json'))) {
      lines.push(`note: no ${distDir}/preload-manifest.json (not built): the page has no modulepreload links`);
    }
    for (const what of ['add', 'cart', 'page'] as const) {
      const share = ratio(m[what], b[what]);
      if (share < SERVER_GOALS[what]) failures.push(`${what} ${share.toFixed(2)}x < ${SERVER_GOALS[what]}x`);
    }
    return { mock: m, baseline: b, lines, failures };
  } finally {
    await mock.stop();
    await baseline.stop();
    mockDb.close();
    baseDb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const { lines, failures } = await serverBench();
  for (const line of lines) console.log(line);
  for (const failure of failures) console.log(`FAIL: ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
