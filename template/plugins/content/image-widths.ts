/**
 * The platform's image widths and thumbnail thresholds (platform spec, section 9).
 *
 * Local until the shared table lands in `contract/` (it is shared with `<store-product-block>`
 * and the server's image route); then this file re-exports it.
 */

/** The widths the platform serves an image in, smallest first. */
export const IMAGE_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The width variant to request for a thumbnail shown `width` pixels wide (spec, section 9). */
export function thumbnailWidthFor(width: number): ImageWidth {
  if (width > 1000) return '1500w';
  if (width > 750) return '1000w';
  if (width > 500) return '750w';
  if (width > 300) return '500w';
  if (width > 100) return '300w';
  return '100w';
}
