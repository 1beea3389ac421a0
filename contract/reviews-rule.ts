import { FeatureFlag, NamedFlag, PageType, RecordType } from './enumerations';
import { isFeatureOn, readEnabledFeatures } from './feature-flags';

/** The parts of a store context (`#store-context`) that decide whether reviews show. */
export interface ReviewsContext {
  pageType?: unknown;
  item?: { recordType?: unknown; id?: unknown } | null;
  featureFlags?: unknown;
  enabledFeatures?: unknown;
  reviewsSettings?: { nativeReviewsEnabled?: unknown; importedReviewsEnabled?: unknown } | null;
}

/**
 * Reviews show on product pages only, when the store has native reviews (which also need
 * numbered flag 66, native product reviews) or imported reviews turned on and the reviews
 * kill-switch flag is off (storefront spec, section 9). The
 * loader decides with it whether to fetch `<store-reviews>`, the server whether to link to reviews.
 */
export function reviewsAllowedFor(context: ReviewsContext): boolean {
  const settings = context.reviewsSettings ?? {};
  const flags = Array.isArray(context.featureFlags) ? context.featureFlags : [];
  const native =
    settings.nativeReviewsEnabled === true &&
    isFeatureOn(readEnabledFeatures(context.enabledFeatures), FeatureFlag.NATIVE_PRODUCT_REVIEWS);
  return (
    context.pageType === PageType.CONTENT_ITEM &&
    context.item?.recordType === RecordType.STORE_ITEM &&
    (native || settings.importedReviewsEnabled === true) &&
    !flags.includes(NamedFlag.REVIEWS_KILL_SWITCH)
  );
}
