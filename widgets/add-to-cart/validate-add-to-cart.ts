import { findVariant, unselectedOptions, type VariantOption } from '../../runtime/product/variants';
import { ProductType } from '../../contract/enumerations';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../contract/messages';
import type { Variant } from '../../runtime/product/types';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { translator } from '../../runtime/i18n/t';

const t = translator(ADD_TO_CART_STRINGS);

/** 'Please select the Size option.' / '… the Size and Color options.' / '… the Size, Color and Fit options.' */
export function selectOptionsMessage(names: readonly string[]): string {
  if (names.length === 1) return t('addToCart.selectOne', { option: names[0] ?? '' });
  const last = names[names.length - 1] ?? '';
  return t('addToCart.selectMany', { list: names.slice(0, -1).join(', '), last });
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/** Reads the quantity field's text. */
export function parseQuantity(text: string): QuantityCheck {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed))
    return { ok: false, message: t('addToCart.notANumber') };
  const quantity = Number(trimmed);
  if (!Number.isInteger(quantity)) return { ok: false, message: t('addToCart.notWhole') };
  if (quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) return { ok: false, message: t('addToCart.outOfRange') };
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
        input.productType === ProductType.GIFT_CARD
          ? t('addToCart.giftCardDenomination')
          : selectOptionsMessage(missing),
    };
  }
  const variant = findVariant(input.variants, input.options, input.selection);
  if (!variant) return { ok: false, message: t('addToCart.unavailable') };
  if (input.quantityText === undefined) return { ok: true, variant, quantity: 1 };
  const quantity = parseQuantity(input.quantityText);
  return quantity.ok ? { ok: true, variant, quantity: quantity.quantity } : quantity;
}
