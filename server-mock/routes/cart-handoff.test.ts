import { afterEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import {
  CART_TOKEN_HEADER,
  CART_TOKEN_PATH,
  HANDOFF_CODE_PATH,
  HANDOFF_PAGE_PATH,
  NO_CART_TOKEN,
} from '../../contract/embedding';
import { HANDOFF_MESSAGES } from '../../contract/messages';
import { CART_TOKEN_IDLE_MS, HANDOFF_CODE_MS } from '../store/cart-tokens';
import type { Db } from '../store/db';
import { cartAddPreflight } from '../testing/preflight';
import { openTestStore } from '../testing/test-store';
import { json, MEMBER, OWNER, Visitor } from '../testing/visitor';
import { eraseShopperData } from '../store/shopper-data';
import { sweepCartTokens } from '../store/cart-tokens';

const THEME = 'https://theme.example';
const ATTACKER = 'https://attacker.example';
const SHIRT = { itemId: 'prod-linen-shirt', sku: 'LS-S-SAND' };
const DESK = { itemId: 'prod-walnut-writing-desk', sku: 'DESK-WALNUT' };

let db: Db | undefined;
afterEach(() => db?.close());

let clock = Date.now();
function open(): Hono {
  clock = Date.now();
  const store = openTestStore({ allowedOrigins: [THEME], now: () => clock });
  db = store.db;
  return store.app;
}

/** A page on another site: no cookies at all, the cart token in its own storage and a header. */
class ThemePage {
  token = NO_CART_TOKEN;
  constructor(
    private readonly app: Hono,
    readonly origin = THEME,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await this.app.request(path, {
      method,
      headers: {
        Origin: this.origin,
        [CART_TOKEN_HEADER]: this.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = response.headers.get(CART_TOKEN_HEADER);
    if (answer) this.token = answer;
    return response;
  }

  add(item: { itemId: string; sku: string }, quantity = 1) {
    return this.call('POST', '/api/commerce/shopping-cart/entries', { ...item, quantity });
  }

  async cart() {
    return json(await this.call('GET', '/api/commerce/shopping-cart'));
  }

  async code(): Promise<string> {
    const response = await this.call('POST', HANDOFF_CODE_PATH);
    expect(response.status).toBe(200);
    return (await json(response)).code as string;
  }
}

/** The shopper's browser on the store's own site, following a hand-off form post and its redirects. */
async function postHandoff(app: Hono, store: Visitor, fields: Record<string, string>, origin: string | null = THEME) {
  const cookie = () => [...store.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const posted = await app.request(HANDOFF_PAGE_PATH, {
    method: 'POST',
    headers: {
      ...(origin === null ? {} : { Origin: origin }),
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookie(),
    },
    body: new URLSearchParams(fields).toString(),
  });
  const setCookies = posted.headers.getSetCookie();
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    store.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  if (posted.status !== 303) return { posted, landed: undefined };
  const landed = await store.call('GET', posted.headers.get('location')!);
  return { posted, landed };
}

const quantities = (cart: Record<string, any>) =>
  Object.fromEntries(
    (cart.entries as { chosenVariant: { sku: string }; quantity: number }[]).map((e) => [
      e.chosenVariant.sku,
      e.quantity,
    ]),
  );

describe('cart tokens: a page on another site keeps its cart without any cookie', () => {
  it('adds without cookie or crumb, and is answered a long random token and no cookie', async () => {
    const page = new ThemePage(open());
    const added = await page.add(SHIRT, 2);
    expect(added.status).toBe(200);
    expect(page.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.headers.getSetCookie()).toEqual([]);
    expect(added.headers.get('Access-Control-Expose-Headers')).toContain(CART_TOKEN_HEADER);
    expect(quantities(await page.cart())).toEqual({ [SHIRT.sku]: 2 });
    // The token is stored as a digest only.
    expect(db!.prepare('SELECT count(*) AS n FROM cart_tokens WHERE token_hash = ?').get(page.token)).toEqual({ n: 0 });
  });

  it('answers the preflight for the token header, and refuses a token call from an origin it does not allow', async () => {
    const app = open();
    const preflight = await cartAddPreflight(app, THEME, CART_TOKEN_HEADER);
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toContain(CART_TOKEN_HEADER);
    const attacker = new ThemePage(app, ATTACKER);
    const refused = await attacker.add(SHIRT);
    expect(refused.status).toBe(403);
    expect((await json(refused)).originRefused).toBe(true);
  });

  it("a token call ignores the store's cookies: another visitor's cart cookie sent along changes nothing of theirs", async () => {
    const app = open();
    const shopper = new Visitor(() => app);
    await shopper.add(DESK.itemId, DESK.sku, 1);
    const page = new ThemePage(app);
    const cookie = [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const cart = await json(await page.call('GET', '/api/commerce/shopping-cart', undefined, { cookie }));
    expect(cart.entries).toEqual([]);
    await page.call('POST', '/api/commerce/shopping-cart/entries', { ...SHIRT, quantity: 1 }, { cookie });
    expect(quantities(await json(await shopper.call('GET', '/api/commerce/shopping-cart')))).toEqual({ [DESK.sku]: 1 });
  });

  it('a forged token gets an empty cart and is told to forget it; adding with it starts a cart of its own', async () => {
    const app = open();
    const victim = new ThemePage(app);
    await victim.add(SHIRT);
    const forger = new ThemePage(app);
    forger.token = victim.token.slice(0, -1) + (victim.token.endsWith('A') ? 'B' : 'A');
    const read = await forger.call('GET', '/api/commerce/shopping-cart');
    expect(read.headers.get(CART_TOKEN_HEADER)).toBe(NO_CART_TOKEN);
    expect((await json(read)).entries).toEqual([]);
    forger.token = 'x'.repeat(43);
    await forger.add(DESK);
    expect(forger.token).not.toBe(victim.token);
    expect(quantities(await victim.cart())).toEqual({ [SHIRT.sku]: 1 });
  });

  it("another visitor's cart id, which travels in analytics, is no token: it opens nothing", async () => {
    const app = open();
    const victim = new ThemePage(app);
    await victim.add(SHIRT);
    const cartId = (await victim.cart()).id as string;
    const attacker = new ThemePage(app);
    attacker.token = cartId;
    const read = await attacker.call('GET', '/api/commerce/shopping-cart');
    expect(read.headers.get(CART_TOKEN_HEADER)).toBe(NO_CART_TOKEN);
    expect((await json(read)).entries).toEqual([]);
    const cookie = await app.request('/api/commerce/shopping-cart', { headers: { Origin: ATTACKER } });
    expect(cookie.status).toBe(403);
  });

  it('a token unused for its lifetime is dead', async () => {
    const page = new ThemePage(open());
    await page.add(SHIRT);
    clock += CART_TOKEN_IDLE_MS + 1;
    const read = await page.call('GET', '/api/commerce/shopping-cart');
    expect(read.headers.get(CART_TOKEN_HEADER)).toBe(NO_CART_TOKEN);
  });

  it('a revoked token is dead, and its cart, which no one can reach any more, stops holding stock at once', async () => {
    const app = open();
    const page = new ThemePage(app);
    const stock = async () =>
      (await json(await new ThemePage(app).call('GET', `/api/commerce/inventory/stock/?itemId=${DESK.itemId}`)))
        .results[0].qtyInStock as number;
    const before = await stock();
    await page.add(DESK);
    expect(await stock()).toBe(before - 1);
    const revoked = page.token;
    const forget = await page.call('DELETE', CART_TOKEN_PATH);
    expect(forget.status).toBe(204);
    expect(page.token).toBe(NO_CART_TOKEN);
    expect(await stock()).toBe(before);
    page.token = revoked;
    expect((await page.call('GET', '/api/commerce/shopping-cart')).headers.get(CART_TOKEN_HEADER)).toBe(NO_CART_TOKEN);
  });

  it('signing in through a token renews it (the old one dies), and never opens the owner calls', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    const before = page.token;
    const signedIn = await page.call('POST', '/api/site-users/account/session', { ...OWNER, rememberMe: false });
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).siteUserId).toEqual(expect.any(String));
    expect(page.token).not.toBe(before);
    expect(quantities(await page.cart())).toEqual({ [SHIRT.sku]: 1 });
    const owners = await page.call('GET', '/api/site-users/account/notifications/restock/groups');
    expect(owners.status).toBe(401);
    const stale = new ThemePage(app);
    stale.token = before;
    expect((await stale.call('GET', '/api/commerce/shopping-cart')).headers.get(CART_TOKEN_HEADER)).toBe(NO_CART_TOKEN);
  });
});

describe('the store ends tokens', () => {
  it('when the owner erases the member who signed in through one', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    expect((await page.call('POST', '/api/site-users/account/session', { ...MEMBER, rememberMe: false })).status).toBe(
      200,
    );
    eraseShopperData(db!, MEMBER.email);
    const read = await page.call('GET', '/api/commerce/shopping-cart');
    expect(read.headers.get(CART_TOKEN_HEADER)).toBe(NO_CART_TOKEN);
  });

  it('and its sweep forgets the dead ones a day on, and spent codes, but keeps live tokens', async () => {
    const app = open();
    const live = new ThemePage(app);
    await live.add(SHIRT);
    const gone = new ThemePage(app);
    await gone.add(DESK);
    await gone.code();
    await gone.call('DELETE', CART_TOKEN_PATH);
    const count = (table: string) => (db!.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([count('cart_tokens'), count('cart_handoffs')]).toEqual([2, 1]);
    expect(sweepCartTokens(db!, clock, 100)).toBe(0);
    clock += 25 * 3600_000;
    expect(sweepCartTokens(db!, clock, 100)).toBe(2);
    expect(count('cart_tokens')).toBe(1);
    expect(quantities(await live.cart())).toEqual({ [SHIRT.sku]: 1 });
  });
});

describe("hand-off: the page's cart goes with the shopper to the store's own pages", () => {
  it('a code posted from the page lands on /cart with the same cart, and the page and the store share it after', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT, 2);
    const code = await page.code();
    const store = new Visitor(() => app);
    const { posted, landed } = await postHandoff(app, store, { code, next: '/cart' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).not.toContain(code);
    expect(landed?.status).toBe(303);
    expect(landed?.headers.get('location')).toBe('/cart');
    expect(quantities(await json(await store.call('GET', '/api/commerce/shopping-cart')))).toEqual({ [SHIRT.sku]: 2 });
    // One cart from now on: the store's change shows on the page.
    await store.add(DESK.itemId, DESK.sku, 1);
    expect(quantities(await page.cart())).toEqual({ [SHIRT.sku]: 2, [DESK.sku]: 1 });
  });

  it('joins a cart the shopper already has on the store: the larger quantity of the same variant, everything else moved', async () => {
    const app = open();
    const store = new Visitor(() => app);
    await store.add(SHIRT.itemId, SHIRT.sku, 3);
    const page = new ThemePage(app);
    await page.add(SHIRT, 1);
    await page.add(DESK, 1);
    await postHandoff(app, store, { code: await page.code(), next: '/cart' });
    const expected = { [SHIRT.sku]: 3, [DESK.sku]: 1 };
    expect(quantities(await json(await store.call('GET', '/api/commerce/shopping-cart')))).toEqual(expected);
    expect(quantities(await page.cart())).toEqual(expected);
  });

  it('a replayed code or a shared link opens no cart: the second browser lands on its own, empty cart', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    const code = await page.code();
    await postHandoff(app, new Visitor(() => app), { code, next: '/cart' });
    const stranger = new Visitor(() => app, '198.51.100.7');
    const { posted } = await postHandoff(app, stranger, { code, next: '/cart' });
    expect(posted.status).toBe(303);
    expect(posted.headers.getSetCookie().join()).not.toContain('CART_HANDOFF');
    expect((await json(await stranger.call('GET', '/api/commerce/shopping-cart'))).entries).toEqual([]);
    // What the address bar held after the hand-off, opened elsewhere: the plain page.
    const shared = await stranger.call('GET', `${HANDOFF_PAGE_PATH}?next=%2Fcart`);
    expect(shared.status).toBe(303);
    expect(stranger.cookies.has('CART')).toBe(false);
  });

  it('a spent ticket cannot be spent again', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    const first = new Visitor(() => app);
    const { posted } = await postHandoff(app, first, { code: await page.code(), next: '/cart' }).then(async (r) => r);
    const ticket = posted.headers
      .getSetCookie()
      .find((line) => line.startsWith('CART_HANDOFF='))!
      .split(';')[0]!;
    const thief = new Visitor(() => app, '198.51.100.8');
    const [name, value] = ticket.split('=') as [string, string];
    thief.cookies.set(name, value);
    await thief.call('GET', `${HANDOFF_PAGE_PATH}?next=%2Fcart`);
    expect(thief.cookies.has('CART')).toBe(false);
  });

  it('an expired code, a forged one, and one of a revoked token hand nothing over', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    const late = await page.code();
    clock += HANDOFF_CODE_MS + 1;
    const forged = 'A'.repeat(43);
    const revokedCode = await page.code();
    await page.call('DELETE', CART_TOKEN_PATH);
    for (const code of [late, forged, revokedCode, '', '<script>']) {
      const store = new Visitor(() => app);
      const { posted } = await postHandoff(app, store, { code, next: '/cart' });
      expect(posted.status).toBe(303);
      expect(posted.headers.getSetCookie().join()).not.toContain('CART_HANDOFF');
    }
  });

  it('refuses a hand-off posted from an origin the store does not allow, or with no origin, with a page saying so', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    for (const origin of [ATTACKER, null, 'null']) {
      const { posted } = await postHandoff(
        app,
        new Visitor(() => app),
        { code: await page.code(), next: '/cart' },
        origin,
      );
      expect(posted.status).toBe(403);
      expect(await posted.text()).toContain(HANDOFF_MESSAGES.originRefused);
    }
  });

  it('goes on only to a path of the store', async () => {
    const app = open();
    const page = new ThemePage(app);
    await page.add(SHIRT);
    const store = new Visitor(() => app);
    const { landed } = await postHandoff(app, store, { code: await page.code(), next: '//evil.example/x' });
    expect(landed?.headers.get('location')).toBe('/cart');
    const again = await postHandoff(app, store, { code: await page.code(), next: '/checkout?x=1' });
    expect(again.landed?.headers.get('location')).toBe('/checkout?x=1');
  });

  it('asks for a code only with a token that has a cart', async () => {
    const app = open();
    const page = new ThemePage(app);
    const none = await page.call('POST', HANDOFF_CODE_PATH);
    expect(none.status).toBe(404);
    expect((await json(none)).message).toBe(HANDOFF_MESSAGES.noCart);
    const cookieCall = await new Visitor(() => app).call('POST', HANDOFF_CODE_PATH);
    expect(cookieCall.status).toBe(400);
  });
});
