/**
 * The ceiling of `npm run bench:server`: the two cart calls on the same stack as server-mock (Hono,
 * better-sqlite3, a WAL file database with openDb's pragmas) and nothing else but what every such
 * server needs: a signed crumb cookie echoed in `X-CSRF-Token` (HMAC-SHA256), a per-visitor rate
 * limit (a fixed window per crumb and address), and add to cart as one immediate transaction that
 * checks and decrements the variant's stock.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

export interface BaselineVariant {
  sku: string;
  productId: string;
  title: string;
  priceCents: number;
  stock: number;
}

interface CartRow {
  sku: string;
  product_id: string;
  title: string;
  price_cents: number;
  quantity: number;
}

export function openBaselineDb(file: string, variants: readonly BaselineVariant[]): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS variants (sku TEXT PRIMARY KEY, product_id TEXT NOT NULL, title TEXT NOT NULL,
      price_cents INTEGER NOT NULL, stock INTEGER NOT NULL CHECK (stock >= 0));
    CREATE TABLE IF NOT EXISTS carts (id TEXT PRIMARY KEY, created INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS cart_items (cart_id TEXT NOT NULL REFERENCES carts(id), sku TEXT NOT NULL REFERENCES variants(sku),
      quantity INTEGER NOT NULL, PRIMARY KEY (cart_id, sku));
  `);
  const insert = db.prepare('INSERT OR REPLACE INTO variants VALUES (?, ?, ?, ?, ?)');
  for (const v of variants) insert.run(v.sku, v.productId, v.title, v.priceCents, v.stock);
  return db;
}

export function baselineApp(db: Database.Database, secret = randomBytes(32).toString('hex')) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 32);
  const valid = (crumb: string | undefined): crumb is string => {
    const dot = crumb?.indexOf('.') ?? -1;
    if (!crumb || dot <= 0) return false;
    const expected = Buffer.from(sign(crumb.slice(0, dot)));
    const given = Buffer.from(crumb.slice(dot + 1));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const windows = new Map<string, { count: number; resetAt: number }>();
  const LIMIT = 1_000_000_000;

  const variant = db.prepare('SELECT stock FROM variants WHERE sku = ? AND product_id = ?');
  const take = db.prepare('UPDATE variants SET stock = stock - ? WHERE sku = ?');
  const cartExists = db.prepare('SELECT 1 FROM carts WHERE id = ?');
  const newCart = db.prepare('INSERT INTO carts VALUES (?, ?)');
  const put = db.prepare(
    'INSERT INTO cart_items VALUES (?, ?, ?) ON CONFLICT (cart_id, sku) DO UPDATE SET quantity = quantity + excluded.quantity',
  );
  const items = db.prepare(
    'SELECT i.sku, v.product_id, v.title, v.price_cents, i.quantity FROM cart_items i JOIN variants v ON v.sku = i.sku WHERE i.cart_id = ?',
  );
  const cartJson = (id: string) => {
    const rows = items.all(id) as CartRow[];
    return {
      id,
      entries: rows.map((r) => ({
        itemId: r.product_id,
        sku: r.sku,
        title: r.title,
        quantity: r.quantity,
        subTotalCents: r.price_cents * r.quantity,
      })),
      subtotalCents: rows.reduce((sum, r) => sum + r.price_cents * r.quantity, 0),
    };
  };
  const add = db.transaction((cartId: string, itemId: string, sku: string, quantity: number) => {
    const row = variant.get(sku, itemId) as { stock: number } | undefined;
    if (!row) return { status: 404 as const };
    if (row.stock < quantity) return { status: 409 as const };
    take.run(quantity, sku);
    if (!cartExists.get(cartId)) newCart.run(cartId, Date.now());
    put.run(cartId, sku, quantity);
    return { status: 200 as const, cart: cartJson(cartId) };
  });

  const app = new Hono<{ Bindings: { incoming?: { socket: { remoteAddress?: string } } } }>();
  app.use('*', async (c, next) => {
    const crumb = getCookie(c, 'crumb');
    if (!valid(crumb)) {
      const nonce = randomBytes(16).toString('base64url');
      setCookie(c, 'crumb', `${nonce}.${sign(nonce)}`, { path: '/', sameSite: 'Lax' });
      if (c.req.method === 'POST') return c.json({ crumbFail: true }, 403);
    } else if (c.req.method === 'POST') {
      if (c.req.header('x-csrf-token') !== crumb) return c.json({ crumbFail: true }, 403);
      const now = Date.now();
      const key = `${crumb}|${c.env.incoming?.socket.remoteAddress ?? ''}`;
      let w = windows.get(key);
      if (!w || w.resetAt <= now) windows.set(key, (w = { count: 0, resetAt: now + 10_000 }));
      if (++w.count > LIMIT) return c.json({ message: 'Too many requests.' }, 429);
    }
    await next();
  });
  app.get('/api/commerce/shopping-cart', (c) => {
    const id = getCookie(c, 'CART');
    return c.json(id ? cartJson(id) : { id: '', entries: [], subtotalCents: 0 });
  });
  app.post('/api/commerce/shopping-cart/entries', async (c) => {
    const body = (await c.req.json()) as { itemId?: unknown; sku?: unknown; quantity?: unknown };
    const { itemId, sku, quantity } = body;
    if (
      typeof itemId !== 'string' ||
      typeof sku !== 'string' ||
      !Number.isInteger(quantity) ||
      (quantity as number) < 1
    ) {
      return c.json({ message: 'Invalid item.' }, 400);
    }
    let cartId = getCookie(c, 'CART');
    if (!cartId || !/^[0-9a-f]{24}$/.test(cartId)) {
      cartId = randomBytes(12).toString('hex');
      setCookie(c, 'CART', cartId, { path: '/', sameSite: 'Lax', maxAge: 14 * 24 * 3600 });
    }
    const result = add.immediate(cartId, itemId, sku, quantity as number);
    if (result.status !== 200) return c.json({ message: 'Not available.' }, result.status);
    return c.json({ shoppingCart: result.cart });
  });
  return app;
}
