import { controlCharacterMessage, findControlCharacter } from '../../contract/control-characters';
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { CartEntry, ShoppingCart } from '../../contract/cart';
import { toDecimalString } from '../../contract/currencies';
import { ProductType } from '../../contract/enumerations';
import {
  FORM_SUBMISSION_MESSAGES,
  HOLD_MESSAGES,
  CART_ENTRIES_MAX,
  OUT_OF_STOCK,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '../../contract/messages';
import {
  findVariant,
  getProduct,
  reservedQuantity,
  type ProductRecord,
  type VariantLookupMessages,
  type VariantRecord,
  warmCatalog,
} from './catalog';
import { checkAnswers, keptAnswers } from './check-answers';
import type { Db } from './db';
import { getForm } from './forms';
import { claimFairShare, claimScarceHold, isScarce } from './scarce-holds';
import { websiteSettings } from './settings';
import { tablesVersion, tablesVersionNow } from './table-version';
import { StoreError } from './store-error';

/** How long an entry holds its units by default, in minutes, from the shopper's last change to it. */
export const DEFAULT_STOCK_HOLD_MINUTES = 30;
/** An open cart nobody changed for this long is swept away (the cart cookie lives as long). */
export const CART_LIFETIME_MS = 14 * 24 * 3600 * 1000;
/** Stale carts swept per add to cart at most, so one request never does unbounded work. */
export const SWEEP_BATCH = 20;

/**
 * The stock hold: the clock (ms since 1970; tests pass their own) and how long a cart entry keeps
 * its units from the shopper's last change to it. An entry whose hold lapsed stays in the cart
 * but reserves nothing until the shopper changes it and the stock is there again.
 */
export interface StockHold {
  now: () => number;
  holdMs: number;
  /** Variants with at most this many units on hand follow the scarce rules (default `SCARCE_STOCK`, 50; 0: none). */
  scarceStock?: number;
}

export const DEFAULT_STOCK_HOLD: StockHold = { now: Date.now, holdMs: DEFAULT_STOCK_HOLD_MINUTES * 60_000 };

function newId(): string {
  return randomBytes(12).toString('hex');
}

interface EntryRow {
  id: string;
  product_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  name: string;
  slug: string;
  form_id: string | null;
  product_type: number;
  attributes: string;
  price_cents: number;
}

/** An empty cart as the GET returns it to a visitor who has none. */
export function emptyCart(db: Db): ShoppingCart {
  return cartView(db, { id: '', created: 0, is_purchased: 0 }, []);
}

/** Products in the sample cart of `mock=true`. */
export const MOCK_CART_PRODUCTS = 2;

/** A sample cart for previews: one unit of the first variant of the first products; nothing is stored. */
export function mockCart(db: Db): ShoppingCart {
  const rows = db
    .prepare(
      `SELECT 'mock-' || p.id AS id, p.id AS product_id, v.sku, 1 AS quantity, NULL AS additional_fields, p.name, p.slug,
              p.form_id, p.product_type, v.attributes, v.price_cents
       FROM products p
       JOIN variants v ON v.sku = (SELECT sku FROM variants WHERE product_id = p.id ORDER BY position LIMIT 1)
       ORDER BY p.position LIMIT ?`,
    )
    .all(MOCK_CART_PRODUCTS) as EntryRow[];
  return { ...cartView(db, { id: 'mock', created: 0, is_purchased: 0 }, rows), mock: true };
}

/** The cart without its money totals (`calculateSubtotal=false`): entries and quantities only. */
export function withoutTotals(cart: ShoppingCart): ShoppingCart {
  return {
    ...cart,
    subtotalCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: 0,
    subtotalCalculated: false,
  };
}

/**
 * `percent` % of `amount` minor units, rounded half up to a whole minor unit. The rate counts in
 * thousandths of a percent so the sum stays in integers (8.875 % of 5200 is exactly 461.5 -> 462).
 */
export function percentOf(amount: number, percent: number): number {
  const scaled = BigInt(amount) * BigInt(Math.round(percent * 1000));
  return Number((scaled + 50_000n) / 100_000n);
}

function cartView(db: Db, cart: { id: string; created: number; is_purchased: number }, rows: EntryRow[]): ShoppingCart {
  const settings = websiteSettings(db);
  const rules = settings.commerceSettings;
  const currency = settings.selectedCurrency;
  const entries: CartEntry[] = rows.map((r) => ({
    id: r.id,
    itemId: r.product_id,
    chosenVariant: { sku: r.sku, attributes: JSON.parse(r.attributes) as Record<string, string> },
    quantity: r.quantity,
    title: r.name,
    subTotal: { currencyCode: currency, decimalValue: toDecimalString(r.price_cents * r.quantity, currency) },
    purchasePriceCents: r.price_cents,
    additionalFields: r.additional_fields,
    additionalFieldsFormId: r.form_id,
    url: `/shop/p/${encodeURIComponent(r.slug)}`,
    productType: r.product_type,
  }));
  const lineTotal = (r: EntryRow) => r.price_cents * r.quantity;
  const subtotalCents = rows.reduce((sum, r) => sum + lineTotal(r), 0);
  const physical = rows.filter((r) => r.product_type === ProductType.PHYSICAL);
  const digital = rows.filter(
    (r) => r.product_type === ProductType.DIGITAL || r.product_type === ProductType.GIFT_CARD,
  );
  const requiresShipping = physical.length > 0;
  const taxCents = percentOf(
    physical.reduce((sum, r) => sum + lineTotal(r), 0),
    rules.taxRatePercent,
  );
  const shippingCostCents = requiresShipping ? rules.flatShippingCents : 0;
  const discountCents = 0;
  return {
    id: cart.id,
    websiteId: settings.id,
    orderId: null,
    created: cart.created,
    isPurchased: cart.is_purchased === 1,
    entries,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    currencyCode: currency,
    subtotalCents,
    taxCents,
    shippingCostCents,
    discountCents,
    grandTotalCents: subtotalCents + taxCents + shippingCostCents - discountCents,
    totalQuantity: rows.reduce((sum, r) => sum + r.quantity, 0),
    hasDigital: digital.length > 0,
    purelyDigital: rows.length > 0 && digital.length === rows.length,
    requiresShipping,
    ...(rules.minimumSubtotalCents === null ? {} : { minimumSubtotalCents: rules.minimumSubtotalCents }),
  };
}

/** A cart entry as a cart is shown, with what the add to cart needs besides: its hold and its place. */
interface StoredEntryRow extends EntryRow {
  held_until: number | null;
  created: number;
  rowid: number;
}

/** The entries of a cart as it is shown, in the order they were added. */
function entryRows(db: Db, cartId: string): StoredEntryRow[] {
  return db
    .prepare(
      `SELECT e.id, e.product_id, e.sku, e.quantity, e.additional_fields, p.name, p.slug, p.form_id, p.product_type,
              v.attributes, v.price_cents, e.held_until, e.created, e.rowid
       FROM cart_entries e JOIN products p ON p.id = e.product_id JOIN variants v ON v.sku = e.sku
       WHERE e.cart_id = ? ORDER BY e.created, e.rowid`,
    )
    .all(cartId) as StoredEntryRow[];
}

/** The open cart with this id, or undefined (unknown, or already purchased). */
export function getCart(db: Db, cartId: string | null | undefined): ShoppingCart | undefined {
  if (!cartId) return undefined;
  const cart = db
    .prepare('SELECT id, created, is_purchased FROM carts WHERE id = ? AND is_purchased = 0')
    .get(cartId) as { id: string; created: number; is_purchased: number } | undefined;
  if (!cart) return undefined;
  return cartView(db, cart, entryRows(db, cartId));
}

function checkQuantity(quantity: unknown): number {
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < QUANTITY_MIN ||
    quantity > QUANTITY_MAX
  ) {
    throw new StoreError('invalid', `Quantity must be a whole number between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`);
  }
  return quantity;
}

