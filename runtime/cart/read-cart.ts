import type { ShoppingCart } from '../../contract/cart';
import { leftOut, tagPrice } from '../read-price';

const TOTALS = ['subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents', 'grandTotalCents'] as const;

const isCents = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The cart as the widgets use it: its amounts in whole minor units whatever money shape the
 * answer wrote them in (`contract/read-money.ts`); an entry without `purchasePriceCents` is priced
 * by its `subTotal` over its quantity. An amount that cannot be read is NaN, which the widgets
 * show as nothing, with one console warning. A cart already in cents is returned as it is.
 */
export function readCart(cart: ShoppingCart): ShoppingCart {
  const totals = TOTALS.filter((key) => cart[key] !== undefined);
  if (cart.entries.every((e) => isCents(e.purchasePriceCents)) && totals.every((key) => isCents(cart[key]))) {
    return cart;
  }
  const minor = (value: unknown, where: string) => tagPrice(value, `The cart's ${where}`, cart.currencyCode)?.minor;
  const read: ShoppingCart = {
    ...cart,
    entries: cart.entries.map((entry) => {
      const where = `entry ${JSON.stringify(entry.title)}`;
      let unit = minor(entry.purchasePriceCents, `${where} purchasePriceCents`);
      const total = unit === undefined ? minor(entry.subTotal, `${where} subTotal`) : undefined;
      unit ??= total === undefined || !(entry.quantity > 0) ? undefined : Math.round(total / entry.quantity);
      if (unit === undefined) leftOut(`The cart's ${where}`, 'it has no readable purchasePriceCents or subTotal');
      return { ...entry, purchasePriceCents: unit ?? Number.NaN };
    }),
  };
  for (const key of totals) read[key] = minor(cart[key], key) ?? Number.NaN;
  return read;
}
