/**
 * The schema.org Product data product pages carry as JSON-LD (`<script type="application/ld+json"
 * data-item-id>`), one Offer per variant. The server writes it; the widgets keep each Offer's
 * availability true as they learn the stock.
 */
import { ProductType } from './enumerations';

export const SCHEMA_IN_STOCK = 'https://schema.org/InStock';
export const SCHEMA_OUT_OF_STOCK = 'https://schema.org/OutOfStock';
export type OfferAvailability = typeof SCHEMA_IN_STOCK | typeof SCHEMA_OUT_OF_STOCK;

/** The selector of a product's JSON-LD on its page. */
export const productStructuredDataSelector = (itemId: string) =>
  `script[type="application/ld+json"][data-item-id="${CSS.escape(itemId)}"]`;

/**
 * A variant's availability (platform spec, section 4): physical and service stock runs out;
 * digital products and gift cards never do.
 */
export function offerAvailability(
  productType: number | undefined,
  stock: { unlimited: boolean; qtyInStock: number },
): OfferAvailability {
  const stocked = productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
  return !stocked || stock.unlimited || stock.qtyInStock > 0 ? SCHEMA_IN_STOCK : SCHEMA_OUT_OF_STOCK;
}
