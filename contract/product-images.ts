/** Product images as pages list them, and the widths the image service renders (platform spec, section 9). */

/** Widths the image service renders (platform spec, section 9). */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** One product image, as the page lists it in `data-images`. */
export interface ProductImage {
  id: string;
  /** Asset URL without a format; `?format=500w` asks for a width. */
  url: string;
  /** The original's size in pixels. */
  width: number;
  height: number;
  alt: string;
}

/** The URL of an image rendered `width` pixels wide. */
export function imageAt(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}format=${width}w`;
}

/**
 * A `srcset` over the service's widths, up to the first one that covers the original
 * (asking for more than the original only costs bytes).
 */
export function srcsetFor(image: Pick<ProductImage, 'url' | 'width'>): string {
  const widths: number[] = [];
  for (const width of IMAGE_WIDTHS) {
    widths.push(width);
    if (width >= image.width) break;
  }
  return widths.map((w) => `${imageAt(image.url, w)} ${w}w`).join(', ');
}

/** The width to fetch for a box `displayWidth` CSS pixels wide (the spec's thumbnail thresholds). */
export function widthFor(displayWidth: number): number {
  if (displayWidth > 1000) return 1500;
  if (displayWidth > 750) return 1000;
  if (displayWidth > 500) return 750;
  if (displayWidth > 300) return 500;
  if (displayWidth > 100) return 300;
  return 100;
}