const ITEM_LOOKUP: VariantLookupMessages = {
  productRequired: 'itemId is required.',
  noProduct: 'This item does not exist.',
  variantRequired: 'sku is required for a product with several variants.',
  variantType: 'sku must be a string.',
  noVariant: 'This item variant does not exist.',
};

/** Largest additional-fields text accepted, in characters. */
const MAX_ADDITIONAL_FIELDS = 20_000;

/**
 * The additional-fields answers of a product with form `formId`, checked as the widget checks
 * them (the form's fields, kinds, options and lengths: {@link checkAnswers}) and stored as sent,
 * keeping only the form's fields. Null when none were given.
 */
function checkAdditionalFields(db: Db, formId: string | null | undefined, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (!formId) throw new StoreError('invalid', 'This product has no additional fields.');
  if (typeof value !== 'string') throw new StoreError('invalid', 'additionalFields must be a JSON string.');
  if (value.length > MAX_ADDITIONAL_FIELDS) throw new StoreError('invalid', 'additionalFields is too long.');
  let answers: unknown;
  try {
    answers = JSON.parse(value);
  } catch {
    throw new StoreError('invalid', 'additionalFields must be a JSON string.');
  }
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) {
    throw new StoreError('invalid', 'additionalFields must be a JSON object of answers by field id.');
  }
  const control = findControlCharacter(answers, 'additionalFields');
  if (control) throw new StoreError('invalid', controlCharacterMessage(control));
  const form = getForm(db, formId);
  if (!form) throw new StoreError('invalid', "This product's form does not exist.");
  const given = answers as Record<string, unknown>;
  const { errors } = checkAnswers(form, given);
  if (Object.keys(errors).length > 0) {
    throw new StoreError('invalid', FORM_SUBMISSION_MESSAGES.invalidFields, { fieldErrors: errors });
  }
  const known = form.fields.filter((f) => f.type !== 'section' && Object.hasOwn(given, f.id));
  return JSON.stringify(keptAnswers(form, Object.fromEntries(known.map((f) => [f.id, given[f.id]]))));
}

