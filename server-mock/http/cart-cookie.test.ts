import { describe, expect, it } from 'vitest';
import { CART_TOKEN_HEADER, CART_TOKEN_PATH, NO_CART_TOKEN } from '../../contract/embedding';
import { MIGRATIONS } from '../store/schema';
import { storePerTest } from '../testing/test-store';
import { json, type Visitor } from '../testing/visitor';

const store = storePerTest({ allowedOrigins: ['https://theme.example'] });
const SHIRT = ['prod-linen-shirt', 'LS-S-SAND'] as const;
const ENTRIES = '/api/commerce/shopping-cart/entries';

/** The visitor's cart as the API reads it. */
async function cartOf(v: Visitor) {
  return (await json(await v.call('GET', '/api/commerce/shopping-cart'))) as {
    id: string | null;
    entries: { id: string; quantity: number }[];
  };
}

/** A visitor whose cart cookie is `value` (and nothing else of another's). */
function withCartCookie(value: string): Visitor {
  const v = store.visitor('198.51.100.20');
  v.cookies.set('CART', value);
  return v;
}

const heldQuantity = (entryId: string) =>
  (store.db.prepare('SELECT quantity FROM cart_entries WHERE id = ?').get(entryId) as { quantity: number }).quantity;

describe('the cart cookie', () => {
  it("is the cart's id with a keyed hash of it, HttpOnly, beside a readable mark that there is a cart", async () => {
    const v = store.visitor();
    const added = await v.add(...SHIRT, 1);
    const { id } = (await json(added)).shoppingCart as { id: string };
    expect(v.cookies.get('CART')).toMatch(new RegExp(`^${id}\\.[\\w-]{22}$`));
    expect(added.headers.getSetCookie().find((l) => l.startsWith('CART='))).toContain('HttpOnly');
    expect(v.cookies.get('HAS_CART')).toBe('1');
    expect((await cartOf(v)).entries).toHaveLength(1);
  });

  it("opens nothing with a cart's id alone, which cart answers and analytics rows show", async () => {
    const owner = store.visitor();
    const { shoppingCart } = await json(await owner.add(...SHIRT, 1));
    const entryId = shoppingCart.entries[0].id as string;
    for (const forged of [shoppingCart.id, `${shoppingCart.id}.${'A'.repeat(22)}`, `${shoppingCart.id}.`]) {
      const thief = withCartCookie(forged);
      expect(await cartOf(thief), forged).toMatchObject({ entries: [] });
      expect((await thief.call('PUT', `${ENTRIES}/${entryId}`, { quantity: 3 })).status, forged).toBe(404);
      expect((await thief.call('DELETE', `${ENTRIES}/${entryId}`)).status, forged).toBe(404);
    }
    expect(heldQuantity(entryId)).toBe(1);
    expect((await cartOf(owner)).entries).toHaveLength(1);
  });

  it('opens nothing after the page on another site revoked its token, though its id travelled', async () => {
    const page = (method: string, path: string, token: string, body?: unknown) =>
      store.app.request(path, {
        method,
        headers: {
          Origin: 'https://theme.example',
          [CART_TOKEN_HEADER]: token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const added = await page('POST', ENTRIES, NO_CART_TOKEN, { itemId: SHIRT[0], sku: SHIRT[1], quantity: 1 });
    const token = added.headers.get(CART_TOKEN_HEADER) ?? '';
    const { shoppingCart } = await json(added);
    expect((await page('DELETE', CART_TOKEN_PATH, token)).status).toBe(204);
    const thief = withCartCookie(shoppingCart.id as string);
    expect((await thief.call('PUT', `${ENTRIES}/${shoppingCart.entries[0].id}`, { quantity: 3 })).status).toBe(404);
    expect(heldQuantity(shoppingCart.entries[0].id as string)).toBe(1);
  });
});

describe('cart cookies of before (a bare id), across the change', () => {
  /** A cart made by a visitor, then the schema step that moved the store to signed cookies. */
  async function cartOfBefore() {
    const v = store.visitor();
    const { shoppingCart } = await json(await v.add(...SHIRT, 2));
    (MIGRATIONS[10] as (db: typeof store.db) => void)(store.db);
    return shoppingCart.id as string;
  }

  it('opens a cart that was open before the change, once, and gives that browser the signed cookie', async () => {
    const id = await cartOfBefore();
    const browser = withCartCookie(id);
    expect(await cartOf(browser)).toMatchObject({ id, entries: [{ quantity: 2 }] });
    // An add with the bare id moves it over too, with one cart cookie in the answer.
    const moved = withCartCookie(id);
    const added = await moved.add(...SHIRT, 1);
    expect(added.headers.getSetCookie().filter((line) => line.startsWith('CART='))).toHaveLength(1);
    expect((await cartOf(moved)).entries.map((e) => e.quantity)).toEqual([3]);
    expect(browser.cookies.get('CART')).toMatch(new RegExp(`^${id}\\.[\\w-]{22}$`));
    expect(browser.cookies.get('HAS_CART')).toBe('1');
    // The signed cookie goes on working, changes included.
    expect((await browser.add(...SHIRT, 1)).status).toBe(200);
    expect((await cartOf(browser)).entries.map((e) => e.quantity)).toEqual([4]);
  });

  it('takes the bare id only for a minute after its first use (calls in flight), then never again', async () => {
    const id = await cartOfBefore();
    await cartOf(withCartCookie(id));
    expect((await cartOf(withCartCookie(id))).entries).toHaveLength(1);
    store.db.prepare('UPDATE carts SET bare_cookie_until = ? WHERE id = ?').run(Date.now() - 1, id);
    expect((await cartOf(withCartCookie(id))).entries).toEqual([]);
  });

  it('never takes the bare id of a cart made after the change', async () => {
    const v = store.visitor();
    const { shoppingCart } = await json(await v.add(...SHIRT, 1));
    expect((await cartOf(withCartCookie(shoppingCart.id as string))).entries).toEqual([]);
  });

  it('marks only the open carts of before: a bought one opens nothing', async () => {
    const v = store.visitor();
    const { shoppingCart } = await json(await v.add(...SHIRT, 1));
    store.db.prepare('UPDATE carts SET is_purchased = 1 WHERE id = ?').run(shoppingCart.id);
    (MIGRATIONS[10] as (db: typeof store.db) => void)(store.db);
    expect(store.db.prepare('SELECT bare_cookie_until FROM carts WHERE id = ?').get(shoppingCart.id)).toEqual({
      bare_cookie_until: null,
    });
    expect((await cartOf(withCartCookie(shoppingCart.id as string))).id).not.toBe(shoppingCart.id);
  });
});
