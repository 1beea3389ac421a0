import type { ProductImage } from '../../contract/product-images';
import type { Db } from './db';
import { heldUnitsAt } from './held-units';
import { StoreError } from './store-error';
import { tablesVersion } from './table-version';

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

export function getProduct(db: Db, id: string): ProductRecord | undefined {
  const cached = catalog(db);
  if (cached) return cached.byId.get(id);
  return readProduct(db, db.prepare('SELECT * FROM products WHERE id = ?').get(id) as ProductRow | undefined);
}

export function getProductBySlug(db: Db, slug: string): ProductRecord | undefined {
  const cached = catalog(db);
  if (cached) return cached.bySlug.get(slug);
  return readProduct(db, db.prepare('SELECT * FROM products WHERE slug = ?').get(slug) as ProductRow | undefined);
}

function groupBy<R extends { product_id: string }, T>(rows: R[], view: (row: R) => T): Map<string, T[]> {
  const byProduct = new Map<string, T[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(view(row));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** Every product in shop order, with variants and images (three queries, however many products). */
function readProducts(db: Db): ProductRecord[] {
  const rows = db.prepare('SELECT * FROM products ORDER BY position').all() as ProductRow[];
  const variants = groupBy(
    db
      .prepare(
        `SELECT ${VARIANT_COLUMNS} FROM variants v LEFT JOIN variant_images vi ON vi.sku = v.sku
         ORDER BY v.product_id, v.position`,
      )
      .all() as VariantRow[],
    toVariant,
  );
  const images = groupBy(
    db.prepare(`SELECT ${IMAGE_COLUMNS} FROM product_images ORDER BY product_id, position, id`).all() as ImageRow[],
    toImage,
  );
  return rows.map((row) => toProduct(row, variants.get(row.id) ?? [], images.get(row.id) ?? []));
}

/** Every product in shop order, with variants and images. Read-only: shared with other requests. */
export function listProducts(db: Db): readonly ProductRecord[] {
  return catalog(db)?.list ?? readProducts(db);
}

/** The tables a {@link ProductRecord} is read from: a write to any of them drops the cached catalog. */
export const CATALOG_TABLES = ['products', 'variants', 'variant_images', 'product_images'] as const;

interface Catalog {
  list: readonly ProductRecord[];
  byId: ReadonlyMap<string, ProductRecord>;
  bySlug: ReadonlyMap<string, ProductRecord>;
}

const catalogs = new WeakMap<Db, { version: string; catalog: Catalog }>();

/** Freezes `value` and everything it holds (the cached records are shared by every request). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The whole catalog, read once and kept (frozen) while none of {@link CATALOG_TABLES} changes (see
 * {@link tableVersion}: writes through this connection at once, other connections' commits from
 * the next turn of the event loop). Undefined inside a transaction when the kept catalog is stale
 * (what a transaction reads may still roll back): the caller then reads the rows itself.
 */
function catalog(db: Db): Catalog | undefined {
  const version = tablesVersion(db, CATALOG_TABLES);
  const hit = catalogs.get(db);
  if (hit?.version === version) return hit.catalog;
  if (db.inTransaction) return undefined;
  const list = deepFreeze(readProducts(db));
  const value: Catalog = {
    list,
    byId: new Map(list.map((p) => [p.id, p])),
    bySlug: new Map(list.map((p) => [p.slug, p])),
  };
  catalogs.set(db, { version, catalog: value });
  return value;
}

/**
 * Reads the catalog into the cache when it is stale and no transaction is open, so that a
 * transaction about to start finds it (inside one nothing is kept).
 */
export function warmCatalog(db: Db): void {
  if (!db.inTransaction) catalog(db);
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
      `SELECT COALESCE(SUM(e.quantity), 0) AS n FROM carts c JOIN cart_entries e ON e.cart_id = c.id
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