/**
 * Throws the out-of-stock conflict unless `quantity` units of the variant can be held at `now`
 * besides what open carts hold, leaving out `ownHeld` units (what the entry being changed holds).
 */
function reserve(db: Db, variant: VariantRecord, quantity: number, now: number, ownHeld = 0): void {
  if (variant.unlimited) return;
  if (reservedQuantity(db, variant.sku, now) - ownHeld + quantity > variant.qtyInStock) {
    throw new StoreError('conflict', OUT_OF_STOCK);
  }
}

/** The tables whose rows say which units are held (see {@link reservedQuantity}). */
const HOLD_TABLES = ['carts', 'cart_entries', 'subscription_carts'];

/**
 * Per database and sku: at most how many units open carts and subscription checkouts hold at any
 * time from `from` on, while the hold tables' version stays `version` (holds only lapse as time
 * passes; any write, through this connection or another, changes the version).
 */
const heldBounds = new WeakMap<Db, Map<string, { version: string; from: number; units: number }>>();

/**
 * {@link reserve} for an add to cart: the units held are first taken from the bound the last add
 * left (exact after it, at most too high since), and counted only when the bound leaves too little
 * (or there is none). `version` is {@link HOLD_TABLES}' as the add's immediate transaction began
 * (read then, it counts every commit before it); the add's own writes before this check only
 * sweep stale carts and touch the visitor's, which holds nothing more. Answers the units held
 * besides the entry's own (`ownHeld`) as counted, for {@link rememberHeld}.
 */
function reserveForAdd(
  db: Db,
  version: string,
  variant: VariantRecord,
  quantity: number,
  now: number,
  ownHeld: number,
): number {
  if (variant.unlimited) return 0;
  const known = heldBounds.get(db)?.get(variant.sku);
  if (known && now >= known.from && known.version === version) {
    if (known.units - ownHeld + quantity <= variant.qtyInStock) return known.units - ownHeld;
  }
  const held = reservedQuantity(db, variant.sku, now);
  if (held - ownHeld + quantity > variant.qtyInStock) throw new StoreError('conflict', OUT_OF_STOCK);
  return held - ownHeld;
}

