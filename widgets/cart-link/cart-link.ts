import { CART_COUNT_CAP, CART_LINK_CLASS, CART_QUANTITY_CLASS, CART_SUBTOTAL_CLASS } from '../../contract/class-names';
import { CART_PILL_STRINGS } from '../../contract/widget-messages/cart-pill';
import { cartStore } from '../../runtime/cart/cart-store';
import { formatMoney, formatNumber } from '../../runtime/i18n/format';
import { storeContext } from '../../runtime/session/store-context';
import { ROUTES, storePageUrl } from '../../runtime/session/navigate';
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

/** A count as a cart link shows it: '100+' above the cap. */
export function shownCount(units: number): string {
  return units > CART_COUNT_CAP ? t('cartPill.countOver', { max: CART_COUNT_CAP }) : formatNumber(units);
}

/**
 * Brings a cart link to life: the link's screen-reader label follows the cart's count (with the
 * subtotal when the link shows one), its quantity element (`.sqs-cart-quantity`) the count, capped
 * at '100+', and its subtotal element (`.sqs-cart-subtotal`) the subtotal. Until the page's cart is
 * read, what the server wrote stands.
 */
export function followCart(link: HTMLElement): void {
  // On another site, the theme's own link to the store's cart then takes the page's cart along.
  storePageUrl(ROUTES.cart);
  const quantity = link.querySelector<HTMLElement>(`.${CART_QUANTITY_CLASS}`);
  const subtotal = link.querySelector<HTMLElement>(`.${CART_SUBTOTAL_CLASS}`);
  const show = (units: number | undefined) => {
    const label = cartLinkLabel(units);
    const money = subtotal?.textContent?.trim();
    link.setAttribute('aria-label', money ? `${t('cartPill.subtotal', { label })}${money}` : label);
  };
  show(quantity ? shownUnits(quantity.textContent ?? '') : undefined);
  if (!quantity && !subtotal) return;
  const store = cartStore();
  let last: string | undefined;
  const follow = () => {
    const { cart, status } = store.getState();
    // Until the cart is read the server's count stands; a visitor without one has none.
    const units = cart ? cart.totalQuantity : status === 'skipped' ? 0 : undefined;
    if (units === undefined) return;
    const money = formatMoney(cart?.subtotalCents ?? 0, cart?.currencyCode ?? storeContext().currency);
    const key = `${units} ${money}`;
    if (key === last) return;
    last = key;
    if (quantity) quantity.textContent = shownCount(units);
    if (subtotal) subtotal.textContent = money;
    show(quantity ? units : undefined);
  };
  store.subscribe(follow);
  follow();
  void store.getState().ensureLoaded();
}

/** A template-integrated cart link (`<a class="sqs-custom-cart">` with an optional quantity and subtotal inside). */
export function enhance(element: Element): void {
  if (!(element instanceof HTMLElement) || element.dataset.storeEnhanced) return;
  element.dataset.storeEnhanced = 'true';
  followCart(element);
}
