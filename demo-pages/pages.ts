import type { ShoppingCart } from '../runtime/http/types';
import { formatMoney } from '../runtime/money/format-money';
import { html, type SafeHtml } from './html';
import { layout, type SiteInfo } from './layout';
import { addToCartTag, isSoldOut, priceText, type PageProduct } from './product-markup';

/** Products whose page also offers express checkout ('Buy Now'). */
const EXPRESS_CHECKOUT = new Set(['field-guide']);

function productCard(product: PageProduct, currency: string): SafeHtml {
  return html`<li class="card">
    <div class="product-image" role="img" aria-label="${product.name}"></div>
    <h2><a href="/shop/p/${product.slug}">${product.name}</a></h2>
    <p class="product-price">${priceText(product, currency)}</p>
    ${isSoldOut(product) ? html`<p><span class="product-mark">sold out</span></p>` : ''} ${addToCartTag(product)}
  </li>`;
}

export function homePage(site: SiteInfo, featured: PageProduct[]): string {
  return layout(
    site,
    'Home',
    html`<h1>${site.title}</h1>
      <p>Clothing, goods and services, made in small batches. <a href="/shop">Browse all products</a>.</p>
      <h2>One of every kind</h2>
      <ul>
        ${featured.map((p) => html`<li><a href="/shop/p/${p.slug}">${p.name}</a></li>`)}
      </ul>`,
  );
}

export function shopPage(site: SiteInfo, products: PageProduct[]): string {
  return layout(
    site,
    'Shop',
    html`<h1>Shop</h1>
      <p>${products.length} products</p>
      <ul class="grid">
        ${products.map((p) => productCard(p, site.selectedCurrency))}
      </ul>`,
  );
}

export function productPage(site: SiteInfo, product: PageProduct): string {
  const express = EXPRESS_CHECKOUT.has(product.slug)
    ? html`<p>Or skip the cart:</p>
        ${addToCartTag({ ...product, customLabel: 'Buy Now' }, { expressCheckout: true })}`
    : '';
  return layout(
    site,
    product.name,
    html`<article class="product" data-item-id="${product.id}">
      <div class="product-image" role="img" aria-label="${product.name}"></div>
      <div>
        <h1>${product.name}</h1>
        <p class="product-price">${priceText(product, site.selectedCurrency)}</p>
        ${isSoldOut(product) ? html`<p><span class="product-mark">sold out</span></p>` : ''}
        <p>${product.description}</p>
        ${addToCartTag(product)} ${express}
      </div>
    </article>`,
  );
}

function cartTable(cart: ShoppingCart, currency: string): SafeHtml {
  return html`<table>
    <caption class="visually-hidden">
      Items
    </caption>
    <thead>
      <tr>
        <th scope="col">Item</th>
        <th scope="col">Options</th>
        <th scope="col">Quantity</th>
        <th scope="col">Price</th>
      </tr>
    </thead>
    <tbody>
      ${cart.entries.map(
        (e) =>
          html`<tr>
            <td>${e.title}</td>
            <td>
              ${Object.entries(e.chosenVariant.attributes)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')}
            </td>
            <td>${e.quantity}</td>
            <td>${formatMoney(e.purchasePriceCents * e.quantity, currency)}</td>
          </tr>`,
      )}
    </tbody>
    <tfoot>
      <tr>
        <th scope="row" colspan="3">Subtotal</th>
        <td>${formatMoney(cart.subtotalCents, currency)}</td>
      </tr>
    </tfoot>
  </table>`;
}

/** A plain server-rendered cart summary (the live cart page widget comes later). */
export function cartPage(site: SiteInfo, cart: ShoppingCart | undefined): string {
  const body =
    !cart || cart.entries.length === 0
      ? html`<h1>Cart</h1>
          <p>You have nothing in your shopping cart.</p>
          <p><a href="/shop">Continue shopping</a></p>`
      : html`<h1>Cart</h1>
          ${cartTable(cart, site.selectedCurrency)}
          <p><a href="/checkout">Checkout</a></p>`;
  return layout(site, 'Cart', body);
}

export function checkoutPage(site: SiteInfo, cart: ShoppingCart | undefined): string {
  const body =
    !cart || cart.entries.length === 0
      ? html`<h1>Checkout</h1>
          <p>You have nothing in your shopping cart.</p>`
      : html`<h1>Checkout</h1>
          ${cartTable(cart, site.selectedCurrency)}
          <p>Total due: <strong>${formatMoney(cart.grandTotalCents, site.selectedCurrency)}</strong></p>`;
  return layout(site, 'Checkout', body);
}

export function subscriptionPage(
  site: SiteInfo,
  sub: {
    product: PageProduct;
    attributes: Record<string, string>;
    priceCents: number;
    quantity: number;
    every: string;
  },
): string {
  const options = Object.entries(sub.attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  return layout(
    site,
    'Subscription checkout',
    html`<h1>Subscription checkout</h1>
      <p><strong>${sub.product.name}</strong>${options ? ` (${options})` : ''} × ${sub.quantity}</p>
      <p>${formatMoney(sub.priceCents * sub.quantity, site.selectedCurrency)} ${sub.every}</p>`,
  );
}

export function giftCardPage(site: SiteInfo, product: PageProduct, priceCents: number): string {
  return layout(
    site,
    'Gift card',
    html`<h1>${product.name}</h1>
      <p>Denomination: <strong>${formatMoney(priceCents, site.selectedCurrency)}</strong></p>
      <p>The gift card is e-mailed to the recipient after purchase.</p>`,
  );
}

export function notFoundPage(site: SiteInfo): string {
  return layout(
    site,
    'Not found',
    html`<h1>Page not found</h1>
      <p><a href="/shop">Back to the shop</a></p>`,
  );
}

/** QA page: the script and no widget tag, so tests can watch what loads when a tag appears later. */
export function noWidgetsPage(site: SiteInfo): string {
  return layout(
    site,
    'No widgets',
    html`<h1>No widgets</h1>
      <p>This page loads the storefront script and no widget.</p>
      <div id="slot"></div>`,
    {
      cartPill: false,
    },
  );
}
