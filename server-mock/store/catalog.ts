import type { ProductImage } from '../../contract/product-images';
import type { Db } from './db';
import { heldUnitsAt } from './held-units';
import { StoreError } from './store-error';
import {
  decodeTextCursor,
  encodeTextCursor,
  INVALID_CURSOR,
  twoWayPage,
  type PageRequest,
  type TwoWayPage,
} from './page-cursor';
import { dataVersion } from './table-version';

export interface VariantRecord {
  sku: string;
  productId: string;
  attributes: Record<string, string>;
  priceCents: number;
  qtyInStock: number;
  unlimited: boolean;
  /** The product image that shows this variant (one of the product's `images`), or null. */
  mainImageId: string | null;
}

/** One product image (the widget's shape): every image of one product has the same size. */
export type { ProductImage };

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

export interface ProductRecord {
  id: string;
  slug: string;
  name: string;
  productType: number;
  description: string;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  formId: string | null;
  customLabel: string | null;
  variantOptionOrdering: string[];
  variants: VariantRecord[];
  /** The product's images in display order; the first is the main one. */
  images: ProductImage[];
}

interface ProductRow {
  id: string;
  slug: string;
  name: string;
  product_type: number;
  description: string;
  is_subscribable: number;
  subscription_plan: string | null;
  form_id: string | null;
  custom_label: string | null;
  variant_option_ordering: string;
}

interface VariantRow {
  sku: string;
  product_id: string;
  attributes: string;
  price_cents: number;
  qty_in_stock: number;
  unlimited: number;
  main_image_id: string | null;
}

interface ImageRow {
  id: string;
  product_id: string;
  width: number;
  height: number;
  alt: string;
}

/** Where an image is served (routes/images.ts draws it). */
export function imageUrl(id: string): string {
  return `/img/${encodeURIComponent(id)}.svg`;
}

function toImage(row: ImageRow): ProductImage {
  return { id: row.id, url: imageUrl(row.id), width: row.width, height: row.height, alt: row.alt };
}

function toVariant(row: VariantRow): VariantRecord {
  return {
    sku: row.sku,
    productId: row.product_id,
    attributes: JSON.parse(row.attributes) as Record<string, string>,
    priceCents: row.price_cents,
    qtyInStock: row.qty_in_stock,
    unlimited: row.unlimited === 1,
    mainImageId: row.main_image_id,
  };
}

function toProduct(row: ProductRow, variants: VariantRecord[], images: ProductImage[]): ProductRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    productType: row.product_type,
    description: row.description,
    isSubscribable: row.is_subscribable === 1,
    subscriptionPlan: row.subscription_plan ? (JSON.parse(row.subscription_plan) as SubscriptionPlan) : null,
    formId: row.form_id,
    customLabel: row.custom_label,
    variantOptionOrdering: JSON.parse(row.variant_option_ordering) as string[],
    variants,
    images,
  };
}

const VARIANT_COLUMNS = `v.sku, v.product_id, v.attributes, v.price_cents, v.qty_in_stock, v.unlimited,
  vi.image_id AS main_image_id`;
const IMAGE_COLUMNS = 'id, product_id, width, height, alt';

function variantsOf(db: Db, productId: string): VariantRecord[] {
  return (
    db
      .prepare(
        `SELECT ${VARIANT_COLUMNS} FROM variants v LEFT JOIN variant_images vi ON vi.sku = v.sku
         WHERE v.product_id = ? ORDER BY v.position`,
      )
      .all(productId) as VariantRow[]
  ).map(toVariant);
}

function imagesOf(db: Db, productId: string): ProductImage[] {
  return (
    db
      .prepare(`SELECT ${IMAGE_COLUMNS} FROM product_images WHERE product_id = ? ORDER BY position, id`)
      .all(productId) as ImageRow[]
  ).map(toImage);
}

/** What the image route draws: the image's size, its label and background colour. */
export interface ImageDrawing {
  id: string;
  label: string;
  color: string;
  width: number;
  height: number;
  alt: string;
}

/** One product image with what it takes to draw it, or undefined. */
export function getImage(db: Db, id: string): ImageDrawing | undefined {
  return db.prepare('SELECT id, label, color, width, height, alt FROM product_images WHERE id = ?').get(id) as
    ImageDrawing | undefined;
}

