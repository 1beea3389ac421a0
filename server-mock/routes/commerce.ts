import { Hono, type Context } from 'hono';
import type {
  AddToCartResponse,
  CartQuery,
  CartResponse,
  StockResponse,
  SubscriptionResponse,
  UpdateAdditionalFieldsResponse,
} from '../../contract/cart';
import { CATALOG_TABLES, getProduct, stockFor } from '../store/catalog';
import { tablesVersion } from '../store/table-version';
import {
  addEntry,
  createSubscriptionCart,
  DEFAULT_STOCK_HOLD,
  emptyCart,
  getCart,
  mockCart,
  removeEntry,
  withoutTotals,
  updateAdditionalFields,
  updateEntryQuantity,
  type AddEntryInput,
  type StockHold,
} from '../store/carts';
import type { Db } from '../store/db';
import { below } from '../http/below';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';
import { cartIdOf, rememberCart } from '../http/cart-cookie';
import { cartTokenCall } from '../middleware/cart-token';
import { createHandoffCode, releaseUnreachableCart, revokeCartToken } from '../store/cart-tokens';
import { CART_TOKEN_PATH, HANDOFF_CODE_PATH, NO_CART_TOKEN } from '../../contract/embedding';
import { HANDOFF_MESSAGES } from '../../contract/messages';
import { commerceSettings } from '../store/settings';
import { addressKey } from '../http/address-key';
import { boundedCache } from '../../contract/bounded-cache';
import { FeatureFlag } from '../../contract/enumerations';
import { FEATURE_OFF_MESSAGES } from '../../contract/feature-flags';

/** Every table a cart as answered is read from: a write to any of them drops the kept answers. */
const CART_TABLES = ['carts', 'cart_entries', 'settings', ...CATALOG_TABLES];
/** Cart answers kept at most; past it they start over. */
const KEPT_CARTS = 1000;
const JSON_TYPE = { 'Content-Type': 'application/json' };
/** Key of the sample cart among the kept answers: no cart id has a space. */
const MOCK_CART_KEY = 'mock cart';
const TIMECODE = /^\d{1,20}$/;

/** The cart GET's query (storefront spec, section 7), or a 400 naming the value it cannot take. */
export function readCartQuery(query: Record<string, string>): Required<Omit<CartQuery, 'timecode'>> & CartQuery {
  const flag = (name: 'calculateSubtotal' | 'mock', fallback: boolean): boolean => {
    const value = query[name];
    if (value === undefined || value === '') return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    throw new HttpError(400, `${value.slice(0, 40)} is not one of the expected options`);
  };
  const timecode = query.timecode;
  if (timecode !== undefined && !TIMECODE.test(timecode)) {
    throw new HttpError(400, 'timecode must be 1 to 20 digits.');
  }
  return { calculateSubtotal: flag('calculateSubtotal', true), mock: flag('mock', false), timecode };
}

/**
 * Adds to the visitor's cart (remembering a new cart in its cookie): the JSON call and the product
 * page's form both add through here, with the store's checks (throws its refusals).
 */
export function addToCart(
  c: Context,
  db: Db,
  hold: StockHold,
  input: Omit<AddEntryInput, 'cartId' | 'holder'>,
): AddToCartResponse {
  const { cart, entryId } = addEntry(db, { cartId: cartIdOf(c, db), holder: addressKey(db, c), ...input }, hold);
  rememberCart(c, db, cart.id, hold.now());
  const entry = cart.entries.find((e) => e.id === entryId);
  if (!entry) throw new Error('added entry missing from its cart');
  const { chosenVariant, subTotal, title, quantity, purchasePriceCents } = entry;
  return { shoppingCart: cart, newlyAdded: { chosenVariant, subTotal, title, quantity, purchasePriceCents } };
}

/**
 * Refuses (403) while numbered flag 50 (commerce subscriptions) is off: no subscription checkout,
 * whatever the page shows. The JSON call and the product page's form both ask here first.
 */
export function subscriptionsOn(db: Db): void {
  if (!commerceSettings(db).enabledFeatures.includes(FeatureFlag.COMMERCE_SUBSCRIPTIONS)) {
    throw new HttpError(403, FEATURE_OFF_MESSAGES.subscriptions);
  }
}

/** Where the commerce calls live. */
export const COMMERCE_API = '/api/commerce';

/**
 * Cart, entries and stock calls (storefront spec, section 7 "Commerce"), below {@link COMMERCE_API};
 * cart entries hold their stock as `hold` says.
 */
