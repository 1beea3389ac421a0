import { emit } from '../events';
import { pageSlot } from '../page-runtime';
import type { Variant } from './types';

/** The last variant announced per product, for widgets that start listening late. */
const chosen = pageSlot('chosen-variants', () => new Map<string, Variant | null>());

/** Records and announces (`store-variant-change`) the variant chosen for a product. */
export function announceChosenVariant(itemId: string, variant: Variant | null, from?: EventTarget): void {
  chosen.get().set(itemId, variant);
  emit('store-variant-change', { itemId, variant }, from);
}

/** The variant last announced for a product: undefined when none was, null when unchosen. */
export function lastChosenVariant(itemId: string): Variant | null | undefined {
  return chosen.get().get(itemId);
}
