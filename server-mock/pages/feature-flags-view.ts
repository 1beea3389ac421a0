import { FeatureFlag } from '../../contract/enumerations';
import { FEATURE_FLAG_NAMES } from '../../contract/feature-flags';

/** What each numbered flag does in this store, as the settings and QA pages say it. */
export const FLAG_GATES: Readonly<Record<FeatureFlag, string>> = {
  [FeatureFlag.GIFT_CARDS]: 'Gift cards can be bought (without it the button is disabled and says why).',
  [FeatureFlag.COMMERCE_SUBSCRIPTIONS]:
    'Subscriptions can be checked out (without it the button is disabled and the server refuses the checkout).',
  [FeatureFlag.POINT_OF_SALE]: 'In-person sales; nothing on the storefront depends on it.',
  [FeatureFlag.AFTERPAY]: 'The Afterpay installment pill (US, Canada, Australia, New Zealand).',
  [FeatureFlag.NATIVE_PRODUCT_REVIEWS]: 'Native product reviews on product pages.',
  [FeatureFlag.CLEARPAY]: 'The Clearpay installment pill (United Kingdom).',
  [FeatureFlag.KLARNA]: 'The Klarna installment pill, where the locale’s own service (Afterpay or Clearpay) is off.',
};

/** Every known flag in code order. */
export const ALL_FLAGS: readonly FeatureFlag[] = (Object.values(FeatureFlag) as FeatureFlag[]).sort((a, b) => a - b);

/** The flags as the settings page lists them, checked when on. */
export function flagRows(enabled: readonly number[]) {
  return ALL_FLAGS.map((code) => ({
    code,
    name: FEATURE_FLAG_NAMES[code],
    gates: FLAG_GATES[code],
    on: enabled.includes(code),
  }));
}
