/**
 * The image service's widths as the platform names them (`500w`), from the one table in
 * contract/product-images.ts that `<store-product-block>` and the server's image route use too.
 */
import { IMAGE_WIDTHS as PIXEL_WIDTHS, widthFor } from '../../../contract/product-images';

export type ImageWidth = `${(typeof PIXEL_WIDTHS)[number]}w`;

/** The widths the platform serves an image in, smallest first. */
export const IMAGE_WIDTHS: readonly ImageWidth[] = PIXEL_WIDTHS.map((width): ImageWidth => `${width}w`);

/** The width variant to request for a thumbnail shown `width` pixels wide (platform spec, section 9). */
export function thumbnailWidthFor(width: number): ImageWidth {
  return `${widthFor(width)}w` as ImageWidth;
}