/**
 * After an add's writes (same transaction): the units of `sku` held from `now` on are at most
 * `others` (as {@link reserveForAdd} counted them) plus the `own` units the entry now holds.
 */
function rememberHeld(db: Db, sku: string, now: number, others: number, own: number): void {
  let bounds = heldBounds.get(db);
  if (!bounds) heldBounds.set(db, (bounds = new Map()));
  // The data_version part is the one read as the transaction began (same synchronous stretch): no
  // other connection can commit while this one holds the write lock.
  const version = tablesVersion(db, HOLD_TABLES);
  // Inside a transaction a table not watched yet gives a version never seen again: nothing to keep.
  if (version.startsWith('unwatched/')) return;
  if (bounds.size >= 1000) bounds.clear();
  bounds.set(sku, { version, from: now, units: others + own });
}

/** Units an entry holds at `now`: its quantity while its hold lasts, else none. */
function heldUnits(entry: { quantity: number; held_until: number | null }, now: number): number {
  return entry.held_until !== null && entry.held_until > now ? entry.quantity : 0;
}

/**
 * Deletes up to {@link SWEEP_BATCH} open carts (with their entries) that nobody changed for
 * {@link CART_LIFETIME_MS}; the oldest go first.
 */
export function sweepStaleCarts(db: Db, now: number): number {
  // A sweep that found less than a batch left nothing stale as of its clock: until a second later
  // only carts touched in that second can have gone stale, and they wait for the next sweep.
  const last = lastSweeps.get(db);
  if (last !== undefined && now >= last && now - last < SWEEP_PAUSE_MS) return 0;
  const stale = db
    .prepare('SELECT id FROM carts WHERE is_purchased = 0 AND updated < ? ORDER BY updated LIMIT ?')
    .all(now - CART_LIFETIME_MS, SWEEP_BATCH) as { id: string }[];
  const entries = db.prepare('DELETE FROM cart_entries WHERE cart_id = ?');
  const carts = db.prepare('DELETE FROM carts WHERE id = ?');
  for (const { id } of stale) {
    entries.run(id);
    carts.run(id);
  }
  if (stale.length < SWEEP_BATCH) lastSweeps.set(db, now);
  else lastSweeps.delete(db);
  return stale.length;
}

/** How long after a sweep that left nothing stale the next one waits (ms of the store's clock). */
const SWEEP_PAUSE_MS = 1000;
/** Per database: the clock of the last sweep that left nothing stale. */
const lastSweeps = new WeakMap<Db, number>();

/**
 * Reads the catalog and the site settings into their caches when stale, before a transaction:
 * inside one the transaction finds them there instead of reading their rows (nothing read inside
 * a transaction is kept).
 */
function warmCaches(db: Db): void {
  if (db.inTransaction) return;
  warmCatalog(db);
  websiteSettings(db);
  // Watched from now on (made outside a transaction), for the bound of held units.
  tablesVersion(db, HOLD_TABLES);
}

/** The cart `cartId`, marked as changed at `now`. */
function touchedCart(db: Db, cartId: string, now: number): ShoppingCart {
  db.prepare('UPDATE carts SET updated = ? WHERE id = ?').run(now, cartId);
  return getCart(db, cartId) as ShoppingCart;
}

/** Runs `work` in one immediate transaction, the caches warmed first (see {@link warmCaches}). */
function inImmediateTransaction<T>(db: Db, work: () => T): T {
  warmCaches(db);
  return db.transaction(work).immediate();
}

export interface AddEntryInput {
  cartId: string | null;
  itemId: unknown;
  sku: unknown;
  quantity: unknown;
  additionalFields: unknown;
  /** A key of the caller's address, for the scarce-stock caps (null when unknown). */
  holder?: string | null;
}

/**
 * Until when an entry of `variant` holding `wanted` units from now is held, and the holder to
 * record: a limited variant's hold is checked against the fair share ({@link claimFairShare}), a
 * scarce one's also bounded in time ({@link claimScarceHold}).
 */