export function commerceRoutes(db: Db, hold: StockHold = DEFAULT_STOCK_HOLD): Hono {
  const app = new Hono();

  // Carts as answered (JSON text) by cart id, all kept while no table a cart is read from changes.
  let answers = boundedCache<string>(KEPT_CARTS);
  let answersVersion = '';
  app.get('/shopping-cart', (c) => {
    const { calculateSubtotal, mock, timecode } = readCartQuery(c.req.query());
    const cartId = mock ? MOCK_CART_KEY : (cartIdOf(c, db) ?? '');
    const version = tablesVersion(db, CART_TABLES);
    if (version !== answersVersion) {
      answers = boundedCache<string>(KEPT_CARTS);
      answersVersion = version;
    }
    const text = answers(calculateSubtotal ? cartId : `${cartId}\n-totals`, () => {
      const cart = mock ? mockCart(db) : (getCart(db, cartId) ?? emptyCart(db));
      return JSON.stringify(calculateSubtotal ? cart : withoutTotals(cart));
    });
    if (timecode === undefined) return c.body(text, undefined, JSON_TYPE);
    // The timecode is digits only, so it goes into the JSON text as it is.
    return c.body(`${text.slice(0, -1)},"timecode":"${timecode}"}`, undefined, {
      ...JSON_TYPE,
      'Cache-Control': 'no-store',
    });
  });

  app.post('/shopping-cart/entries', async (c) => {
    const body = await readJsonObject(c);
    return c.json(
      addToCart(c, db, hold, {
        itemId: body.itemId,
        sku: body.sku,
        quantity: body.quantity,
        additionalFields: body.additionalFields,
      }),
    );
  });

  app.put('/shopping-cart/entries/:entryId', async (c) => {
    const { quantity } = await readJsonObject(c);
    return c.json({
      shoppingCart: updateEntryQuantity(db, cartIdOf(c, db), c.req.param('entryId'), quantity, hold, addressKey(db, c)),
    } satisfies CartResponse);
  });

  app.delete('/shopping-cart/entries/:entryId', (c) =>
    c.json({ shoppingCart: removeEntry(db, cartIdOf(c, db), c.req.param('entryId'), hold) } satisfies CartResponse),
  );

  app.put('/shopping-cart/entries/:entryId/additionalFields', async (c) => {
    const body = await readJsonObject(c);
    const { cart, entry } = updateAdditionalFields(
      db,
      cartIdOf(c, db),
      c.req.param('entryId'),
      {
        itemId: body.itemId,
        sku: body.sku,
        additionalFields: body.additionalFields,
      },
      hold,
    );
    return c.json({ shoppingCart: cart, updatedEntry: entry } satisfies UpdateAdditionalFieldsResponse);
  });

  // A page on another site asks for a one-time code that takes its cart to the store's own pages.
  app.post(below(COMMERCE_API, HANDOFF_CODE_PATH), (c) => {
    const call = cartTokenCall(c);
    if (!call) throw new HttpError(400, HANDOFF_MESSAGES.tokenOnly);
    const record = call.record;
    if (!record?.cartId) throw new HttpError(404, HANDOFF_MESSAGES.noCart);
    return c.json({ code: createHandoffCode(db, { ...record, cartId: record.cartId }, hold.now()) });
  });

  // The page forgets its cart token: the token ends, and a cart no one else can reach stops holding stock.
  app.delete(below(COMMERCE_API, CART_TOKEN_PATH), (c) => {
    const call = cartTokenCall(c);
    if (!call) throw new HttpError(400, HANDOFF_MESSAGES.tokenOnly);
    if (call.record) {
      revokeCartToken(db, call.record.hash, hold.now());
      if (call.record.cartId) releaseUnreachableCart(db, call.record.cartId);
    }
    call.answer = NO_CART_TOKEN;
    return c.body(null, 204);
  });

  app.get('/inventory/stock/', (c) => {
    const itemId = c.req.query('itemId');
    if (!itemId) throw new HttpError(400, 'itemId is required.');
    const product = getProduct(db, itemId);
    if (!product) throw new HttpError(404, 'This item does not exist.');
    return c.json({ results: stockFor(db, product, cartIdOf(c, db), hold.now()) } satisfies StockResponse);
  });

  return app;
}

/** The subscription checkout's cart (storefront spec, section 7 "Commerce"), below `/api/3/commerce`. */
export function subscriptionCartRoutes(db: Db, hold: StockHold = DEFAULT_STOCK_HOLD): Hono {
  const app = new Hono();
  app.post('/cart/subscription', async (c) => {
    subscriptionsOn(db);
    const body = await readJsonObject(c);
    const cartToken = createSubscriptionCart(
      db,
      {
        itemId: body.itemId,
        sku: body.sku,
        qty: body.qty,
        additionalFields: body.additionalFields,
        holder: addressKey(db, c),
      },
      hold,
    );
    return c.json({ cartToken } satisfies SubscriptionResponse);
  });

  return app;
}
