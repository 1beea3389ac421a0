import { PRODUCT_IMAGE_SIZES } from '../../contract/breakpoints';
import { themed } from '../ui/theme';
import { useEffect, useMemo, useState } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { on } from '../../runtime/events';
import { lastChosenVariant } from '../../runtime/product/chosen-variant';
import { imageAt, srcsetFor, widthFor, type ProductImage } from '../../contract/product-images';
import { parseImages } from './image-widths';

export interface ProductBlockProps extends WidgetHostProps {
  /** Product id (`data-item-id`): the block follows the variant chosen for it. */
  itemId?: string;
  /** `data-images`: JSON list of {id, url, width, height, alt} (URLs same-site paths or https); the first shows until a variant picks another. */
  images?: string;
  /** `data-sizes`: the `sizes` hint for the browser, "(max-width: 432px) 100vw, 50vw" by default. */
  sizes?: string;
}

const DEFAULT_SIZES = PRODUCT_IMAGE_SIZES;

/** The image of the variant chosen for `itemId`, or null to keep the first. */
function useVariantImageId(itemId: string): string | null {
  const [id, setId] = useState(() => lastChosenVariant(itemId)?.mainImageId ?? null);
  useEffect(
    () =>
      on('store-variant-change', (event) => {
        // An unchosen variant or one without an image leaves the current picture in place.
        const imageId = event.detail.variant?.mainImageId;
        if (event.detail.itemId === itemId && imageId) setId(imageId);
      }),
    [itemId],
  );
  return id;
}

/**
 * The product's main image, swapped for the chosen variant's. The frame keeps the first
 * image's proportions whatever is shown in it, so swapping never moves the page.
 */
export function ProductBlock({ host, itemId = '', images: imagesJson, sizes }: ProductBlockProps) {
  const images = useMemo(() => parseImages(imagesJson), [imagesJson]);
  const chosenId = useVariantImageId(itemId);
  // Measured once: the fallback `src` for browsers that ignore srcset.
  const [fallbackWidth] = useState(() => widthFor(host.clientWidth || 750));
  const first = images[0];
  if (!first) return null;
  const shown: ProductImage = images.find((image) => image.id === chosenId) ?? first;
  return (
    <figure className="store-product-block" style={{ aspectRatio: `${first.width} / ${first.height}` }}>
      <img
        className="store-product-block__image"
        src={imageAt(shown.url, fallbackWidth)}
        srcSet={srcsetFor(shown)}
        sizes={sizes || DEFAULT_SIZES}
        width={shown.width}
        height={shown.height}
        alt={shown.alt}
        data-image-id={shown.id}
      />
    </figure>
  );
}

export const PRODUCT_BLOCK_STYLES = `
store-product-block { display: block; }
.store-product-block { margin: 0; width: 100%; overflow: hidden; background: ${themed('--store-image-background')}; }
.store-product-block__image { display: block; width: 100%; height: 100%; object-fit: contain; }
`;