function holdFor(
  db: Db,
  variant: VariantRecord,
  claim: { cartId: string | null; holder: string | null; entryId: string | null; wanted: number },
  now: number,
  hold: StockHold,
): { heldUntil: number; holder: string | null } {
  // 0 turns the share and the scarce rules off (tests that call from one address).
  if (variant.unlimited || hold.scarceStock === 0) return { heldUntil: now + hold.holdMs, holder: null };
  const scarceClaim = { ...claim, sku: variant.sku, stock: variant.qtyInStock, now, windowMs: hold.holdMs };
  if (!isScarce(variant, hold.scarceStock)) {
    claimFairShare(db, scarceClaim);
    return { heldUntil: now + hold.holdMs, holder: claim.holder };
  }
  return { heldUntil: claimScarceHold(db, scarceClaim), holder: claim.holder };
}

/**
 * Adds units to the visitor's cart (creating the cart when needed), holding the entry's stock for
 * the hold window, in one immediate transaction: concurrent adds of the last unit cannot both win.
 * Sweeps a few stale carts on the way (see {@link sweepStaleCarts}).
 */
export function addEntry(
  db: Db,
  input: AddEntryInput,
  hold: StockHold = DEFAULT_STOCK_HOLD,
): { cart: ShoppingCart; entryId: string } {
  let run = addTransactions.get(db);
  if (!run) addTransactions.set(db, (run = db.transaction(addEntryInTransaction)));
  warmCaches(db);
  return run.immediate(db, input, hold);
}

/** {@link addEntry}'s transaction, made once per database. */
const addTransactions = new WeakMap<
  Db,
  Database.Transaction<(db: Db, input: AddEntryInput, hold: StockHold) => { cart: ShoppingCart; entryId: string }>
>();

function addEntryInTransaction(db: Db, input: AddEntryInput, hold: StockHold): { cart: ShoppingCart; entryId: string } {
  const { product, variant } = findVariant(db, input.itemId, input.sku, ITEM_LOOKUP);
  const quantity = checkQuantity(input.quantity);
  const additionalFields = checkAdditionalFields(db, product.formId, input.additionalFields);
  if (product.productType === ProductType.GIFT_CARD)
    throw new StoreError('invalid', 'Gift cards are bought on the gift card page.');
  if (product.isSubscribable) throw new StoreError('invalid', 'This product is sold by subscription.');
  if (product.formId && additionalFields === null) {
    throw new StoreError('invalid', 'This product needs its additional fields filled in.');
  }

  const now = hold.now();
  const holdVersion = tablesVersionNow(db, HOLD_TABLES);
  sweepStaleCarts(db, now);
  // The visitor's open cart, touched (its last change is now), with its entries; else a new one.
  const open = input.cartId
    ? (db
        .prepare('UPDATE carts SET updated = ? WHERE id = ? AND is_purchased = 0 RETURNING id, created, is_purchased')
        .get(now, input.cartId) as { id: string; created: number; is_purchased: number } | undefined)
    : undefined;
  const cart = open ?? { id: newId(), created: now, is_purchased: 0 };
  if (!open) {
    db.prepare('INSERT INTO carts (id, created, updated) VALUES (?, ?, ?)').run(cart.id, now, now);
  }
  const rows = open ? entryRows(db, cart.id) : [];
  const at = rows.findIndex((r) => r.sku === variant.sku && r.additional_fields === additionalFields);
  const same = at === -1 ? undefined : (rows[at] as StoredEntryRow);
  // The entry holds all of its units again: a lapsed one must find its old units in stock too.
  const wanted = (same?.quantity ?? 0) + quantity;
  if (same && wanted > QUANTITY_MAX) {
    throw new StoreError('invalid', `A cart holds at most ${QUANTITY_MAX} of one item.`);
  }
  if (!same && rows.length >= CART_ENTRIES_MAX) throw new StoreError('invalid', HOLD_MESSAGES.tooManyEntries);
  const others = reserveForAdd(db, holdVersion, variant, wanted, now, same ? heldUnits(same, now) : 0);
  const claim = { cartId: cart.id, holder: input.holder ?? null, entryId: same?.id ?? null, wanted };
  const { heldUntil, holder } = holdFor(db, variant, claim, now, hold);
  let entryId: string;
  if (same) {
    db.prepare('UPDATE cart_entries SET quantity = quantity + ?, held_until = ?, holder = ? WHERE id = ?').run(
      quantity,
      heldUntil,
      holder,
      same.id,
    );
    entryId = same.id;
    rows[at] = { ...same, quantity: same.quantity + quantity, held_until: heldUntil };
  } else {
    entryId = newId();
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, additional_fields, created, held_until, holder)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(entryId, cart.id, product.id, variant.sku, quantity, additionalFields, now, heldUntil, holder);
    // The new entry as the cart's query would read it back: from the records it was made from.
    rows.push({
      id: entryId,
      product_id: product.id,
      sku: variant.sku,
      quantity,
      additional_fields: additionalFields,
      name: product.name,
      slug: product.slug,
      form_id: product.formId,
      product_type: product.productType,
      attributes: JSON.stringify(variant.attributes),
      price_cents: variant.priceCents,
      held_until: heldUntil,
      created: now,
      rowid: Number(lastInsertRowid),
    });
    rows.sort((a, b) => a.created - b.created || a.rowid - b.rowid);
  }
  if (!variant.unlimited) rememberHeld(db, variant.sku, now, others, wanted);
  return { cart: cartView(db, cart, rows), entryId };
}

