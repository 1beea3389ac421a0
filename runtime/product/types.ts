import { ProductType } from '../../contract/enumerations';
import { jsonObjects } from '../json-list';

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
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  /** The product image that shows this variant (an id from the product's images). */
  mainImageId?: string;
}

/** Reads a `data-variants` JSON value defensively: anything malformed is dropped. */
export function parseVariants(json: string | undefined | null): Variant[] {
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
    // Tags carry priceCents; the platform's variants carry price and salePrice (also minor units).
    const price = num(v.priceCents) ?? num(v.price);
    if (price !== undefined) variant.priceCents = price;
    const sale = num(v.salePriceCents) ?? num(v.salePrice);
    if (sale !== undefined) variant.salePriceCents = sale;
    if (typeof v.onSale === 'boolean') variant.onSale = v.onSale;
    const qty = num(v.qtyInStock);
    if (qty !== undefined) variant.qtyInStock = qty;
    if (typeof v.unlimited === 'boolean') variant.unlimited = v.unlimited;
    if (typeof v.mainImageId === 'string') variant.mainImageId = v.mainImageId;
    variants.push(variant);
  }
  return variants;
}
