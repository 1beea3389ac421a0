/** Cart formatters' data: the cart's entries and their quantities. */
import { isObject } from '../../values';
import { numberOf, objectList } from './fields';

/** Units in the cart: the sum of its entries' quantities (missing or negative ones count as 0). */
export function cartQuantity(cart: unknown): number {
  const entries = objectList(isObject(cart) ? cart.entries : undefined);
  return entries.reduce((total, entry) => total + Math.max(0, numberOf(entry.quantity) ?? 0), 0);
}