export const ENTRY_NOT_FOUND = 'This cart entry does not exist.';

interface OwnEntry {
  cart_id: string;
  product_id: string;
  sku: string;
  quantity: number;
  held_until: number | null;
}

/** The entry `entryId` of the visitor's open cart, or the not-found refusal. */
function ownEntry(db: Db, cartId: string | null, entryId: string): OwnEntry {
  const entry = db
    .prepare(
      `SELECT e.cart_id, e.product_id, e.sku, e.quantity, e.held_until FROM cart_entries e JOIN carts c ON c.id = e.cart_id
       WHERE e.id = ? AND e.cart_id = ? AND c.is_purchased = 0`,
    )
    .get(entryId, cartId) as OwnEntry | undefined;
  if (!entry) throw new StoreError('not-found', ENTRY_NOT_FOUND);
  return entry;
}

/**
 * Sets the quantity of one entry of the visitor's cart, in one immediate transaction. Only a
 * larger quantity renews the entry's hold (it must fit the variant's stock, counting what every
 * open cart holds besides this entry, and a scarce variant's caps); the same or a smaller one
 * keeps the hold as it is (a lapsed entry stays lapsed), so asking again for what one holds never
 * keeps units from others longer.
 */
export function updateEntryQuantity(
  db: Db,
  cartId: string | null,
  entryId: string,
  quantity: unknown,
  hold: StockHold = DEFAULT_STOCK_HOLD,
  holder: string | null = null,
): ShoppingCart {
  return inImmediateTransaction(db, () => {
    const now = hold.now();
    const entry = ownEntry(db, cartId, entryId);
    const wanted = checkQuantity(quantity);
    if (wanted <= entry.quantity) {
      db.prepare('UPDATE cart_entries SET quantity = ? WHERE id = ?').run(wanted, entryId);
    } else {
      const variant = getProduct(db, entry.product_id)?.variants.find((v) => v.sku === entry.sku);
      if (!variant) throw new StoreError('not-found', ENTRY_NOT_FOUND);
      if (
        !variant.unlimited &&
        reservedQuantity(db, entry.sku, now) - heldUnits(entry, now) + wanted > variant.qtyInStock
      ) {
        throw new StoreError('conflict', OUT_OF_STOCK);
      }
      const claim = { cartId: entry.cart_id, holder, entryId, wanted };
      const held = holdFor(db, variant, claim, now, hold);
      db.prepare('UPDATE cart_entries SET quantity = ?, held_until = ?, holder = ? WHERE id = ?').run(
        wanted,
        held.heldUntil,
        held.holder,
        entryId,
      );
    }
    return touchedCart(db, entry.cart_id, now);
  });
}

