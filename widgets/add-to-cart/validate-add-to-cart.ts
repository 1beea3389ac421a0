import { findVariant, unselectedOptions, type VariantOption } from '../../runtime/product/variants';
import { ProductType } from '../../contract/enumerations';
import { OUT_OF_STOCK, QUANTITY_MAX, QUANTITY_MIN } from '../../contract/messages';
import type { Variant } from '../../runtime/product/types';

/** Shopper-facing add-to-cart messages (storefront spec, section 5), character for character. */
export const ADD_MESSAGES = {
  unavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  outOfStock: OUT_OF_STOCK,
  notANumber: 'Quantity must be a number.',
  notWhole: 'Quantity must be a whole number',
  outOfRange: 'Quantity must be between 1 and 9999.',
  giftCardDenomination: 'Select a denomination for the Gift Card',
} as const;

/** 'Please select the Size option.' / '… the Size and Color options.' / '… the Size, Color and Fit options.' */
export function selectOptionsMessage(names: readonly string[]): string {
  if (names.length === 1) return `Please select the ${names[0]} option.`;
  const last = names[names.length - 1];
  return `Please select the ${names.slice(0, -1).join(', ')} and ${last} options.`;
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/** Reads the quantity field's text. */
export function parseQuantity(text: string): QuantityCheck {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { ok: false, message: ADD_MESSAGES.notANumber };
  const quantity = Number(trimmed);
  if (!Number.isInteger(quantity)) return { ok: false, message: ADD_MESSAGES.notWhole };
  if (quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) return { ok: false, message: ADD_MESSAGES.outOfRange };
  return { ok: true, quantity };
}

export interface AddToCartInput {
  productType: ProductType;
  variants: readonly Variant[];
  options: readonly VariantOption[];
  selection: Readonly<Record<string, string>>;
  /** The quantity field's text, or undefined when the product shows no quantity field. */
  quantityText: string | undefined;
}

export type AddToCartCheck = { ok: true; variant: Variant; quantity: number } | { ok: false; message: string };

/** Everything that can be checked before any call: options, variant, quantity. */
export function validateAddToCart(input: AddToCartInput): AddToCartCheck {
  const missing = input.variants.length > 1 ? unselectedOptions(input.options, input.selection) : [];
  if (missing.length > 0) {
    return {
      ok: false,
      message:
        input.productType === ProductType.GIFT_CARD ? ADD_MESSAGES.giftCardDenomination : selectOptionsMessage(missing),
    };
  }
  const variant = findVariant(input.variants, input.options, input.selection);
  if (!variant) return { ok: false, message: ADD_MESSAGES.unavailable };
  if (input.quantityText === undefined) return { ok: true, variant, quantity: 1 };
  const quantity = parseQuantity(input.quantityText);
  return quantity.ok ? { ok: true, variant, quantity: quantity.quantity } : quantity;
}
