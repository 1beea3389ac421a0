import { ProductType } from '../../contract/enumerations';
import { jsonObjects } from '../json-list';
import { leftOut, tagPrice } from '../read-price';

/** The product type an attribute names; physical for anything else (paywall products included). */
export function toProductType(value: unknown): ProductType {
  const n = Number(value);
  return n === ProductType.DIGITAL || n === ProductType.SERVICE || n === ProductType.GIFT_CARD
    ? n
    : ProductType.PHYSICAL;
}

/** One purchasable variant of a product, as pages render it into `data-variants`. */
export interface Variant {
  id?: string;
  sku: string;
  /** Option name -> value, e.g. { Size: 'M', Color: 'Sand' }. */
  attributes: Record<string, string>;
  /** Price in minor units. */
  priceCents?: number;
  salePriceCents?: number;
  /** The currency of both prices: the one the data names, else the store's. */
  currency?: string;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  /** The product image that shows this variant (an id from the product's images). */
  mainImageId?: string;
}

/** What the shopper pays for a variant, minor units: its sale price while on sale, else its price. */
export function payableCents(variant: Variant | null | undefined): number | undefined {
  return variant?.onSale && variant.salePriceCents !== undefined ? variant.salePriceCents : variant?.priceCents;
}

/**
 * The price fields of a variant, in the order they are read: tags' `priceCents`, the platform's
 * `priceMoney` and `price` (cents, or the shopper spec's decimal price); the same for the sale price.
 */
const PRICE_FIELDS = ['priceCents', 'priceMoney', 'price'] as const;
const SALE_PRICE_FIELDS = ['salePriceCents', 'salePriceMoney', 'salePrice'] as const;

/** The first readable price among `fields` of a variant; each malformed one is warned of and skipped. */
function variantPrice(variant: Record<string, unknown>, fields: readonly string[], where: string) {
  for (const field of fields) {
    const price = tagPrice(variant[field], `${where} ${field}`);
    if (price) return price;
  }
  return undefined;
}

/**
 * Reads a `data-variants` JSON value defensively: anything malformed is dropped, malformed prices
 * with a console warning naming `where` they were (`<store-add-to-cart> data-variants`).
 */
export function parseVariants(json: string | undefined | null, where = 'data-variants'): Variant[] {
  const variants: Variant[] = [];
  for (const v of jsonObjects(json)) {
    const sku = typeof v.sku === 'string' ? v.sku : typeof v.id === 'string' ? v.id : undefined;
    if (!sku) continue;
    const attributes: Record<string, string> = {};
    if (v.attributes && typeof v.attributes === 'object') {
      for (const [name, value] of Object.entries(v.attributes as Record<string, unknown>)) {
        if (typeof value === 'string' || typeof value === 'number') attributes[name] = String(value);
      }
    }
    const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
    const variant: Variant = { sku, attributes };
    if (typeof v.id === 'string') variant.id = v.id;
    const at = `${where}, variant ${sku},`;
    const price = variantPrice(v, PRICE_FIELDS, at);
    let sale = variantPrice(v, SALE_PRICE_FIELDS, at);
    if (price && sale && sale.currency !== price.currency) {
      leftOut(`${at} sale price`, `${sale.currency} is not the price's currency (${price.currency})`);
      sale = undefined;
    }
    if (price) variant.priceCents = price.minor;
    if (sale) variant.salePriceCents = sale.minor;
    const currency = (price ?? sale)?.currency;
    if (currency) variant.currency = currency;
    if (typeof v.onSale === 'boolean') variant.onSale = v.onSale;
    const qty = num(v.qtyInStock);
    if (qty !== undefined) variant.qtyInStock = qty;
    if (typeof v.unlimited === 'boolean') variant.unlimited = v.unlimited;
    if (typeof v.mainImageId === 'string') variant.mainImageId = v.mainImageId;
    variants.push(variant);
  }
  return variants;
}
