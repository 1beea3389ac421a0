import { themed } from '../ui/theme';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { useCart } from '../../runtime/cart/use-cart.hooks';
import { formatMoney, formatNumber } from '../../runtime/i18n/format';
import { ROUTES, storePageUrl } from '../../runtime/session/navigate';
import { storeContext } from '../../runtime/session/store-context';
import { CART_PILL_STRINGS } from '../../contract/widget-messages/cart-pill';
import { translator } from '../../runtime/i18n/t';
import { useHostState } from '../ui/use-host-state';
import { CART_COUNT_CAP, isFullPageCart } from '../../contract/class-names';

const t = translator(CART_PILL_STRINGS);

/** Above this many items the pill shows '100+'. */
export const COUNT_CAP = CART_COUNT_CAP;

/** What the pill shows for a count: the number, or '100+' above 100. */
export function displayCount(count: number): string {
  return count > COUNT_CAP ? t('cartPill.countOver', { max: COUNT_CAP }) : formatNumber(count);
}

/** The pill's screen-reader label (platform spec, section 2). */
export function cartLabel(count: number): string {
  return count > COUNT_CAP ? t('cartPill.labelOver', { max: COUNT_CAP }) : t('cartPill.label', { count });
}

export type CartPillProps = WidgetHostProps;

/**
 * Floating summary of the cart: count, 'item'/'items', subtotal; links to the cart page.
 * Screen readers hear the spoken label ('one item in cart') and the subtotal.
 */
export function CartPill({ host }: CartPillProps) {
  const count = useCart((state) => state.cart?.totalQuantity ?? 0);
  const subtotalCents = useCart((state) => state.cart?.subtotalCents ?? 0);
  const currency = useCart((state) => state.cart?.currencyCode) ?? storeContext().currency;
  // A full-page cart (its root element on the page) shows the cart itself: no pill leading to it.
  const hidden = count <= 0 || isFullPageCart();
  useHostState(host, hidden ? 'hidden' : 'shown');
  if (hidden) return null;
  return (
    <a className="store-cart-pill" href={storePageUrl(ROUTES.cart)}>
      <span className="store-cart-pill__items" aria-hidden="true">
        <span className="store-cart-pill__count">{displayCount(count)}</span>{' '}
        <span className="store-cart-pill__noun">{t('cartPill.items', { count })}</span>
      </span>
      <span className="store-visually-hidden">{t('cartPill.subtotal', { label: cartLabel(count) })}</span>
      <span className="store-cart-pill__subtotal">{formatMoney(subtotalCents, currency)}</span>
    </a>
  );
}

export const CART_PILL_STYLES = `
store-cart-pill { position: fixed; right: 1.25rem; bottom: 1.25rem; z-index: 1000; font-family: ${themed('--store-font')}; }
.store-cart-pill { display: inline-flex; align-items: center; gap: .4rem; padding: .7rem 1.1rem; border-radius: 999px; background: ${themed('--store-accent-color')}; color: ${themed('--store-accent-text-color')}; text-decoration: none; font-weight: 600; box-shadow: 0 6px 20px rgba(0,0,0,.25); animation: store-cart-pill-in .3s ease-out both; }
.store-cart-pill:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 3px; }
.store-cart-pill__subtotal { padding-left: .5rem; margin-left: .1rem; border-left: 1px solid color-mix(in srgb, currentColor 40%, transparent); }
@keyframes store-cart-pill-in { from { opacity: 0; transform: translateY(.5rem); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) { .store-cart-pill { animation: none; } }
`;
