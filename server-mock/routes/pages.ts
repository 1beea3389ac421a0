import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import {
  cartRows,
  pageData,
  platformItem,
  productExtras,
  productPageContext,
  type PageContext,
  type PageProduct,
  type SiteInfo,
} from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { preloadsOf, type PreloadManifest } from '../pages/module-preloads';
import { contentPageRoutes } from './content-pages';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { productFormsView, type ProductFormState } from '../pages/product-forms';
import { cartPageView, type CartFormState } from '../pages/cart-forms';
import { siteFormView, type SiteFormState } from '../pages/site-form-view';
import { SITE_FORM_PAGES } from '../pages/site-form-pages';
import {
  cartFormHandler,
  productFormHandler,
  siteFormHandler,
  type FormPage,
  type PageFormOptions,
} from './page-forms';
import { isCurrencyCode } from '../../contract/currencies';
import { API_BASE_PAGE_ORIGIN } from '../../contract/embedding';
import { FeatureFlag, PageType, ProductType, SiteStatus } from '../../contract/enumerations';
import { formatMoney } from '../../contract/money';
import { LIMITS } from '../../contract/limits';
import {
  getProduct,
  getProductBySlug,
  productListPage,
  variantDescription,
  type ProductRecord,
} from '../store/catalog';
import { pagerData, readPage } from '../pages/pager';
import { getCart, getSubscriptionCart } from '../store/carts';
import type { Db } from '../store/db';
import { getForm, getFormDefinition } from '../store/forms';
import { commerceSettings, websiteSettings } from '../store/settings';
import { tableVersion } from '../store/table-version';
import { cspNonce, pageAddress } from '../http/csp-nonce';
import { errorHtml } from '../pages/error-html';
import { productSeo } from '../pages/seo';
import { billingText } from '../pages/billing-text';
import { cartIdOf } from '../http/cart-cookie';
import { currentSiteUser } from '../middleware/site-user-session';
import { FEATURE_OFF_MESSAGES, isFeatureFlag } from '../../contract/feature-flags';
import { QA_FLAGS_SCRIPT, qaFlagsData } from '../pages/qa-flags-view';
import { popupSettings } from '../store/site-settings';
import { popupPageData } from '../pages/popup-data';
import { languageStore, localizedSite, pageLanguage, TEMPLATE_STRINGS } from '../pages/page-language';
import { trimChar } from '../../contract/trim-char';

/** Written where a kept page's nonce goes; each response puts its own nonce there. */
const NONCE_STAND_IN = `nonce${randomBytes(12).toString('hex')}`;
/** Written where a kept page's crumb goes (its forms' hidden field); each response puts the visitor's there. */
const CRUMB_STAND_IN = `crumb${randomBytes(12).toString('hex')}`;
const STAND_INS = new RegExp(`(${NONCE_STAND_IN}|${CRUMB_STAND_IN})`);
/** A kept page as UTF-8 bytes, cut where a nonce or a crumb goes (`slots` says which, after each part but the last). */
interface KeptPage {
  parts: Buffer[];
  slots: ('nonce' | 'crumb')[];
  length: number;
}

function keptPage(html: string): KeptPage {
  const pieces = html.split(STAND_INS);
  const parts = pieces.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part, 'utf8'));
  const slots = pieces.filter((_, i) => i % 2 === 1).map((s) => (s === NONCE_STAND_IN ? 'nonce' : 'crumb'));
  return { parts, slots, length: parts.reduce((sum, part) => sum + part.length, 0) };
}

/** Responses' bytes are cut from slabs of this size: one allocation serves many pages. */
const SLAB_BYTES = 512 * 1024;
let slab = Buffer.allocUnsafe(0);
let slabUsed = 0;

/** `length` bytes of their own for one response (a slice of the current slab while it has room). */
function responseBytes(length: number): Buffer<ArrayBuffer> {
  if (length > SLAB_BYTES / 8) return Buffer.allocUnsafe(length);
  if (slabUsed + length > slab.length) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
  const bytes = slab.subarray(slabUsed, slabUsed + length);
  slabUsed += length;
  return bytes;
}

