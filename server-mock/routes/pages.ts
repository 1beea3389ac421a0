import { Hono } from 'hono';
import {
  cartPage,
  checkoutPage,
  giftCardPage,
  homePage,
  noWidgetsPage,
  notFoundPage,
  productPage,
  shopPage,
  subscriptionPage,
} from '../../demo-pages/pages';
import type { PageProduct } from '../../demo-pages/product-markup';
import { getProduct, getProductBySlug, listProducts, type ProductRecord } from '../store/catalog';
import { getCart, getSubscriptionCart } from '../store/carts';
import type { Db } from '../store/db';
import { getForm } from '../store/forms';
import { websiteSettings } from '../store/settings';
import { cartIdOf } from './cart-cookie';

const GIFT_CARD = 4;

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

/** The demo store's pages, rendered on the server. */
export function pageRoutes(db: Db): Hono {
  const app = new Hono();
  const site = () => websiteSettings(db);
  const toPage = (p: ProductRecord): PageProduct => ({ ...p, form: p.formId ? (getForm(db, p.formId) ?? null) : null });

  app.get('/', (c) => c.html(homePage(site(), listProducts(db).slice(0, 9).map(toPage))));
  app.get('/shop', (c) => c.html(shopPage(site(), listProducts(db).map(toPage))));
  app.get('/shop/p/:slug', (c) => {
    const product = getProductBySlug(db, c.req.param('slug'));
    return product ? c.html(productPage(site(), toPage(product))) : c.html(notFoundPage(site()), 404);
  });
  app.get('/qa/no-widgets', (c) => c.html(noWidgetsPage(site())));
  app.get('/cart', (c) => c.html(cartPage(site(), getCart(db, cartIdOf(c)))));
  app.get('/checkout', (c) => c.html(checkoutPage(site(), getCart(db, cartIdOf(c)))));
  app.get('/commerce/subscription', (c) => {
    const sub = getSubscriptionCart(db, c.req.query('cartToken') ?? '');
    if (!sub) return c.html(notFoundPage(site()), 404);
    return c.html(
      subscriptionPage(site(), {
        product: toPage(sub.product),
        attributes: sub.variant.attributes,
        priceCents: sub.variant.priceCents,
        quantity: sub.quantity,
        every: billingText(sub.product.subscriptionPlan),
      }),
    );
  });
  app.get('/commerce/gift-card', (c) => {
    const product = getProduct(db, c.req.query('itemId') ?? '');
    const variant = product?.variants.find((v) => v.sku === c.req.query('sku'));
    if (!product || product.productType !== GIFT_CARD || !variant) return c.html(notFoundPage(site()), 404);
    return c.html(giftCardPage(site(), toPage(product), variant.priceCents));
  });

  return app;
}
