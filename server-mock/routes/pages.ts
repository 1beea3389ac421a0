import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { cartRows, pageData, platformItem, type PageProduct, type SiteInfo } from '../../demo-pages/page-data';
import { renderPage } from '../../demo-pages/render-page';
import { formatMoney } from '../../runtime/money/format-money';
import { getProduct, getProductBySlug, listProducts, type ProductRecord } from '../store/catalog';
import { getCart, getSubscriptionCart } from '../store/carts';
import type { Db } from '../store/db';
import { getForm } from '../store/forms';
import { websiteSettings } from '../store/settings';
import { cartIdOf } from './cart-cookie';

const GIFT_CARD = 4;
/** Products whose page also offers express checkout ('Buy Now'). */
const EXPRESS_CHECKOUT = new Set(['field-guide']);
const SITE_CSS = readFileSync(new URL('../../demo-pages/site.css', import.meta.url), 'utf8');

/** "every month", "every 2 weeks"; "for 1 year" / "for N periods" when the plan ends. */
export function billingText(plan: ProductRecord['subscriptionPlan']): string {
  if (!plan) return '';
  const { value, unit } = plan.billingPeriod;
  const noun = unit.toLowerCase();
  const every = value === 1 ? `every ${noun}` : `every ${value} ${noun}s`;
  if (!plan.numBillingCycles) return every;
  const perYear = { WEEK: 52, MONTH: 12, YEAR: 1 }[unit];
  const years = (value * plan.numBillingCycles) / perYear;
  if (Number.isInteger(years)) return `${every} for ${years} ${years === 1 ? 'year' : 'years'}`;
  return `${every} for ${plan.numBillingCycles} ${noun}s`;
}

/** The demo store's pages, rendered on the server from JSON-Template files in demo-pages/templates. */
export function pageRoutes(db: Db): Hono {
  const app = new Hono();
  const site = (): SiteInfo => websiteSettings(db);
  const withForm = (p: ProductRecord): PageProduct => ({
    ...p,
    form: p.formId ? (getForm(db, p.formId) ?? null) : null,
  });
  const item = (p: ProductRecord) => platformItem(withForm(p), site().selectedCurrency);
  const notFound = (c: Context) => c.html(renderPage('not-found', pageData(site(), 'Not found')), 404);

  app.get('/site.css', (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/', (c) =>
    c.html(renderPage('home', pageData(site(), 'Home', { items: listProducts(db).slice(0, 9).map(item) }))),
  );
  app.get('/shop', (c) => c.html(renderPage('shop', pageData(site(), 'Shop', { items: listProducts(db).map(item) }))));

  const productPage = (template: 'product' | 'product-tag') => (c: Context) => {
    const product = getProductBySlug(db, c.req.param('slug') ?? '');
    if (!product) return notFound(c);
    return c.html(
      renderPage(
        template,
        pageData(site(), product.name, { item: item(product), expressCheckout: EXPRESS_CHECKOUT.has(product.slug) }),
      ),
    );
  };
  // Product pages use the platform's formatter markup; /qa/tag/ shows the same with <store-add-to-cart>.
  app.get('/shop/p/:slug', productPage('product'));
  app.get('/qa/tag/:slug', productPage('product-tag'));
  app.get('/qa/no-widgets', (c) =>
    c.html(renderPage('no-widgets', pageData(site(), 'No widgets', { cartPill: false }))),
  );

  app.get('/cart', (c) =>
    c.html(
      renderPage(
        'cart',
        pageData(site(), 'Cart', { cart: cartRows(getCart(db, cartIdOf(c)), site().selectedCurrency) }),
      ),
    ),
  );
  app.get('/checkout', (c) =>
    c.html(
      renderPage(
        'checkout',
        pageData(site(), 'Checkout', { cart: cartRows(getCart(db, cartIdOf(c)), site().selectedCurrency) }),
      ),
    ),
  );
  app.get('/commerce/subscription', (c) => {
    const sub = getSubscriptionCart(db, c.req.query('cartToken') ?? '');
    if (!sub) return notFound(c);
    const currency = site().selectedCurrency;
    return c.html(
      renderPage(
        'subscription',
        pageData(site(), 'Subscription checkout', {
          subscription: {
            title: sub.product.name,
            options: Object.entries(sub.variant.attributes)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', '),
            quantity: sub.quantity,
            total: formatMoney(sub.variant.priceCents * sub.quantity, currency),
            every: billingText(sub.product.subscriptionPlan),
          },
        }),
      ),
    );
  });
  app.get('/commerce/gift-card', (c) => {
    const product = getProduct(db, c.req.query('itemId') ?? '');
    const variant = product?.variants.find((v) => v.sku === c.req.query('sku'));
    if (!product || product.productType !== GIFT_CARD || !variant) return notFound(c);
    return c.html(
      renderPage(
        'gift-card',
        pageData(site(), 'Gift card', {
          item: item(product),
          denomination: formatMoney(variant.priceCents, site().selectedCurrency),
        }),
      ),
    );
  });

  return app;
}

/** The not-found page, for the app's fallback. */
export function notFoundHtml(db: Db): string {
  return renderPage('not-found', pageData(websiteSettings(db), 'Not found'));
}