/** The kept page's bytes with `nonce` and `crumb` (base64 text: one byte a character) where they go. */
function withSlots(page: KeptPage, nonce: string, crumb: string): Buffer<ArrayBuffer> {
  const [first, ...rest] = page.parts;
  const slotBytes = page.slots.reduce((sum, slot) => sum + (slot === 'nonce' ? nonce : crumb).length, 0);
  const bytes = responseBytes(page.length + slotBytes);
  let at = (first as Buffer).copy(bytes, 0);
  rest.forEach((part, i) => {
    at += bytes.write(page.slots[i] === 'nonce' ? nonce : crumb, at, 'latin1');
    at += part.copy(bytes, at);
  });
  return bytes;
}

const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };
/** Products per shop or search page: the platform's limit of products per collection (platform spec, section 9). */
export const PRODUCTS_PER_PAGE = LIMITS.productsPerCollection;
/** Products whose page also offers express checkout ('Buy Now'). */
const EXPRESS_CHECKOUT = new Set(['field-guide']);
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
  // Scripts from elsewhere (a CDN): the page names itself as the API, not the script's origin.
  const assets = options.assetBaseUrl
    ? { assetBase: trimChar(options.assetBaseUrl, '/', 'end'), apiBase: API_BASE_PAGE_ORIGIN }
    : {};
  const site = (): SiteInfo => localizedSite({ ...websiteSettings(db), ...assets });
  const formOptions: PageFormOptions = { ...options.forms, site };
  const withForm = (p: ProductRecord): PageProduct => ({
    ...p,
    form: p.formId ? (getForm(db, p.formId) ?? null) : null,
  });
  const item = (p: ProductRecord) => platformItem(withForm(p), site().selectedCurrency);
  /** The signed-in owner or contributor, for the page context (visitors: null). */
  const account = (c: Context): PageContext['account'] => {
    const user = currentSiteUser(c, db);
    // Members (no role) are no owner or contributor: the SiteUserInfo cookie speaks for them.
    return user && user.roles.length > 0 ? { roles: user.roles } : null;
  };
  const context = (c: Context, pageType: number, pageId: string, extra: Partial<PageContext> = {}): PageContext => ({
    pageType,
    pageId,
    account: account(c),
    ...extra,
  });
  const notFound = (c: Context) =>
    c.html(
      renderPage('not-found', pageData(site(), 'Not found', {}, context(c, PageType.NOT_FOUND, 'not-found'))),
      404,
    );

  app.get('/site.css', (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/favicon.svg', (c) => c.body(FAVICON, 200, { 'Content-Type': 'image/svg+xml' }));
  app.get('/', (c) =>
    c.html(
      renderPage(
        'home',
        pageData(
          site(),
          'Home',
          { items: productListPage(db, {}, 9).items.map(item), popup: popupSettings(db), demo },
          context(c, PageType.PAGE, 'home'),
        ),
      ),
    ),
  );
  // The shop collection, a page of products at a time (the platform's products per collection),
  // with previous and next links a crawler follows.
  app.get('/shop', (c) => {
    const { page, error } = readPage(c, (request) => productListPage(db, request, PRODUCTS_PER_PAGE), '/shop');
    return c.html(
      renderPage(
        'shop',
        pageData(
          site(),
          'Shop',
          {
            items: page.items.map(item),
            total: page.total,
            ...pagerData('/shop', 'Shop pages', page),
            pageError: error,
            crumb: c.get('crumb'),
          },
          context(c, PageType.MAIN_CONTENT, 'shop', { collection: { id: 'shop', name: 'Shop' } }),
        ),
      ),
      error ? 400 : 200,
    );
  });

  // Search (page type 102): products whose name holds every word of `q`, case aside, a page at a time.
  app.get('/search', (c) => {
    const query = (c.req.query('q') ?? '').trim().slice(0, 100);
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const first = `/search?${new URLSearchParams({ q: query })}`;
    const { page, error } = words.length
      ? readPage(c, (request) => productListPage(db, request, PRODUCTS_PER_PAGE, words), first)
      : { page: null, error: null };
    return c.html(
      renderPage(
        'search',
        pageData(
          site(),
          'Search',
          {
            query,
            items: page ? page.items.map(item) : [],
            total: page?.total ?? 0,
            ...(page ? pagerData('/search', 'Search result pages', page, { q: query }) : {}),
            pageError: error,
          },
          context(c, PageType.SEARCH, 'search'),
        ),
      ),
      error ? 400 : 200,
    );
  });

  /**
   * A product page. QA variants take overrides from the query: `country` and `language` (the
   * installment locale), `currency`, `flags` (comma-separated feature flags), `reviews=off`,
   * `features` (the numbered flags on, comma-separated) and `status` (the site status).
   * `language` shows the store as that language's pages do (the French store variant at /fr/…).
   */
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
    signedIn: PageContext['account'],
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
   * A product page, with its forms as posted (`state`) when a post was refused; a shop page without
   * a post or a `?status=` is kept, rendered with stand-ins for the nonce and the crumb.
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
        return c.body(withSlots(kept.page, nonce as string, c.get('crumb')), 200, HTML);
      }
      const page = productPageContext(product, signedIn);
      // A QA page may show the store in another currency (`currency=GBP`), for the UK installment provider.
      const currency = c.req.query('currency');
      const store = language ? { ...site(), ...languageStore(language) } : site();
      const shown = qa && isCurrencyCode(currency) ? { ...store, selectedCurrency: currency } : store;
      if (qa) Object.assign(page, qaOverrides(shown, c));
      const strings = TEMPLATE_STRINGS[language ?? pageLanguage()?.code ?? ''];
      const origin = pageAddress()?.origin ?? '';
      const seo = productSeo(product, { currency: shown.selectedCurrency, origin, brand: shown.title });
      const data = (crumb: string) => {
        const forms = productFormsView(product, shown, { ...state, status: c.req.query('status') }, crumb);
        return {
          seo,
          // The add-to-cart tag's partial reads its no-script form from the item it is applied to.
          item: { ...platformItem(withForm(product), shown.selectedCurrency), noScript: { crumb, ...forms } },
          expressCheckout: EXPRESS_CHECKOUT.has(product.slug),
          ...productExtras(product, shown, page.overrides),
          ...(strings ? { localizedStrings: strings } : {}),
          crumb,
          ...forms,
        };
      };
      if (!keepable)
        return c.html(renderPage(template, pageData(shown, product.name, data(c.get('crumb')), page)), status);
      const html = preloads.add(
        renderPage(template, pageData(shown, product.name, data(CRUMB_STAND_IN), page), NONCE_STAND_IN),
      );
      keepProductPage(template, product, signedIn, language, preloads.manifest, html);
      preloads.added();
      return c.body(withSlots(keptPage(html), nonce as string, c.get('crumb')), 200, HTML);
    };
  /** Registers a product page at `path` (with `:slug`), and its forms' posts to the same address. */
  const productRoute = (path: string, render: ReturnType<typeof productPage>) => {
    app.get(path, (c) => render(c));
    app.post(path, productFormHandler(db, formOptions, render));
  };
  // Product pages use the platform's formatter markup; /qa/tag/ shows the same with <store-add-to-cart>.
  // In another language (/de/shop/p/…) the widgets come as tags, which the store context localizes.
  productRoute('/shop/p/:slug', (c, state, status) =>
    productPage(pageLanguage() ? 'product-tag' : 'product', false)(c, state, status),
  );
  // Member sign-in and sign-out with <store-account>, in the demo beside a product to add.
  app.get('/account', (c) => {
    const product = demo ? getProductBySlug(db, 'field-guide') : undefined;
    return c.html(
      renderPage(
        'account',
        pageData(
          site(),
          'Your account',
          {
            item: product ? item(product) : null,
            demo,
            crumb: c.get('crumb'),
            signedIn: Boolean(currentSiteUser(c, db)),
          },
          context(c, PageType.PAGE, 'account'),
        ),
      ),
    );
  });

  // The demo's test doors and content; a production store serves none of them (404).
  if (demo) {
    // The French store variant, whether or not the site offers French: widget tags localized by the
    // store context (locale fr-FR, EUR). With French among the site's languages, /fr/… is every page in French.
    productRoute('/fr/shop/p/:slug', productPage('product-tag', false, 'fr'));
    productRoute('/qa/tag/:slug', productPage('product-tag', true));
    productRoute('/qa/p/:slug', productPage('product', true));
    // Every numbered flag's gate both ways, and the experiments as the storefront reads them.
    app.get('/qa/flags', (c) => {
      const status = qaSiteStatus(c) ?? site().siteStatus ?? SiteStatus.PAID;
      const page = context(c, PageType.PAGE, 'qa-flags', { siteStatus: status });
      return c.html(renderPage('qa-flags', pageData(site(), 'Feature flags', qaFlagsData(status), page)));
    });
    app.get('/qa/flags.js', (c) =>
      c.body(QA_FLAGS_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
    );
    // The same product's widgets under two themes (demo-pages/site.css).
    app.get('/qa/themes/:slug', (c) => productPage('themes', true)(c));
    // The newsletter pop-up with its trigger from the query (`trigger`, `delay`, `scroll`).
    app.get('/qa/popup', (c) =>
      c.html(
        renderPage(
          'popup',
          pageData(
            site(),
            'Newsletter pop-up',
            popupPageData(popupSettings(db), c.req.query()),
            context(c, PageType.PAGE, 'qa-popup'),
          ),
        ),
      ),
    );
    // The lock screen the platform shows on a password-protected site (page type 103: no analytics).
    app.get('/qa/lock', (c) =>
      c.html(
        renderPage(
          'lock-screen',
          pageData(site(), 'Locked', { cartPill: false }, context(c, PageType.LOCK_SCREEN, 'lock-screen')),
        ),
      ),
    );
    // The error page (type 101) every failing page gets, as such a page answers (nothing failed: no log).
    app.get('/qa/error', (c) => c.html(errorHtml(db), 500));
    app.get('/qa/no-widgets', (c) =>
      c.html(
        renderPage(
          'no-widgets',
          pageData(
            site(),
            'No widgets',
            { cartPill: false, census: false },
            context(c, PageType.PAGE, 'qa-no-widgets'),
          ),
        ),
      ),
    );

    // Journal, events and gallery (routes/content-pages.ts).
    app.route('/', contentPageRoutes({ site, context, notFound }));
  }

  // Site forms: the widget fetches each definition by id; without JavaScript the page's own form posts here.
  for (const { path, formId, heading, intro } of SITE_FORM_PAGES) {
    const pageId = `page-${formId}`;
    const render: FormPage<SiteFormState | undefined> = (c, state, status) =>
      c.html(
        renderPage(
          'site-form',
          pageData(
            site(),
            heading,
            {
              formId,
              heading,
              intro,
              pageId,
              formFallback: siteFormView(getFormDefinition(db, formId), site(), {
                state,
                status: c.req.query('status'),
                query: (name) => c.req.query(name),
                crumb: c.get('crumb'),
              }),
            },
            context(c, PageType.PAGE, pageId),
          ),
        ),
        status,
      );
    // The demo's forms: a store without the form has no such page.
    app.get(path, (c) => (getForm(db, formId) ? render(c, undefined, 200) : notFound(c)));
    app.post(path, siteFormHandler(db, formOptions, formId, { pageTitle: heading, pageId }, render));
  }

  const cartPage =
    (name: 'cart' | 'checkout', title: string, pageType: number) =>
    (c: Context, state?: CartFormState, status: ContentfulStatusCode = 200) =>
      c.html(
        renderPage(
          name,
          pageData(
            site(),
            title,
            name === 'cart'
              ? {
                  ...cartPageView(getCart(db, cartIdOf(c)), site(), state, c.req.query('status'), c.get('crumb')),
                }
              : { cart: cartRows(getCart(db, cartIdOf(c)), site().selectedCurrency), crumb: c.get('crumb') },
            context(c, pageType, name),
          ),
        ),
        status,
      );
  app.get('/cart', (c) => cartPage('cart', 'Cart', PageType.SHOW_CART)(c));
  app.post('/cart', cartFormHandler(db, formOptions, cartPage('cart', 'Cart', PageType.SHOW_CART)));
  app.get('/checkout', (c) => cartPage('checkout', 'Checkout', PageType.CHECKOUT)(c));
  app.get('/commerce/subscription', (c) => {
    const sub = getSubscriptionCart(db, c.req.query('cartToken') ?? '');
    if (!sub) return notFound(c);
    const currency = site().selectedCurrency;
    return c.html(
      renderPage(
        'subscription',
        pageData(
          site(),
          'Subscription checkout',
          {
            subscription: {
              title: sub.product.name,
              options: variantDescription(sub.variant.attributes),
              quantity: sub.quantity,
              total: formatMoney(sub.variant.priceCents * sub.quantity, currency),
              every: billingText(sub.product.subscriptionPlan),
            },
          },
          context(c, PageType.CHECKOUT, 'subscription-checkout'),
        ),
      ),
    );
  });
  app.get('/commerce/gift-card', (c) => {
    const product = getProduct(db, c.req.query('itemId') ?? '');
    const variant = product?.variants.find((v) => v.sku === c.req.query('sku'));
    if (!product || product.productType !== ProductType.GIFT_CARD || !variant) return notFound(c);
    // Numbered flag 40 (gift cards) off: no gift card purchase, whatever the page's button showed.
    if (!commerceSettings(db).enabledFeatures.includes(FeatureFlag.GIFT_CARDS)) {
      const page = context(c, PageType.CHECKOUT, 'gift-card-checkout');
      const data = { item: item(product), unavailable: FEATURE_OFF_MESSAGES.giftCards };
      return c.html(renderPage('gift-card', pageData(site(), 'Gift card', data, page)), 403);
    }
    return c.html(
      renderPage(
        'gift-card',
        pageData(
          site(),
          'Gift card',
          { item: item(product), denomination: formatMoney(variant.priceCents, site().selectedCurrency) },
          context(c, PageType.CHECKOUT, 'gift-card-checkout'),
        ),
      ),
    );
  });

  return app;
}

