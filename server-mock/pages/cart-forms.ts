/**
 * The cart page's quantity and remove controls for shoppers without JavaScript (in `<noscript>`
 * beside each row's quantity), posted to the page itself.
 */
import type { ShoppingCart } from '../../contract/cart';
import { CART_STRINGS } from '../../contract/widget-messages/cart';
import { cartRows, type SiteInfo } from './page-data';
import { siteText } from './product-forms';
import { formKeyFor } from '../http/form-key';

/** A row's form as posted, when the page is shown again with the refusal. */
export interface CartFormState {
  entryId: string;
  quantity: string;
  /** The spec's title ('Unable to update quantity', 'Unable to remove item') and the reason. */
  error: { title: string; message: string };
}

/** What the page says after a successful post (`?status=`). */
export const CART_PAGE_STATUS: Readonly<Record<string, string>> = {
  updated: 'Your cart was updated.',
  removed: 'The item was removed from your cart.',
};

/** The cart's rows with each row's form, the refusal above them or the status after a change. */
export function cartPageView(
  cart: ShoppingCart | undefined,
  site: SiteInfo,
  state: CartFormState | undefined,
  status: string | undefined,
  crumb: string,
) {
  const t = siteText(site, CART_STRINGS);
  const rows = cartRows(cart, site.selectedCurrency);
  const entries = (cart?.entries ?? []).map((entry, index) => {
    const refused = state?.entryId === entry.id;
    return {
      ...rows?.entries[index],
      form: {
        crumb,
        formKey: formKeyFor(crumb),
        entryId: entry.id,
        inputId: `cart-quantity-${index}`,
        quantityLabel: t('cart.quantityOf', { title: entry.title }),
        quantity: refused ? state.quantity : String(entry.quantity),
        invalid: refused,
        update: 'Update',
        remove: t('cart.remove'),
        removeWhat: t('cart.removeWhat', { title: entry.title }),
      },
    };
  });
  return {
    cart: rows ? { ...rows, entries } : null,
    cartFormError: state?.error ?? null,
    cartStatus: (status && Object.hasOwn(CART_PAGE_STATUS, status) ? CART_PAGE_STATUS[status] : null) ?? null,
  };
}
