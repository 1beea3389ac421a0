/** The installment pill (storefront spec, sections 4, 5, 9). English defaults, by key. */
export const INSTALLMENTS_STRINGS = {
  'installments.payments': 'or {n} interest-free payments of {amount} with',
  'installments.over': 'available for orders over {amount}',
  'installments.upTo': 'available for orders up to {amount}',
  'installments.about': 'About paying with {provider}',
  'installments.payWith': 'Pay with {provider}',
} as const;
