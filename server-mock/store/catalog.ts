import type { Db } from './db';

export interface VariantRecord {
  sku: string;
  productId: string;
  attributes: Record<string, string>;
  priceCents: number;
  qtyInStock: number;
  unlimited: boolean;
}

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
}

function toVariant(row: VariantRow): VariantRecord {
  return {
    sku: row.sku,
    productId: row.product_id,
    attributes: JSON.parse(row.attributes) as Record<string, string>,
    priceCents: row.price_cents,
    qtyInStock: row.qty_in_stock,
    unlimited: row.unlimited === 1,
  };
}

function toProduct(row: ProductRow, variants: VariantRecord[]): ProductRecord {
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
  };
}

function variantsOf(db: Db, productId: string): VariantRecord[] {
  return (
    db.prepare('SELECT * FROM variants WHERE product_id = ? ORDER BY position').all(productId) as VariantRow[]
  ).map(toVariant);
}

export function getProduct(db: Db, id: string): ProductRecord | undefined {
  const row = db.prepare('SELECT * FROM products WHERE id = ?').get(id) as ProductRow | undefined;
  return row ? toProduct(row, variantsOf(db, row.id)) : undefined;
}

export function getProductBySlug(db: Db, slug: string): ProductRecord | undefined {
  const row = db.prepare('SELECT * FROM products WHERE slug = ?').get(slug) as ProductRow | undefined;
  return row ? toProduct(row, variantsOf(db, row.id)) : undefined;
}

/** Every product in shop order, with variants (two queries, however many products). */
export function listProducts(db: Db): ProductRecord[] {
  const rows = db.prepare('SELECT * FROM products ORDER BY position').all() as ProductRow[];
  const byProduct = new Map<string, VariantRecord[]>();
  for (const row of db.prepare('SELECT * FROM variants ORDER BY product_id, position').all() as VariantRow[]) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(toVariant(row));
    byProduct.set(row.product_id, list);
  }
  return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
}

/** Units of a sku held by open carts, optionally leaving one cart out. */
export function reservedQuantity(db: Db, sku: string, exceptCartId: string | null = null): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(e.quantity), 0) AS n FROM cart_entries e JOIN carts c ON c.id = e.cart_id
       WHERE e.sku = ? AND c.is_purchased = 0 AND c.id IS NOT ?`,
    )
    .get(sku, exceptCartId) as { n: number };
  return row.n;
}

export interface StockRecord {
  sku: string;
  variantId: string;
  unlimited: boolean;
  qtyInStock: number;
}

/**
 * Stock of each variant as one visitor sees it: what is on hand minus what other
 * carts hold (their own cart's units still count as theirs).
 */
export function stockFor(db: Db, product: ProductRecord, cartId: string | null): StockRecord[] {
  return product.variants.map((v) => ({
    sku: v.sku,
    variantId: v.sku,
    unlimited: v.unlimited,
    qtyInStock: v.unlimited ? 0 : Math.max(0, v.qtyInStock - reservedQuantity(db, v.sku, cartId)),
  }));
}
