import type { StockResult } from '../../contract/cart';

/**
 * Availability rule (storefront spec, section 5): available when any stock
 * result is unlimited or has stock above the quantity already in the cart.
 */
export function isAvailable(results: readonly StockResult[], quantityInCart: number): boolean {
  return results.some((r) => r.unlimited || r.qtyInStock > quantityInCart);
}
