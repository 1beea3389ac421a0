import {
  checkAddToCart,
  parseQuantity as parseQuantityText,
  selectOptionsMessage as optionsMessage,
  type AddToCartInput as CheckInput,
  type QuantityCheck,
} from '../../contract/add-to-cart-check';
import type { Variant } from '../../runtime/product/types';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { translator } from '../../runtime/i18n/t';

const t = translator(ADD_TO_CART_STRINGS);

/** 'Please select the Size option.' / '… the Size and Color options.' / '… the Size, Color and Fit options.' */
export function selectOptionsMessage(names: readonly string[]): string {
  return optionsMessage(names, t);
}

/** Reads the quantity field's text. */
export function parseQuantity(text: string): QuantityCheck {
  return parseQuantityText(text, t);
}

export type AddToCartInput = CheckInput<Variant>;

export type AddToCartCheck = { ok: true; variant: Variant; quantity: number } | { ok: false; message: string };

/** Everything that can be checked before any call: options, variant, quantity (in the store's language). */
export function validateAddToCart(input: AddToCartInput): AddToCartCheck {
  const check = checkAddToCart(input, t);
  return check.ok ? check : { ok: false, message: check.message };
}
