import { CART_QUANTITY_CLASS, CART_SUBTOTAL_CLASS } from '../../contract/class-names';
import { CART_PILL_STRINGS } from '../../contract/widget-messages/cart-pill';
import { ensureStyles } from '../../runtime/widget-styles';
import { translator } from '../../runtime/i18n/t';
import { ROUTES, storePageUrl } from '../../runtime/session/navigate';
import { themed } from '../ui/theme';
import { FOCUS_ROOM } from '../ui/control-styles';
import { followCart, shownCount } from './cart-link';

const t = translator(CART_PILL_STRINGS);

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-cart-link' as const;

/** The look of the link the tag writes when the theme gives none: the text of its place, the count as a badge. */
export const CART_LINK_STYLES = `
.store-cart-link { display: inline-flex; align-items: center; gap: .4em; color: inherit; font: inherit; cursor: pointer; scroll-margin: ${FOCUS_ROOM}; text-decoration: none; text-transform: none; letter-spacing: inherit; white-space: nowrap; }
.store-cart-link__count { box-sizing: border-box; display: inline-block; min-width: 1.6em; padding: 0 .45em; border-radius: 999px; background: ${themed('--store-accent-color')}; color: ${themed('--store-accent-text-color')}; font-size: .8em; font-weight: 600; line-height: 1.6; text-align: center; font-variant-numeric: tabular-nums; }
.store-cart-link__subtotal { font-variant-numeric: tabular-nums; }
.store-cart-link:focus-visible { outline: ${themed('--store-focus-ring')} !important; outline-offset: 2px !important; border-radius: 2px; }
`;

/** The link the tag writes when it holds none of the theme's: 'Cart', the count, and the subtotal when asked. */
function ownLink(element: HTMLElement, withSubtotal: boolean): HTMLAnchorElement {
  const doc = element.ownerDocument;
  const link = doc.createElement('a');
  link.className = 'store-cart-link';
  link.href = storePageUrl(ROUTES.cart);
  const label = doc.createElement('span');
  label.className = 'store-cart-link__label';
  label.textContent = t('cartPill.cartOnly');
  const count = doc.createElement('span');
  count.className = `store-cart-link__count ${CART_QUANTITY_CLASS}`;
  count.textContent = shownCount(0);
  link.append(label, ' ', count);
  if (withSubtotal) {
    const subtotal = doc.createElement('span');
    subtotal.className = `store-cart-link__subtotal ${CART_SUBTOTAL_CLASS}`;
    link.append(' ', subtotal);
  }
  return link;
}

/** Elements already brought to life (moving one in the page connects it again). */
const started = new WeakSet<Element>();

/**
 * `<store-cart-link>`: a link to the cart that is always shown, for a navbar: 'Cart' and the count
 * ('100+' above 100), and the subtotal with `data-subtotal`. A link the theme writes inside it
 * (`<a href="…/cart">` with a `.sqs-cart-quantity` and a `.sqs-cart-subtotal` where it wants them)
 * is kept as written, as the platform's own cart links are: the tag keeps its count, subtotal and
 * screen-reader label. A plain custom element: a page whose only widget it is loads no React.
 */
export class StoreCartLinkElement extends HTMLElement {
  connectedCallback(): void {
    if (started.has(this)) return;
    started.add(this);
    let link = this.querySelector('a');
    if (!link) {
      ensureStyles(TAG, CART_LINK_STYLES, this.ownerDocument);
      // `data-subtotal`: the link the tag writes shows the cart's subtotal too.
      const subtotal = this.dataset.subtotal;
      link = ownLink(this, subtotal !== undefined && subtotal !== 'false');
      this.replaceChildren(link);
    }
    followCart(link);
  }
}

if (typeof customElements !== 'undefined' && !customElements.get(TAG)) {
  customElements.define(TAG, StoreCartLinkElement);
}
