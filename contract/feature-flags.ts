import { FeatureFlag, NamedFlag } from './enumerations';

/**
 * The numbered feature flags a site has on (platform spec, section 3) and what each gates in
 * the widgets. The store context carries them as `enabledFeatures` (numbers), beside the named
 * `featureFlags` (strings such as 'reviews-kill-switch').
 */

/** The flags a store has on when its settings predate the flags: what the demo store did before them. */
export const DEFAULT_ENABLED_FEATURES: readonly FeatureFlag[] = [
  FeatureFlag.GIFT_CARDS,
  FeatureFlag.COMMERCE_SUBSCRIPTIONS,
  FeatureFlag.AFTERPAY,
  FeatureFlag.NATIVE_PRODUCT_REVIEWS,
  FeatureFlag.CLEARPAY,
];

/** Every known flag, with the name owners see in settings. */
export const FEATURE_FLAG_NAMES: Readonly<Record<FeatureFlag, string>> = {
  [FeatureFlag.GIFT_CARDS]: 'Gift cards',
  [FeatureFlag.COMMERCE_SUBSCRIPTIONS]: 'Commerce subscriptions',
  [FeatureFlag.POINT_OF_SALE]: 'Point of sale',
  [FeatureFlag.AFTERPAY]: 'Afterpay',
  [FeatureFlag.NATIVE_PRODUCT_REVIEWS]: 'Native product reviews',
  [FeatureFlag.CLEARPAY]: 'Clearpay',
  [FeatureFlag.KLARNA]: 'Klarna',
};

/** Whether `value` is a known numbered flag. */
export function isFeatureFlag(value: unknown): value is FeatureFlag {
  return typeof value === 'number' && Object.prototype.hasOwnProperty.call(FEATURE_FLAG_NAMES, value);
}

/**
 * The numbered flags of a store context's `enabledFeatures`: the flag numbers it lists (known
 * or not: the platform has more than this build knows), or null when it lists none at all (not
 * an array: a page written without flags keeps every gate open).
 */
export function readEnabledFeatures(value: unknown): number[] | null {
  return Array.isArray(value) ? value.filter((flag): flag is number => Number.isSafeInteger(flag) && flag > 0) : null;
}

/** Named flags a store has on until its owner turns them off (settings without a list of named flags). */
export const DEFAULT_NAMED_FLAGS: readonly string[] = [NamedFlag.VANILLA_FORM_HANDLER];

/** Whether textarea fields keep their `maxLength`: the vanilla form handler flag is on (null: not said, so yes). */
export function textareaMaxLengthOn(featureFlags: readonly string[] | null): boolean {
  return featureFlags === null || featureFlags.includes(NamedFlag.VANILLA_FORM_HANDLER);
}

/** The field as the form handler flag says: a textarea loses its `maxLength` while the flag is off. */
export function withFormHandlerRule<F extends { type: string; maxLength?: number }>(
  field: F,
  featureFlags: readonly string[] | null,
): F {
  if (field.type !== 'textarea' || field.maxLength === undefined || textareaMaxLengthOn(featureFlags)) return field;
  const { maxLength: _dropped, ...rest } = field;
  return rest as F;
}

/** Whether `flag` is on in `enabled` (null: the page does not say, so yes). */
export function isFeatureOn(enabled: readonly number[] | null, flag: number): boolean {
  return enabled === null || enabled.includes(flag);
}

/** The flag an installment provider needs. */
export const INSTALLMENT_PROVIDER_FLAG = {
  Afterpay: FeatureFlag.AFTERPAY,
  Clearpay: FeatureFlag.CLEARPAY,
  Klarna: FeatureFlag.KLARNA,
} as const;

/** Messages of a purchase a flag turns off (shown beside the disabled button, and by the server). */
export const FEATURE_OFF_MESSAGES = {
  giftCards: 'Gift cards are not available in this store right now.',
  subscriptions: 'Subscriptions are not available in this store right now.',
} as const;
