import { Hono, type Context } from 'hono';
import type { OrderSummary } from '../../contract/cart';
import { PageType } from '../../contract/enumerations';
import { formatMoney } from '../../contract/money';
import { SESSION_EXPIRED } from '../../contract/messages';
import { cartIdOf } from '../http/cart-cookie';
import { refusesWith } from '../http/page-refusal';
import { TOO_MANY_REQUESTS } from '../middleware/rate-limit';
import { pageFormRefusal, readFormFields } from '../http/page-form';
import { oncePerFormKey } from './page-forms';
import { currentSiteUser } from '../middleware/site-user-session';
import { cartRows, pageData, type PageContext } from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { getCart } from '../store/carts';
import type { Db } from '../store/db';
import { getOrder, placeOrder } from '../store/orders';
import { websiteSettings } from '../store/settings';
import { StoreError } from '../store/store-error';

/** The page a placed order is confirmed on. */
export const orderConfirmedPath = (orderId: string) => `/commerce/order-confirmed/${orderId}`;

const STATUS_OF_KIND = { 'not-found': 404, invalid: 400, conflict: 409 } as const;

/** The order as the confirmation page shows it, money in the store's words. */
function orderRows(order: OrderSummary) {
  const money = (cents: number) => formatMoney(cents, order.currencyCode);
  return {
    id: order.id,
    entries: order.items.map((i) => ({ title: i.name, quantity: i.quantity, total: money(i.priceCents * i.quantity) })),
    subtotal: money(order.subtotalCents),
    tax: money(order.taxCents),
    shipping: money(order.shippingCostCents),
    grandTotal: money(order.grandTotalCents),
  };
}

/** Checkout's "Place order" (a plain form with the crumb) and the order-confirmed page (page type 202). */
export function orderRoutes(db: Db, now: () => number = Date.now): Hono {
  const app = new Hono();
  const account = (c: Context): PageContext['account'] => {
    const user = currentSiteUser(c, db);
    return user && user.roles.length > 0 ? { roles: user.roles } : null;
  };
  const checkoutRefused = (c: Context, status: 400 | 403 | 404 | 409 | 429, error: string) => {
    const site = websiteSettings(db);
    const data = { cart: cartRows(getCart(db, cartIdOf(c, db)), site.selectedCurrency), crumb: c.get('crumb'), error };
    const page = { pageType: PageType.CHECKOUT, pageId: 'checkout', account: account(c) };
    return c.html(renderPage('checkout', pageData(site, 'Checkout', data, page)), status);
  };

  const placeOrderRoute = async (c: Context) => {
    if (pageFormRefusal(c, await readFormFields(c))) return checkoutRefused(c, 403, SESSION_EXPIRED);
    try {
      const order = placeOrder(db, cartIdOf(c, db), now());
      return c.redirect(orderConfirmedPath(order.id), 303);
    } catch (error) {
      if (error instanceof StoreError) return checkoutRefused(c, STATUS_OF_KIND[error.kind], error.message);
      throw error;
    }
  };
  app.post(
    '/checkout',
    refusesWith(oncePerFormKey(db, placeOrderRoute), (c) => checkoutRefused(c, 429, TOO_MANY_REQUESTS)),
  );

  app.get('/commerce/order-confirmed/:orderId', async (c, next) => {
    const order = getOrder(db, c.req.param('orderId'));
    if (!order) return next();
    const page: PageContext = {
      pageType: PageType.ORDER_CONFIRMED,
      pageId: 'order-confirmed',
      account: account(c),
      order,
    };
    return c.html(
      renderPage(
        'order-confirmed',
        pageData(websiteSettings(db), 'Order confirmed', { order: orderRows(order) }, page),
      ),
    );
  });

  return app;
}
