/**
 * The shopper's add-to-cart choice checked before anything is added (storefront spec, section 5):
 * the widgets run it in the browser, the server runs it on a posted product form. One copy.
 */
import { ProductType } from './enumerations';
import { QUANTITY_MAX, QUANTITY_MIN } from './messages';
import type { ADD_TO_CART_STRINGS } from './widget-messages/add-to-cart';
import type { MessageValues } from './message-format';

/** Writes one add-to-cart message (each side in its store's language). */
export type AddToCartText = (key: keyof typeof ADD_TO_CART_STRINGS, values?: MessageValues) => string;

/** What decides whether the add button shows a quantity field. */
export interface QuantityFieldFacts {
  /** A `ProductType` code. */
  productType: number;
  subscribable: boolean;
  /** The variants' stock: a variant without a count, or unlimited, never runs out. */
  variants: readonly { qtyInStock?: number; unlimited?: boolean }[];
  /** The store's setting: may services be bought more than one at a time. */
  multipleQuantityAllowedForServices: boolean;
}

/**
 * The quantity field rule (platform spec, section 5): physical products, or services when the
 * store allows more than one; never for a subscription; only when more than one unit is in stock.
 */
export function showsQuantityField(facts: QuantityFieldFacts): boolean {
  const { productType } = facts;
  const stock = facts.variants.reduce(
    (sum, v) => sum + (v.unlimited || v.qtyInStock === undefined ? Infinity : Math.max(0, v.qtyInStock)),
    0,
  );
  return (
    (productType === ProductType.PHYSICAL ||
      (productType === ProductType.SERVICE && facts.multipleQuantityAllowedForServices)) &&
    !facts.subscribable &&
    stock > 1
  );
}

/** What the checks read of a variant: its option values by option name. */
export interface VariantChoice {
  attributes: Record<string, string>;
}

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * The options a shopper chooses from: names in the product's ordering (then
 * first-seen order for any not listed), values in first-seen order.
 */
export function variantOptions(variants: readonly VariantChoice[], ordering: readonly string[] = []): VariantOption[] {
  const values = new Map<string, string[]>();
  for (const variant of variants) {
    for (const [name, value] of Object.entries(variant.attributes)) {
      const list = values.get(name) ?? [];
      if (!list.includes(value)) list.push(value);
      values.set(name, list);
    }
  }
  const names = [...ordering.filter((n) => values.has(n)), ...[...values.keys()].filter((n) => !ordering.includes(n))];
  return names.map((name) => ({ name, values: values.get(name) ?? [] }));
}

/** The variant whose attributes equal the selection, if every option is chosen and such a variant exists. */
export function findVariant<V extends VariantChoice>(
  variants: readonly V[],
  options: readonly VariantOption[],
  selection: Readonly<Record<string, string>>,
): V | undefined {
  if (variants.length === 1) return variants[0];
  if (options.some((o) => !selection[o.name])) return undefined;
  return variants.find((v) => options.every((o) => v.attributes[o.name] === selection[o.name]));
}

/** Names of the options still unchosen, in display order. */
export function unselectedOptions(
  options: readonly VariantOption[],
  selection: Readonly<Record<string, string>>,
): string[] {
  return options.filter((o) => !selection[o.name]).map((o) => o.name);
}

/** 'Please select the Size option.' / '… the Size and Color options.' / '… the Size, Color and Fit options.' */
export function selectOptionsMessage(names: readonly string[], t: AddToCartText): string {
  if (names.length === 1) return t('addToCart.selectOne', { option: names[0] ?? '' });
  const last = names[names.length - 1] ?? '';
  return t('addToCart.selectMany', { list: names.slice(0, -1).join(', '), last });
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/** Reads the quantity field's text. */
export function parseQuantity(text: string, t: AddToCartText): QuantityCheck {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed))
    return { ok: false, message: t('addToCart.notANumber') };
  const quantity = Number(trimmed);
  if (!Number.isInteger(quantity)) return { ok: false, message: t('addToCart.notWhole') };
  if (quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) return { ok: false, message: t('addToCart.outOfRange') };
  return { ok: true, quantity };
}

export interface AddToCartInput<V extends VariantChoice> {
  productType: ProductType;
  variants: readonly V[];
  options: readonly VariantOption[];
  selection: Readonly<Record<string, string>>;
  /** The quantity field's text, or undefined when the product shows no quantity field. */
  quantityText: string | undefined;
}

export type AddToCartCheck<V extends VariantChoice> =
  { ok: true; variant: V; quantity: number } | { ok: false; message: string; field: 'options' | 'quantity' };

/** Everything that can be checked before any call: options, variant, quantity. */
export function checkAddToCart<V extends VariantChoice>(input: AddToCartInput<V>, t: AddToCartText): AddToCartCheck<V> {
  const missing = input.variants.length > 1 ? unselectedOptions(input.options, input.selection) : [];
  if (missing.length > 0) {
    return {
      ok: false,
      field: 'options',
      message:
        input.productType === ProductType.GIFT_CARD
          ? t('addToCart.giftCardDenomination')
          : selectOptionsMessage(missing, t),
    };
  }
  const variant = findVariant(input.variants, input.options, input.selection);
  if (!variant) return { ok: false, field: 'options', message: t('addToCart.unavailable') };
  if (input.quantityText === undefined) return { ok: true, variant, quantity: 1 };
  const quantity = parseQuantity(input.quantityText, t);
  return quantity.ok ? { ok: true, variant, quantity: quantity.quantity } : { ...quantity, field: 'quantity' };
}
