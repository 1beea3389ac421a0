import type { Predicate } from '../plugin';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from './commerce/product';

/** Commerce predicates, by template name; each tests the product item in scope. */
export const COMMERCE_PREDICATES: Record<string, Predicate> = {
  'has-variants?': ({ node }) => hasVariants(node),
  'on-sale?': ({ node }) => isOnSale(node),
  'sold-out?': ({ node }) => isSoldOut(node),
  'varied-prices?': ({ node }) => hasVariedPrices(node),
};
