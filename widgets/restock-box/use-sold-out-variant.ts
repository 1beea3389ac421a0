import { useEffect, useState } from 'react';
import { on } from '../../runtime/events';
import { lastChosenVariant } from '../../runtime/product/chosen-variant';
import type { Variant } from '../../runtime/product/types';

/** Out of stock: not unlimited and nothing on hand (platform spec, section 4). */
export function isSoldOut(variant: Pick<Variant, 'unlimited' | 'qtyInStock'>): boolean {
  return !variant.unlimited && (variant.qtyInStock ?? 0) <= 0;
}

/**
 * The variant a restock box signs up for, or null while there is none sold out: it follows
 * the variant chosen in the product's add-to-cart widget (`store-variant-change`); a product
 * with one variant needs no choice; `fixedVariantId` limits the box to one variant.
 */
export function useSoldOutVariant(
  productId: string,
  variants: readonly Variant[],
  fixedVariantId?: string,
): string | null {
  const [chosen, setChosen] = useState<Variant | null | undefined>(() => lastChosenVariant(productId));
  useEffect(
    () =>
      on('store-variant-change', (event) => {
        if (event.detail.itemId === productId) setChosen(event.detail.variant);
      }),
    [productId],
  );
  if (fixedVariantId) {
    // Another chosen variant hides the box; otherwise stock data decides, and without any the
    // page said "sold out" by rendering the box.
    if (chosen && chosen.sku !== fixedVariantId) return null;
    const variant = chosen ?? variants.find((v) => v.sku === fixedVariantId);
    return !variant || isSoldOut(variant) ? fixedVariantId : null;
  }
  const candidate = chosen ?? (chosen === undefined && variants.length === 1 ? variants[0] : null);
  return candidate && isSoldOut(candidate) ? candidate.sku : null;
}