/** A variant's options for people ("Size: S, Color: Sand"); '' when it has none. */
export function variantDescription(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

/** What a caller says when {@link findVariant} refuses. */
export interface VariantLookupMessages {
  /** The product id is missing or not text ('invalid'). */
  productRequired: string;
  /** No product has this id ('not-found'). */
  noProduct: string;
  /** No variant given for a product with several ('invalid'). */
  variantRequired: string;
  /** The variant id is not text ('invalid'). */
  variantType: string;
  /** The product has no variant with this sku ('not-found'). */
  noVariant: string;
}

/**
 * The product and variant a request names; a product with one variant may leave the variant
 * out. Refuses with a {@link StoreError} carrying the caller's message.
 */
export function findVariant(
  db: Db,
  productId: unknown,
  sku: unknown,
  messages: VariantLookupMessages,
): { product: ProductRecord; variant: VariantRecord } {
  if (typeof productId !== 'string' || productId === '') throw new StoreError('invalid', messages.productRequired);
  const product = getProduct(db, productId);
  if (!product) throw new StoreError('not-found', messages.noProduct);
  if (sku === undefined || sku === null || sku === '') {
    if (product.variants.length === 1) return { product, variant: product.variants[0] as VariantRecord };
    throw new StoreError('invalid', messages.variantRequired);
  }
  if (typeof sku !== 'string') throw new StoreError('invalid', messages.variantType);
  const variant = product.variants.find((v) => v.sku === sku);
  if (!variant) throw new StoreError('not-found', messages.noVariant);
  return { product, variant };
}

function readProduct(db: Db, row: ProductRow | undefined): ProductRecord | undefined {
  return row ? toProduct(row, variantsOf(db, row.id), imagesOf(db, row.id)) : undefined;
}

const readById = (db: Db, id: string) =>
  readProduct(db, db.prepare('SELECT * FROM products WHERE id = ?').get(id) as ProductRow | undefined);

export function getProduct(db: Db, id: string): ProductRecord | undefined {
  const kept = catalog(db);
  if (!kept || changes.get(db)?.has(id)) return readById(db, id);
  const entry = kept.byId.get(id);
  return entry && keptRecord(db, kept, entry);
}

export function getProductBySlug(db: Db, slug: string): ProductRecord | undefined {
  const kept = catalog(db);
  // Inside a transaction that wrote the catalog, a slug may have moved: the rows say where.
  if (!kept || (changes.get(db)?.size ?? 0) > 0) {
    return readProduct(db, db.prepare('SELECT * FROM products WHERE slug = ?').get(slug) as ProductRow | undefined);
  }
  const entry = kept.bySlug.get(slug);
  return entry && keptRecord(db, kept, entry);
}

/** The tables a {@link ProductRecord} is read from: a write to any of them changes a product. */
export const CATALOG_TABLES = ['products', 'variants', 'variant_images', 'product_images'] as const;

/** A product as the shop's lists order and search it: kept for every product (a few dozen bytes each). */
interface Entry {
  id: string;
  slug: string;
  position: number;
  /** The name in lower case, for search. */
  lowerName: string;
}

interface Catalog {
  /** `PRAGMA data_version` it was read at: another connection's commit means reading it again. */
  dataVersion: number;
  /** Every product in shop order (position, then id). */
  entries: Entry[];
  byId: Map<string, Entry>;
  bySlug: Map<string, Entry>;
  /** Whole records read so far (frozen, shared by every request), at most {@link KEPT_RECORDS}. */
  records: Map<string, ProductRecord>;
}

/** Whole product records kept at most; past it the longest kept goes first. */
const KEPT_RECORDS = 20_000;

const catalogs = new WeakMap<Db, Catalog>();
/** Per database: ids of the products written since the kept catalog last caught up (temp triggers add them). */
const changes = new WeakMap<Db, Set<string>>();

/** Freezes `value` and everything it holds (the cached records are shared by every request). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The set of changed product ids, with the temp triggers that fill it on every write to a
 * catalog table (made on first need outside a transaction: one would take them along with its
 * rollback). Undefined until then.
 */
function changesOf(db: Db): Set<string> | undefined {
  const known = changes.get(db);
  if (known || db.inTransaction) return known;
  const changed = new Set<string>();
  db.function('store_catalog_changed', { deterministic: false }, (id: unknown) => {
    if (typeof id === 'string') changed.add(id);
    return null;
  });
  const productOf: Record<(typeof CATALOG_TABLES)[number], (row: 'NEW' | 'OLD') => string> = {
    products: (row) => `${row}.id`,
    variants: (row) => `${row}.product_id`,
    product_images: (row) => `${row}.product_id`,
    variant_images: (row) => `(SELECT product_id FROM main.variants WHERE sku = ${row}.sku)`,
  };
  for (const table of CATALOG_TABLES) {
    const of = productOf[table];
    for (const [op, rows] of [
      ['INSERT', ['NEW']],
      ['UPDATE', ['OLD', 'NEW']],
      ['DELETE', ['OLD']],
    ] as const) {
      const calls = rows.map((row) => `SELECT store_catalog_changed(${of(row)});`).join(' ');
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS store_catalog_${table}_${op.toLowerCase()}
         AFTER ${op} ON main.${table} BEGIN ${calls} END`,
      );
    }
  }
  changes.set(db, changed);
  return changed;
}

const entryOf = (row: { id: string; slug: string; name: string; position: number }): Entry => ({
  id: row.id,
  slug: row.slug,
  position: row.position,
  lowerName: row.name.toLowerCase(),
});

/** Shop order: position, then id. */
function compare(a: Pick<Entry, 'position' | 'id'>, b: Pick<Entry, 'position' | 'id'>): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The index of the first entry after `key` (`inclusive`: at or after it). */
function indexAfter(entries: readonly Entry[], key: Pick<Entry, 'position' | 'id'>, inclusive = false): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const order = compare(entries[mid] as Entry, key);
    if (order < 0 || (order === 0 && !inclusive)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function readCatalog(db: Db, dataVersion: number): Catalog {
  const rows = db.prepare('SELECT id, slug, name, position FROM products ORDER BY position, id').all() as {
    id: string;
    slug: string;
    name: string;
    position: number;
  }[];
  const entries = rows.map(entryOf);
  return {
    dataVersion,
    entries,
    byId: new Map(entries.map((e) => [e.id, e])),
    bySlug: new Map(entries.map((e) => [e.slug, e])),
    records: new Map(),
  };
}

/** Brings the kept catalog up to date with the products written since: those alone are read again. */
function catchUp(db: Db, kept: Catalog, changed: Set<string>): void {
  const read = db.prepare('SELECT id, slug, name, position FROM products WHERE id = ?');
  for (const id of changed) {
    kept.records.delete(id);
    const row = read.get(id) as Parameters<typeof entryOf>[0] | undefined;
    const entry = row && entryOf(row);
    const old = kept.byId.get(id);
    if (old) {
      kept.byId.delete(id);
      if (kept.bySlug.get(old.slug) === old) kept.bySlug.delete(old.slug);
    }
    if (entry) {
      kept.byId.set(id, entry);
      kept.bySlug.set(entry.slug, entry);
    }
    // A product that kept its place is replaced where it is: no shift of the list.
    if (old && entry && entry.position === old.position) {
      kept.entries[indexAfter(kept.entries, old, true)] = entry;
      continue;
    }
    if (old) kept.entries.splice(indexAfter(kept.entries, old, true), 1);
    if (!entry) continue;
    const last = kept.entries[kept.entries.length - 1];
    // New products come last in the shop, mostly: no search for their place.
    if (!last || compare(last, entry) < 0) kept.entries.push(entry);
    else kept.entries.splice(indexAfter(kept.entries, entry), 0, entry);
  }
  changed.clear();
}

/**
 * The kept catalog: the shop order of every product, read once, then kept up to date product by
 * product as writes through this connection change them (temp triggers name them); another
 * connection's commit (`PRAGMA data_version`, from the next turn of the event loop) reads it all
 * again. Inside a transaction the products it wrote are read from their rows (what a
 * transaction reads may still roll back); undefined there until a catalog has been read.
 */
function catalog(db: Db): Catalog | undefined {
  const changed = changesOf(db);
  if (!changed) return undefined;
  const version = dataVersion(db);
  let kept = catalogs.get(db);
  if (!kept || kept.dataVersion !== version) {
    if (db.inTransaction) return undefined;
    changed.clear();
    kept = readCatalog(db, version);
    catalogs.set(db, kept);
  }
  if (changed.size > 0 && !db.inTransaction) catchUp(db, kept, changed);
  return kept;
}

/** The whole record of a product the kept catalog lists, read on first need and kept (frozen). */
function keptRecord(db: Db, kept: Catalog, entry: Entry): ProductRecord | undefined {
  const hit = kept.records.get(entry.id);
  if (hit) return hit;
  const record = readById(db, entry.id);
  if (!record) return undefined;
  deepFreeze(record);
  if (kept.records.size >= KEPT_RECORDS) kept.records.delete(kept.records.keys().next().value as string);
  kept.records.set(entry.id, record);
  return record;
}

/**
 * Reads the catalog into the cache when it is stale and no transaction is open, so that a
 * transaction about to start finds it (inside one nothing is kept).
 */
export function warmCatalog(db: Db): void {
  if (!db.inTransaction) catalog(db);
}

/** Every product in shop order, with variants and images (for a whole-store job such as the static demo). */
export function listProducts(db: Db): readonly ProductRecord[] {
  const kept = catalog(db) ?? readCatalog(db, dataVersion(db));
  return kept.entries.map((entry) => keptRecord(db, kept, entry)).filter((p) => p !== undefined);
}

/** A page of products and how many products the list holds in all. */
export interface ProductPage extends TwoWayPage<ProductRecord> {
  total: number;
}

const PRODUCTS_CURSOR = 'products';

function cursorOf(entry: Entry): string {
  return encodeTextCursor(PRODUCTS_CURSOR, `${entry.position}.${entry.id}`);
}

function keyOf(cursor: string): Pick<Entry, 'position' | 'id'> {
  const match = /^(-?\d{1,15})\.([\w.-]{1,200})$/.exec(decodeTextCursor(PRODUCTS_CURSOR, cursor));
  if (!match) throw new StoreError('invalid', INVALID_CURSOR);
  return { position: Number(match[1]), id: match[2] as string };
}

/**
 * A page of the shop's products in shop order, those whose name holds every one of `words`
 * (lower case) when given: the `size` after the cursor `after`, or before `before` (keyset on
 * position and id, so new products never shift a page someone is on). A page read backwards that
 * reaches the start is the first page.
 */
export function productListPage(
  db: Db,
  request: PageRequest,
  size: number,
  words: readonly string[] = [],
): ProductPage {
  const kept = catalog(db) ?? readCatalog(db, dataVersion(db));
  const { entries } = kept;
  const matches = (e: Entry) => words.every((w) => e.lowerName.includes(w));
  let shown: Entry[] = [];
  let firstAt: number;
  if (request.before) {
    let i = indexAfter(entries, keyOf(request.before), true) - 1;
    for (; i >= 0 && shown.length <= size; i--) if (matches(entries[i] as Entry)) shown.push(entries[i] as Entry);
    if (shown.length <= size) return productListPage(db, {}, size, words);
    shown = shown.slice(0, size).reverse();
    firstAt = indexAfter(entries, shown[0] as Entry, true);
  } else {
    let i = request.after ? indexAfter(entries, keyOf(request.after)) : 0;
    firstAt = -1;
    for (; i < entries.length && shown.length < size; i++) {
      if (!matches(entries[i] as Entry)) continue;
      if (firstAt < 0) firstAt = i;
      shown.push(entries[i] as Entry);
    }
    if (firstAt < 0) firstAt = entries.length;
  }
  let before = 0;
  for (let i = firstAt - 1; i >= 0 && before <= size; i--) if (matches(entries[i] as Entry)) before += 1;
  const last = shown[shown.length - 1];
  let moreAfter = false;
  for (let i = last ? indexAfter(entries, last) : entries.length; i < entries.length && !moreAfter; i++) {
    moreAfter = matches(entries[i] as Entry);
  }
  const page = twoWayPage(
    shown,
    { moreBefore: before > 0, firstBefore: before <= size, moreAfter },
    cursorOf,
    (entry) => keptRecord(db, kept, entry) as ProductRecord,
  );
  return {
    ...page,
    items: page.items.filter((p) => p !== undefined),
    total: words.length === 0 ? entries.length : entries.reduce((n, e) => (matches(e) ? n + 1 : n), 0),
  };
}

/**
 * Units of a sku held at `now` by open carts (entries whose hold has not lapsed), optionally
 * leaving one cart out, and by subscription checkouts whose hold has not lapsed: the kept count
 * (`held-units.ts`), not a sum over every holder, less what the left-out cart holds.
 */
export function reservedQuantity(db: Db, sku: string, now: number, exceptCartId: string | null = null): number {
  const held = heldUnitsAt(db, sku, now);
  if (exceptCartId === null) return held;
  const own = db
    .prepare(
      `SELECT COALESCE(SUM(e.quantity), 0) AS n FROM carts c JOIN cart_entries e INDEXED BY entries_by_cart ON e.cart_id = c.id
       WHERE c.id = ? AND c.is_purchased = 0 AND e.sku = ? AND e.held_until > ?`,
    )
    .get(exceptCartId, sku, now) as { n: number };
  return held - own.n;
}

export interface StockRecord {
  sku: string;
  variantId: string;
  unlimited: boolean;
  qtyInStock: number;
}

/**
 * Stock of each variant as one visitor sees it at `now`: what is on hand minus what other
 * carts hold (their own cart's units still count as theirs).
 */
export function stockFor(db: Db, product: ProductRecord, cartId: string | null, now: number): StockRecord[] {
  return product.variants.map((v) => ({
    sku: v.sku,
    variantId: v.sku,
    unlimited: v.unlimited,
    qtyInStock: v.unlimited ? 0 : Math.max(0, v.qtyInStock - reservedQuantity(db, v.sku, now, cartId)),
  }));
}
