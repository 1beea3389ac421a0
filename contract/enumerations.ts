/**
 * The platform's numbered enumerations (platform spec, sections 2 and 3): one copy for
 * widgets, analytics, the template engine and the server. Known values only; the platform
 * has more than the spec shows.
 */

/** Page-type codes (platform spec, section 2). */
export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
} as const;
export type PageType = (typeof PageType)[keyof typeof PageType];

/** Product types (`structuredContent.productType`). */
export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

/** Record types of content items (the known ones). */
export const RecordType = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  AUDIO: 7,
  VIDEO: 8,
  STORE_ITEM: 11,
  EVENT: 12,
  GALLERY: 14,
} as const;
export type RecordType = (typeof RecordType)[keyof typeof RecordType];

/** Collection types (the known ones). */
export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  PAGE: 10,
  PRODUCTS: 13,
} as const;
export type CollectionType = (typeof CollectionType)[keyof typeof CollectionType];

/** Site user roles. */
export const UserRole = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
  NONE: 14,
} as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

/** Site status codes. */
export const SiteStatus = {
  EXPIRED: 1,
  PAST_DUE: 2,
  TRIAL: 3,
  BETA: 4,
  REMOVED: 5,
  INTERNAL: 6,
  COMPED: 7,
  PAID: 8,
  V5_LINKED: 11,
  ACTIVE_PARKING_PAGE: 12,
  RESOLD: 13,
  RESOLD_GRACE_PERIOD: 14,
  ENTERPRISE: 15,
} as const;
export type SiteStatus = (typeof SiteStatus)[keyof typeof SiteStatus];

/** Numbered feature flags (the known ones). */
export const FeatureFlag = {
  GIFT_CARDS: 40,
  COMMERCE_SUBSCRIPTIONS: 50,
  POINT_OF_SALE: 56,
  AFTERPAY: 64,
  NATIVE_PRODUCT_REVIEWS: 66,
  CLEARPAY: 68,
  KLARNA: 70,
} as const;
export type FeatureFlag = (typeof FeatureFlag)[keyof typeof FeatureFlag];

/** Named feature flags of the store context's `featureFlags` list. */
export const NamedFlag = {
  /** Hides reviews everywhere. */
  REVIEWS_KILL_SWITCH: 'reviews-kill-switch',
  /** Turns every kind of analytics off on the site. */
  CENSUS_DISABLED: 'census-disabled',
  /** Turns the site-visitor metrics events on. */
  SITE_VISITOR_METRICS: 'commerce-site-visitor-metrics',
} as const;

/** Analytics event types. */
export const AnalyticsEventType = {
  PAGE_VIEW: 1,
  SITE_SEARCH: 2,
  HEARTBEAT: 10,
  AUDIO: 20,
  VIDEO: 21,
} as const;
export type AnalyticsEventType = (typeof AnalyticsEventType)[keyof typeof AnalyticsEventType];
