import type { Predicate } from '../plugin';
import { isSubscribableType } from '../../contract/enumerations';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut, isSubscribable, productTypeOf } from './commerce/product';

/** Commerce predicates, by template name; each tests the product item in scope. */
export const COMMERCE_PREDICATES: Record<string, Predicate> = {
  'has-variants?': ({ node }) => hasVariants(node),
  'on-sale?': ({ node }) => isOnSale(node),
  'sold-out?': ({ node }) => isSoldOut(node),
  // Sold as a subscription, and of a type a merchant may sell so: physical or service.
  'subscribable?': ({ node }) => isSubscribable(node) && isSubscribableType(productTypeOf(node)),
  'varied-prices?': ({ node }) => hasVariedPrices(node),
};