/** A QA page's site status (`status=6` pretends to be an internal site), when the query names a number. */
function qaSiteStatus(c: Context): number | undefined {
  const status = c.req.query('status');
  return status && /^\d{1,2}$/.test(status) ? Number(status) : undefined;
}

/** A QA page's numbered flags (`features=40,64`: exactly these on; `features=`: none), when the query has them. */
function qaFeatures(c: Context): number[] | undefined {
  const features = c.req.query('features');
  if (features === undefined) return undefined;
  return features
    .split(',')
    .map((f) => Number(f.trim()))
    .filter(isFeatureFlag);
}

/** A QA product page's overrides of the store settings, from its query string. */
function qaOverrides(
  site: SiteInfo,
  c: Context,
): Pick<PageContext, 'overrides' | 'extraFlags' | 'siteStatus' | 'eventValidationMode'> {
  const installments = site.commerceSettings?.installments;
  const country = c.req.query('country');
  const language = c.req.query('language');
  const flags = (c.req.query('flags') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => /^[a-z-]{1,40}$/.test(f));
  const features = qaFeatures(c);
  const status = qaSiteStatus(c);
  return {
    extraFlags: flags,
    ...(status !== undefined ? { siteStatus: status } : {}),
    // QA: the page's events go to the event service's validation endpoint (`eventValidation=1`).
    ...(c.req.query('eventValidation') === '1' ? { eventValidationMode: true } : {}),
    overrides: {
      ...(features ? { enabledFeatures: features } : {}),
      ...(installments && (country || language)
        ? {
            installments: {
              ...installments,
              stripeAccountCountry: country ?? installments.stripeAccountCountry,
              shopperLanguage: language ?? installments.shopperLanguage,
            },
          }
        : {}),
      ...(c.req.query('reviews') === 'off'
        ? { reviews: { nativeReviewsEnabled: false, importedReviewsEnabled: false } }
        : {}),
    },
  };
}
