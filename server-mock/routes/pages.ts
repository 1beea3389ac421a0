import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { renderPage } from '../pages/render-page';
import { preloadsOf, type PreloadManifest } from '../pages/module-preloads';
import { contentPageRoutes, type ContentPageHelpers } from './content-pages';
import type { ProductFormState } from '../pages/product-forms';
import type { CartFormState } from '../pages/cart-forms';
import type { SiteFormState } from '../pages/site-form-view';
import { SITE_FORM_PAGES, siteFormPageId, siteFormPageView } from '../pages/site-form-pages';
import {
  cartFormHandler,
  cartFormRefusal,
  forForm,
  oncePerFormKey,
  productFormHandler,
  productFormRefusal,
  siteFormHandler,
  siteFormRefusal,
  type FormPage,
  type PageFormOptions,
} from './page-forms';
import { refusesWith } from '../http/page-refusal';
import { getProductBySlug, type ProductRecord } from '../store/catalog';
import { readPage } from '../pages/pager';
import type { Db } from '../store/db';
import { getForm } from '../store/forms';
import { websiteSettings } from '../store/settings';
import { tableVersion } from '../store/table-version';
import { cspNonce } from '../http/csp-nonce';
import { newFormKey } from '../http/form-key';
import { CRUMB_STAND_IN, keptPage, NONCE_STAND_IN, withSlots, type KeptPage } from '../http/kept-page';
import { errorHtml } from '../pages/error-html';
import { cartIdOf } from '../http/cart-cookie';
import { currentSiteUser } from '../middleware/site-user-session';
import { QA_FLAGS_SCRIPT } from '../pages/qa-flags-view';
import { pageLanguage } from '../pages/page-language';
import { notFoundView, pageContext, storePages, type PageAccount } from '../pages/store-pages';
import { homeView, productsPage, searchView, shopView } from '../pages/listing-views';
import { productView } from '../pages/product-view';
import { accountView } from '../pages/account-view';
import { lockScreenView, noWidgetsView, qaFlagsView, qaPopupView } from '../pages/qa-pages';
import { cartView, checkoutView, giftCardView, subscriptionView } from '../pages/cart-views';

const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };
const SITE_CSS = readFileSync(new URL('../../demo-pages/site.css', import.meta.url), 'utf8');
/** The demo store's icon, a file of its own: a strict Content-Security-Policy refuses `data:` icons. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1a1a1a"/></svg>';
/** Options of {@link pageRoutes}. */
export interface PageRouteOptions {
  /** Whether the demo's QA pages (`/qa/…`) and content pages (journal, events, gallery) exist (default true). */
  demo?: boolean;
  /** Where pages load the bundle from, when not from the store itself. */
  assetBaseUrl?: string;
  /** What the pages' own forms (without JavaScript) add, hold and count with. */
  forms: Omit<PageFormOptions, 'site'>;
}

