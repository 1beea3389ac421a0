import { Hono } from 'hono';
import { platformItem } from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { getProduct } from '../store/catalog';
import type { Db } from '../store/db';
import { getForm } from '../store/forms';
import { websiteSettings } from '../store/settings';
import { HttpError } from '../http/http-error';

/** Message of a quick view asked for a product the store does not have. */
export const NO_SUCH_PRODUCT = 'Unable to locate content';

/**
 * A product's quick view (the `product-quick-view` button, platform spec, section 2): an HTML
 * fragment with its title, price, status, excerpt, add-to-cart tag and a link to its page.
 */
export function quickViewRoutes(db: Db): Hono {
  const app = new Hono();
  app.get('/products/:productId/quick-view', (c) => {
    const product = getProduct(db, c.req.param('productId'));
    if (!product) throw new HttpError(404, NO_SUCH_PRODUCT);
    const form = product.formId ? (getForm(db, product.formId) ?? null) : null;
    const item = platformItem(
      { ...product, form },
      websiteSettings(db).selectedCurrency,
      websiteSettings(db).multipleQuantityAllowedForServices,
    );
    return c.html(renderPage('quick-view', { item }));
  });
  return app;
}
