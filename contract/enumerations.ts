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

/** Product types a merchant may sell as a subscription (platform spec, section 3): physical and service. */
export const SUBSCRIBABLE_PRODUCT_TYPES: readonly number[] = [ProductType.PHYSICAL, ProductType.SERVICE];

/** Whether a product of this type may be subscribable. */
export function isSubscribableType(productType: unknown): boolean {
  return typeof productType === 'number' && SUBSCRIBABLE_PRODUCT_TYPES.includes(productType);
}

/** Why a product of another type cannot be subscribable (catalog refusals). */
export const NOT_SUBSCRIBABLE_TYPE = 'Only physical and service products can be subscribable.';

/**
 * Record types of content items (the known ones: the spec's, and those the template vectors
 * name, from UNDEFINED to KBARTICLE).
 */
export const RecordType = {
  UNDEFINED: -1,
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  AUDIO: 7,
  VIDEO: 8,
  STORE_ITEM: 11,
  EVENT: 12,
  GALLERY: 14,
  BINARY: 15,
  CSS_ASSET: 16,
  TWEAK_ASSET: 17,
  DIGITAL_GOOD: 18,
  ATTACHMENT: 19,
  WORDPRESS_EXPORT: 20,
  JSON_EXPORT: 21,
  SITE_SEARCH: 30,
  ACTIVE_TIME: 31,
  TWEET: 50,
  CHECKIN: 52,
  KBARTICLE: 54,
} as const;
export type RecordType = (typeof RecordType)[keyof typeof RecordType];

/** Collection types (the known ones; TEMPLATE_PAGE from the template vectors). */
export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TEMPLATE_PAGE: 7,
  PAGE: 10,
  PRODUCTS: 13,
} as const;
export type CollectionType = (typeof CollectionType)[keyof typeof CollectionType];

/** The block types an item may promote (`promotedBlockType`), as the platform names them. */
export const PromotedBlockType = {
  MAP: 'map',
  EMBED: 'embed',
  IMAGE: 'image',
  CODE: 'code',
  QUOTE: 'quote',
  TWITTER: 'twitter',
  LINK: 'link',
  VIDEO: 'video',
  FOURSQUARE: 'foursquare',
  INSTAGRAM: 'instagram',
  FORM: 'form',
} as const;
export type PromotedBlockType = (typeof PromotedBlockType)[keyof typeof PromotedBlockType];

/** Block types (numbered 1 to 71; the known ones). */
export const BlockType = {
  NAVIGATION: 1,
  HTML: 2,
  IMAGE: 5,
  GALLERY: 8,
  FORM: 9,
  SUMMARY: 20,
  PRODUCT: 43,
  NEWSLETTER: 51,
  DONATION: 52,
  BUTTON: 53,
  MEMBER_AREA: 67,
  ACCORDION: 69,
  MARQUEE: 70,
  SHAPE: 71,
} as const;
export type BlockType = (typeof BlockType)[keyof typeof BlockType];

/** What a folder does when its link is clicked (`collection.folderBehavior`). */
export const FolderBehavior = {
  INDEX: 1,
  REDIRECT: 2,
  NONE: 3,
} as const;
export type FolderBehavior = (typeof FolderBehavior)[keyof typeof FolderBehavior];

/** Where a page's background comes from (UNDEFINED, not set, as the reference engine numbers it). */
export const BackgroundSource = {
  UNDEFINED: -1,
  UPLOAD: 1,
  INSTAGRAM: 2,
  VIDEO: 3,
  NONE: 4,
} as const;
export type BackgroundSource = (typeof BackgroundSource)[keyof typeof BackgroundSource];

/** Slice types of cover pages (the known ones; GALLERY from the template vectors). */
export const SliceType = {
  HEADING: 1,
  BODY: 3,
  IMAGE: 4,
  GALLERY: 5,
} as const;
export type SliceType = (typeof SliceType)[keyof typeof SliceType];

/** The environments telemetry names as its source. */
export const SourceEnvironment = {
  DEV: 'dev',
  QA: 'qa',
  STAGING: 'staging',
  PROD: 'prod',
} as const;
export type SourceEnvironment = (typeof SourceEnvironment)[keyof typeof SourceEnvironment];

/** Where a telemetry event comes from. */
export const EventSource = {
  WEB: 'WEB',
  IOS: 'IOS',
  ANDROID: 'ANDROID',
  SERVER: 'SERVER',
} as const;
export type EventSource = (typeof EventSource)[keyof typeof EventSource];

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
  /**
   * The vanilla form handler (on by default): textarea form fields carry their `maxLength`
   * (platform spec, section 5), so forms count and limit them; off, textareas are unlimited.
   */
  VANILLA_FORM_HANDLER: 'vanilla-form-handler',
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
