import type { ProductImage } from '../../contract/product-images';
import { jsonObjects } from '../../runtime/json-list';

/** Reads `data-images` defensively: malformed entries are dropped. */
export function parseImages(json: string | undefined): ProductImage[] {
  const images: ProductImage[] = [];
  for (const { id, url, width, height, alt } of jsonObjects(json)) {
    const size = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= 100_000;
    if (typeof id !== 'string' || typeof url !== 'string' || !size(width) || !size(height)) continue;
    if (!/^(\/(?!\/)|https:\/\/)/.test(url)) continue; // Same-site paths or https only: no javascript: or data: URLs.
    images.push({ id, url, width: width as number, height: height as number, alt: typeof alt === 'string' ? alt : '' });
  }
  return images;
}
