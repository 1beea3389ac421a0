import type { StockResult } from '../../contract/cart';
import { jsonForHtml } from '../../contract/json-in-html';
import { offerAvailability, productStructuredDataSelector } from '../../contract/structured-data';

/**
 * Keeps a product page's schema.org Offers true to the stock the widgets learned: each Offer
 * whose sku has a stock line gets that line's availability (a result without a sku speaks for
 * the product's only variant). The JSON-LD is rewritten only when an availability changed.
 */
export function syncOfferAvailability(
  itemId: string,
  productType: number | undefined,
  stock: readonly StockResult[],
  doc: Document | undefined = globalThis.document,
): void {
  const script = doc?.querySelector(productStructuredDataSelector(itemId));
  if (!script?.textContent || stock.length === 0) return;
  let data: { offers?: { sku?: string; availability?: string }[] };
  try {
    data = JSON.parse(script.textContent) as typeof data;
  } catch {
    return;
  }
  const offers = Array.isArray(data.offers) ? data.offers : [];
  let changed = false;
  for (const offer of offers) {
    const line =
      stock.find((s) => s.sku === offer.sku) ??
      (offers.length === 1 && stock.length === 1 && !stock[0]?.sku ? stock[0] : undefined);
    if (!line) continue;
    const availability = offerAvailability(productType, line);
    if (offer.availability !== availability) {
      offer.availability = availability;
      changed = true;
    }
  }
  if (changed) script.textContent = jsonForHtml(data);
}
