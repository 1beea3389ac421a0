/**
 * The mobile breakpoint (platform spec, section 9): phones up to 432 px wide, desktop from 433 px.
 * Widget CSS and image `sizes` take their media queries from here.
 */
export const MOBILE_MAX_WIDTH_PX = 432;
export const DESKTOP_MIN_WIDTH_PX = 433;

/** Media query of a phone-wide viewport. */
export const MOBILE_MEDIA = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
/** Media query of a desktop-wide viewport. */
export const DESKTOP_MEDIA = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

/** The `sizes` of a product page's images: the whole width on a phone, half of it from desktop on. */
export const PRODUCT_IMAGE_SIZES = `${MOBILE_MEDIA} 100vw, 50vw`;