/** Removes one entry of the visitor's cart; the cart stays, empty when that was its last entry. */
export function removeEntry(
  db: Db,
  cartId: string | null,
  entryId: string,
  hold: StockHold = DEFAULT_STOCK_HOLD,
): ShoppingCart {
  return inImmediateTransaction(db, () => {
    const entry = ownEntry(db, cartId, entryId);
    db.prepare('DELETE FROM cart_entries WHERE id = ?').run(entryId);
    return touchedCart(db, entry.cart_id, hold.now());
  });
}

/**
 * Replaces the additional-fields answers of one entry of the visitor's cart; its hold stays as it
 * is (new answers are no reason to keep the units from others longer).
 */
export function updateAdditionalFields(
  db: Db,
  cartId: string | null,
  entryId: string,
  input: { itemId: unknown; sku: unknown; additionalFields: unknown },
  hold: StockHold = DEFAULT_STOCK_HOLD,
): { cart: ShoppingCart; entry: CartEntry } {
  return inImmediateTransaction(db, () => {
    const now = hold.now();
    const cart = getCart(db, cartId);
    const entry = cart?.entries.find((e) => e.id === entryId);
    if (!cart || !entry) throw new StoreError('not-found', ENTRY_NOT_FOUND);
    if (input.itemId !== entry.itemId || input.sku !== entry.chosenVariant.sku) {
      throw new StoreError('invalid', 'itemId and sku must match the entry.');
    }
    const product = getProduct(db, entry.itemId);
    const additionalFields = checkAdditionalFields(db, product?.formId, input.additionalFields);
    if (additionalFields === null) throw new StoreError('invalid', 'additionalFields is required.');
    db.prepare('UPDATE cart_entries SET additional_fields = ? WHERE id = ?').run(additionalFields, entryId);
    const updated = touchedCart(db, cart.id, now);
    return { cart: updated, entry: updated.entries.find((e) => e.id === entryId) as CartEntry };
  });
}

export interface SubscriptionCart {
  token: string;
  product: ProductRecord;
  variant: VariantRecord;
  quantity: number;
  additionalFields: string | null;
}

/**
 * Starts a subscription checkout for one subscribable variant, holding its units for the hold
 * window like a cart entry (one immediate transaction: the last unit has one winner); the token
 * leads to the subscription page.
 */
export function createSubscriptionCart(
  db: Db,
  input: { itemId: unknown; sku: unknown; qty: unknown; additionalFields: unknown; holder?: string | null },
  hold: StockHold = DEFAULT_STOCK_HOLD,
): string {
  return inImmediateTransaction(db, () => {
    const { product, variant } = findVariant(db, input.itemId, input.sku, ITEM_LOOKUP);
    if (!product.isSubscribable) throw new StoreError('invalid', 'This product is not sold by subscription.');
    const quantity = checkQuantity(input.qty ?? 1);
    const additionalFields = checkAdditionalFields(db, product.formId, input.additionalFields);
    if (product.formId && additionalFields === null) {
      throw new StoreError('invalid', 'This product needs its additional fields filled in.');
    }
    const now = hold.now();
    reserve(db, variant, quantity, now);
    const claim = { cartId: null, holder: input.holder ?? null, entryId: null, wanted: quantity };
    const { heldUntil, holder } = holdFor(db, variant, claim, now, hold);
    const token = newId();
    db.prepare(
      `INSERT INTO subscription_carts (token, product_id, sku, quantity, additional_fields, created, held_until, holder)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(token, product.id, variant.sku, quantity, additionalFields, now, heldUntil, holder);
    return token;
  });
}

export function getSubscriptionCart(db: Db, token: string): SubscriptionCart | undefined {
  const row = db.prepare('SELECT * FROM subscription_carts WHERE token = ?').get(token) as
    { token: string; product_id: string; sku: string; quantity: number; additional_fields: string | null } | undefined;
  if (!row) return undefined;
  const product = getProduct(db, row.product_id);
  const variant = product?.variants.find((v) => v.sku === row.sku);
  if (!product || !variant) return undefined;
  return { token: row.token, product, variant, quantity: row.quantity, additionalFields: row.additional_fields };
}
