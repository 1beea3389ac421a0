import { CART_COUNT_CAP, CART_LINK_CLASS, CART_QUANTITY_CLASS } from '../../contract/class-names';
import { CART_PILL_STRINGS } from '../../contract/widget-messages/cart-pill';
import { cartStore } from '../../runtime/cart/cart-store';
import { formatNumber } from '../../runtime/i18n/format';
import { translator } from '../../runtime/i18n/t';

const t = translator(CART_PILL_STRINGS);

/** The platform markup this module brings to life (template-integrated cart links); the loader's registry takes it from here. */
export const ENHANCES = `.${CART_LINK_CLASS}`;

/** The units a quantity element shows ('100+' counts as more than the cap); undefined when it shows no number. */
export function shownUnits(text: string): number | undefined {
  const match = /^(\d[\d,.\s]*)(\+?)$/.exec(text.trim());
  if (!match) return undefined;
  const units = Number((match[1] ?? '').replace(/[,.\s]/g, ''));
  return match[2] ? Math.max(units, CART_COUNT_CAP) + 1 : units;
}

/** A cart link's screen-reader label (platform spec, section 2): by the count, or 'Cart' without one. */
export function cartLinkLabel(units: number | undefined): string {
  if (units === undefined) return t('cartPill.cartOnly');
  return units > CART_COUNT_CAP
    ? t('cartPill.labelOver', { max: CART_COUNT_CAP })
    : t('cartPill.label', { count: units });
}

/**
 * A template-integrated cart link (`<a class="sqs-custom-cart">` with an optional
 * `cart-quantity` inside): labelled for screen readers, and its count kept to the cart's as it
 * changes (capped: '100+').
 */
export function enhance(element: Element): void {
  if (!(element instanceof HTMLElement) || element.dataset.storeEnhanced) return;
  element.dataset.storeEnhanced = 'true';
  const quantity = element.querySelector<HTMLElement>(`.${CART_QUANTITY_CLASS}`);
  const show = (units: number | undefined) => element.setAttribute('aria-label', cartLinkLabel(units));
  show(quantity ? shownUnits(quantity.textContent ?? '') : undefined);
  if (!quantity) return;
  const store = cartStore();
  let last: number | undefined;
  const follow = () => {
    const { cart, status } = store.getState();
    // Until the cart is read the server's count stands; a visitor without one has none.
    const units = cart ? cart.totalQuantity : status === 'skipped' ? 0 : undefined;
    if (units === undefined || units === last) return;
    last = units;
    quantity.textContent =
      units > CART_COUNT_CAP ? t('cartPill.countOver', { max: CART_COUNT_CAP }) : formatNumber(units);
    show(units);
  };
  store.subscribe(follow);
  follow();
  void store.getState().ensureLoaded();
}