/** The store's pages, rendered on the server from JSON-Template files in demo-pages/templates. */
export function pageRoutes(db: Db, options: PageRouteOptions): Hono {
  const app = new Hono();
  const demo = options.demo ?? true;
  const pages = storePages(db, demo, options.assetBaseUrl);
  const { site } = pages;
  const formOptions: PageFormOptions = { ...options.forms, site };
  /** The signed-in owner or contributor, for the page context (visitors: null). */
  const account = (c: Context): PageAccount => {
    const user = currentSiteUser(c, db);
    // Members (no role) are no owner or contributor: the SiteUserInfo cookie speaks for them.
    return user && user.roles.length > 0 ? { roles: user.roles } : null;
  };
  const notFound = (c: Context) => c.html(renderPage('not-found', notFoundView(pages, account(c))), 404);

  app.get('/site.css', (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/favicon.svg', (c) => c.body(FAVICON, 200, { 'Content-Type': 'image/svg+xml' }));
  app.get('/', (c) => c.html(renderPage('home', homeView(pages, account(c)))));
  // The shop collection, a page of products at a time (the platform's products per collection).
  app.get('/shop', (c) => {
    const { page, error } = readPage(c, (request) => productsPage(pages, request), '/shop');
    return c.html(renderPage('shop', shopView(pages, page, error, c.get('crumb'), account(c))), error ? 400 : 200);
  });

  // Search: products whose name holds every word of `q`, case aside, a page at a time.
  app.get('/search', (c) => {
    const query = (c.req.query('q') ?? '').trim().slice(0, 100);
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const first = `/search?${new URLSearchParams({ q: query })}`;
    const { page, error } = words.length
      ? readPage(c, (request) => productsPage(pages, request, words), first)
      : { page: null, error: null };
    return c.html(renderPage('search', searchView(pages, query, page, error, account(c))), error ? 400 : 200);
  });

  /**
   * Rendered shop product pages, by template, product, language and signed-in roles, each kept
   * while what it was rendered from is the same: the product record and the site settings (both
   * kept by the store until their tables change: the same objects) and the forms table.
   */
  const productPages = new Map<
    string,
    { product: ProductRecord; settings: object; forms: string; manifest: PreloadManifest | null; page: KeptPage }
  >();
  const productPageKey = (
    template: string,
    product: ProductRecord,
    signedIn: PageAccount,
    language: string | undefined,
  ) => [template, product.id, language ?? '', pageLanguage()?.code ?? '', signedIn?.roles.join(',') ?? '-'].join('|');
  const keptProductPage = (...args: [...Parameters<typeof productPageKey>, PreloadManifest | null]) => {
    const [template, product, signedIn, language, manifest] = args;
    const kept = productPages.get(productPageKey(template, product, signedIn, language));
    return kept?.product === product &&
      kept.manifest === manifest &&
      kept.settings === websiteSettings(db) &&
      kept.forms === tableVersion(db, 'forms')
      ? kept
      : undefined;
  };
  const keepProductPage = (...args: [...Parameters<typeof productPageKey>, PreloadManifest | null, string]) => {
    const [template, product, signedIn, language, manifest, html] = args;
    if (productPages.size >= 1000) productPages.clear();
    productPages.set(productPageKey(template, product, signedIn, language), {
      product,
      settings: websiteSettings(db),
      forms: tableVersion(db, 'forms'),
      manifest,
      page: keptPage(html),
    });
  };
  /**
   * A product page (pages/product-view.ts), with its forms as posted (`state`) when a post was
   * refused; a shop page without a post or a `?status=` is kept, rendered with stand-ins for the
   * nonce and the crumb.
   */
  const productPage =
    (template: 'product' | 'product-tag' | 'themes', qa: boolean, language?: string) =>
    (c: Context, state?: ProductFormState, status: ContentfulStatusCode = 200) => {
      const product = getProductBySlug(db, c.req.param('slug') ?? '');
      if (!product) return notFound(c);
      const signedIn = account(c);
      // QA pages take overrides from the query; a page after or with a post shows its own messages.
      const nonce = cspNonce();
      const preloads = preloadsOf(c);
      const keepable = !qa && nonce !== undefined && !state && c.req.query('status') === undefined;
      const kept = keepable ? keptProductPage(template, product, signedIn, language, preloads.manifest) : undefined;
      if (kept) {
        preloads.added();
        return c.body(withSlots(kept.page, nonce as string, c.get('crumb'), newFormKey()), 200, HTML);
      }
      const request = { qa, language, account: signedIn, state, query: (name: string) => c.req.query(name) };
      if (!keepable) return c.html(renderPage(template, productView(pages, product, request, c.get('crumb'))), status);
      const html = preloads.add(
        renderPage(template, productView(pages, product, request, CRUMB_STAND_IN), NONCE_STAND_IN),
      );
      keepProductPage(template, product, signedIn, language, preloads.manifest, html);
      preloads.added();
      return c.body(withSlots(keptPage(html), nonce as string, c.get('crumb'), newFormKey()), 200, HTML);
    };
  /**
   * Registers a product page at `path` (with `:slug`), and its forms' posts to the same address:
   * the restock form counts against the restock sign-ups' limit too, and a refused post gets the
   * page again.
   */
  const productRoute = (path: string, render: ReturnType<typeof productPage>) => {
    app.get(path, (c) => render(c));
    app.post(
      path,
      forForm('restock', formOptions.restockLimit),
      refusesWith(
        oncePerFormKey(db, productFormHandler(db, formOptions, render)),
        productFormRefusal(db, formOptions, render),
      ),
    );
  };
  // Product pages use the platform's formatter markup; /qa/tag/ shows the same with <store-add-to-cart>.
  // In another language (/de/shop/p/…) the widgets come as tags, which the store context localizes.
  productRoute('/shop/p/:slug', (c, state, status) =>
    productPage(pageLanguage() ? 'product-tag' : 'product', false)(c, state, status),
  );
  app.get('/account', (c) =>
    c.html(renderPage('account', accountView(pages, Boolean(currentSiteUser(c, db)), c.get('crumb'), account(c)))),
  );

  // The demo's test doors and content; a production store serves none of them (404).
  if (demo) {
    // The French store variant, whether or not the site offers French: widget tags localized by the
    // store context (locale fr-FR, EUR). With French among the site's languages, /fr/… is every page in French.
    productRoute('/fr/shop/p/:slug', productPage('product-tag', false, 'fr'));
    productRoute('/qa/tag/:slug', productPage('product-tag', true));
    productRoute('/qa/p/:slug', productPage('product', true));
    app.get('/qa/flags', (c) =>
      c.html(
        renderPage(
          'qa-flags',
          qaFlagsView(pages, (name) => c.req.query(name), account(c)),
        ),
      ),
    );
    app.get('/qa/flags.js', (c) =>
      c.body(QA_FLAGS_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
    );
    // The same product's widgets under two themes (demo-pages/site.css).
    app.get('/qa/themes/:slug', (c) => productPage('themes', true)(c));
    app.get('/qa/popup', (c) => c.html(renderPage('popup', qaPopupView(pages, c.req.query(), account(c)))));
    app.get('/qa/lock', (c) => c.html(renderPage('lock-screen', lockScreenView(pages, account(c)))));
    // The error page (type 101) every failing page gets, as such a page answers (nothing failed: no log).
    app.get('/qa/error', (c) => c.html(errorHtml(db), 500));
    app.get('/qa/no-widgets', (c) => c.html(renderPage('no-widgets', noWidgetsView(pages, account(c)))));

    // Journal, events and gallery (routes/content-pages.ts).
    const context: ContentPageHelpers['context'] = (c, pageType, pageId, extra) =>
      pageContext(account(c), pageType, pageId, extra);
    app.route('/', contentPageRoutes({ site, context, notFound }));
  }

  // Site forms: the widget fetches each definition by id; without JavaScript the page's own form posts here.
  for (const formPage of SITE_FORM_PAGES) {
    const { path, formId, heading } = formPage;
    const render: FormPage<SiteFormState | undefined> = (c, state, status) => {
      const form = {
        state,
        status: c.req.query('status'),
        query: (name: string) => c.req.query(name),
        crumb: c.get('crumb'),
      };
      return c.html(renderPage('site-form', siteFormPageView(pages, formPage, form, account(c))), status);
    };
    // The demo's forms: a store without the form has no such page.
    app.get(path, (c) => (getForm(db, formId) ? render(c, undefined, 200) : notFound(c)));
    const handler = oncePerFormKey(
      db,
      siteFormHandler(db, formOptions, formId, { pageTitle: heading, pageId: siteFormPageId(formId) }, render),
    );
    app.post(path, formOptions.formLimit, refusesWith(handler, siteFormRefusal(formOptions, render)));
  }

  const cartPage = (c: Context, state?: CartFormState, status: ContentfulStatusCode = 200) => {
    const form = { state, status: c.req.query('status'), crumb: c.get('crumb') };
    return c.html(renderPage('cart', cartView(pages, cartIdOf(c, db), form, account(c))), status);
  };
  app.get('/cart', (c) => cartPage(c));
  app.post(
    '/cart',
    refusesWith(oncePerFormKey(db, cartFormHandler(db, formOptions, cartPage)), cartFormRefusal(formOptions, cartPage)),
  );
  app.get('/checkout', (c) =>
    c.html(renderPage('checkout', checkoutView(pages, cartIdOf(c, db), c.get('crumb'), account(c))), 200),
  );
  app.get('/commerce/subscription', (c) => {
    const view = subscriptionView(pages, c.req.query('cartToken') ?? '', account(c));
    return view ? c.html(renderPage('subscription', view)) : notFound(c);
  });
  app.get('/commerce/gift-card', (c) => {
    const giftCard = giftCardView(pages, c.req.query('itemId') ?? '', c.req.query('sku'), account(c));
    if (!giftCard) return notFound(c);
    return c.html(renderPage('gift-card', giftCard.view), giftCard.available ? 200 : 403);
  });

  return app;
}
