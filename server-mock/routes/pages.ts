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
import { isCurrencyCode } from '../../contract/currencies';
import { API_BASE_PAGE_ORIGIN } from '../../contract/embedding';
import { FeatureFlag, PageType, ProductType, SiteStatus } from '../../contract/enumerations';
import { formatMoney } from '../../contract/money';
import { getProduct, getProductBySlug, listProducts, variantDescription, type ProductRecord } from '../store/catalog';
import { getCart, getSubscriptionCart } from '../store/carts';
import type { Db } from '../store/db';
import { getForm } from '../store/forms';
import { commerceSettings, websiteSettings } from '../store/settings';
import { tableVersion } from '../store/table-version';
import { cspNonce, pageAddress } from '../http/csp-nonce';
import { productSeo } from '../pages/seo';
import { billingText } from '../pages/billing-text';
import { cartIdOf } from '../http/cart-cookie';
import { currentSiteUser } from '../middleware/site-user-session';
import { FEATURE_OFF_MESSAGES, isFeatureFlag } from '../../contract/feature-flags';
import { QA_FLAGS_SCRIPT, qaFlagsData } from '../pages/qa-flags-view';
import { popupSettings } from '../store/site-settings';
import { popupPageData } from '../pages/popup-data';
import { languageStore, localizedSite, pageLanguage, TEMPLATE_STRINGS } from '../pages/page-language';

/** Written where a kept page's nonce goes; each response puts its own nonce there. */
const NONCE_STAND_IN = `nonce${randomBytes(12).toString('hex')}`;
/** A kept page as UTF-8 bytes, cut where its nonce goes (at least one part). */
interface KeptPage {
  parts: Buffer[];
  length: number;
}

function keptPage(html: string): KeptPage {
  const parts = html.split(NONCE_STAND_IN).map((part) => Buffer.from(part, 'utf8'));
  return { parts, length: parts.reduce((sum, part) => sum + part.length, 0) };
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

/** The kept page's bytes with `nonce` (base64: one byte a character) wherever a nonce goes. */
function withNonce(page: KeptPage, nonce: string): Buffer<ArrayBuffer> {
  const [first, ...rest] = page.parts;
  const bytes = responseBytes(page.length + rest.length * nonce.length);
  let at = (first as Buffer).copy(bytes, 0);
  for (const part of rest) {
    at += bytes.write(nonce, at, 'latin1');
    at += part.copy(bytes, at);
  }
  return bytes;
}

const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };
/** Products whose page also offers express checkout ('Buy Now'). */
const EXPRESS_CHECKOUT = new Set(['field-guide']);
const SITE_CSS = readFileSync(new URL('../../demo-pages/site.css', import.meta.url), 'utf8');
/** The demo store's icon, a file of its own: a strict Content-Security-Policy refuses `data:` icons. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1a1a1a"/></svg>';
/** The demo store's pages, rendered on the server from JSON-Template files in demo-pages/templates. */
export function pageRoutes(db: Db, options: { assetBaseUrl?: string } = {}): Hono {
  const app = new Hono();
  // Scripts from elsewhere (a CDN): the page names itself as the API, not the script's origin.
  const assets = options.assetBaseUrl
    ? { assetBase: options.assetBaseUrl.replace(/\/+$/, ''), apiBase: API_BASE_PAGE_ORIGIN }
    : {};
  const site = (): SiteInfo => localizedSite({ ...websiteSettings(db), ...assets });
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
          { items: listProducts(db).slice(0, 9).map(item), popup: popupSettings(db) },
          context(c, PageType.PAGE, 'home'),
        ),
      ),
    ),
  );
  app.get('/shop', (c) =>
    c.html(
      renderPage(
        'shop',
        pageData(
          site(),
          'Shop',
          { items: listProducts(db).map(item) },
          context(c, PageType.MAIN_CONTENT, 'shop', { collection: { id: 'shop', name: 'Shop' } }),
        ),
      ),
    ),
  );

  // Search (page type 102): products whose name holds every word of `q`, case aside.
  app.get('/search', (c) => {
    const query = (c.req.query('q') ?? '').trim().slice(0, 100);
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const found = words.length
      ? listProducts(db).filter((p) => words.every((w) => p.name.toLowerCase().includes(w)))
      : [];
    return c.html(
      renderPage(
        'search',
        pageData(site(), 'Search', { query, items: found.map(item) }, context(c, PageType.SEARCH, 'search')),
      ),
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
  const productPage =
    (template: 'product' | 'product-tag' | 'themes', qa: boolean, language?: string) => (c: Context) => {
      const product = getProductBySlug(db, c.req.param('slug') ?? '');
      if (!product) return notFound(c);
      const signedIn = account(c);
      // A shop page is kept, rendered with a stand-in nonce; QA pages take overrides from the query.
      const nonce = cspNonce();
      const preloads = preloadsOf(c);
      const kept =
        qa || nonce === undefined
          ? undefined
          : keptProductPage(template, product, signedIn, language, preloads.manifest);
      if (kept) {
        preloads.added();
        return c.body(withNonce(kept.page, nonce as string), 200, HTML);
      }
      const page = productPageContext(product, signedIn);
      // A QA page may show the store in another currency (`currency=GBP`), for the UK installment provider.
      const currency = c.req.query('currency');
      const store = language ? { ...site(), ...languageStore(language) } : site();
      const shown = qa && isCurrencyCode(currency) ? { ...store, selectedCurrency: currency } : store;
      if (qa) Object.assign(page, qaOverrides(shown, c));
      const strings = TEMPLATE_STRINGS[language ?? pageLanguage()?.code ?? ''];
      const origin = pageAddress()?.origin ?? '';
      const data = {
        seo: productSeo(product, { currency: shown.selectedCurrency, origin, brand: shown.title }),
        item: platformItem(withForm(product), shown.selectedCurrency),
        expressCheckout: EXPRESS_CHECKOUT.has(product.slug),
        ...productExtras(product, shown, page.overrides),
        ...(strings ? { localizedStrings: strings } : {}),
      };
      const pageHtml = (pageNonce?: string) =>
        renderPage(template, pageData(shown, product.name, data, page), pageNonce);
      if (qa || nonce === undefined) return c.html(pageHtml());
      const html = preloads.add(pageHtml(NONCE_STAND_IN));
      keepProductPage(template, product, signedIn, language, preloads.manifest, html);
      preloads.added();
      return c.body(withNonce(keptPage(html), nonce), 200, HTML);
    };
  // Product pages use the platform's formatter markup; /qa/tag/ shows the same with <store-add-to-cart>.
  app.get('/shop/p/:slug', (c) =>
    // In another language (/de/shop/p/…) the widgets come as tags, which the store context localizes.
    productPage(pageLanguage() ? 'product-tag' : 'product', false)(c),
  );
  app.get('/qa/tag/:slug', productPage('product-tag', true));
  app.get('/qa/p/:slug', productPage('product', true));
  // Every numbered flag's gate both ways, and the experiments as the storefront reads them.
  app.get('/qa/flags', (c) => {
    const status = qaSiteStatus(c) ?? site().siteStatus ?? SiteStatus.PAID;
    const page = context(c, PageType.PAGE, 'qa-flags', { siteStatus: status });
    return c.html(renderPage('qa-flags', pageData(site(), 'Feature flags', qaFlagsData(status), page)));
  });
  app.get('/qa/flags.js', (c) =>
    c.body(QA_FLAGS_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  // Member sign-in and sign-out with <store-account>, beside a product to add.
  app.get('/account', (c) => {
    const product = getProductBySlug(db, 'field-guide');
    return c.html(
      renderPage(
        'account',
        pageData(
          site(),
          'Your account',
          { item: product ? item(product) : null },
          context(c, PageType.PAGE, 'account'),
        ),
      ),
    );
  });
  // The same product's widgets under two themes (demo-pages/site.css).
  app.get('/qa/themes/:slug', productPage('themes', true));
  // The French store variant, whether or not the site offers French: widget tags localized by the
  // store context (locale fr-FR, EUR). With French among the site's languages, /fr/… is every page in French.
  app.get('/fr/shop/p/:slug', productPage('product-tag', false, 'fr'));
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
  // A page that fails on our side, to show the error page (type 101) every failing page gets.
  app.get('/qa/error', () => {
    throw new Error('The QA error page failed on purpose.');
  });
  app.get('/qa/no-widgets', (c) =>
    c.html(
      renderPage(
        'no-widgets',
        pageData(site(), 'No widgets', { cartPill: false, census: false }, context(c, PageType.PAGE, 'qa-no-widgets')),
      ),
    ),
  );

  // Journal, events and gallery (routes/content-pages.ts).
  app.route('/', contentPageRoutes({ site, context, notFound }));

  // Site forms: the widget fetches each definition by id.
  const formPage = (path: string, formId: string, heading: string, intro: string) =>
    app.get(path, (c) =>
      c.html(
        renderPage(
          'site-form',
          pageData(
            site(),
            heading,
            { formId, heading, intro, pageId: `page-${formId}` },
            context(c, PageType.PAGE, `page-${formId}`),
          ),
        ),
      ),
    );
  formPage('/contact', 'contact', 'Contact us', 'Questions about an order, a repair or a custom piece? Write to us.');
  formPage('/newsletter', 'newsletter', 'Newsletter', 'New pieces and workshop dates, once a month.');
  formPage('/forms/redirect', 'redirect', 'Quick question', 'Ask away; you will be back in the shop right after.');

  const cartPage = (name: 'cart' | 'checkout', title: string, pageType: number) => (c: Context) =>
    c.html(
      renderPage(
        name,
        pageData(
          site(),
          title,
          { cart: cartRows(getCart(db, cartIdOf(c)), site().selectedCurrency), crumb: c.get('crumb') },
          context(c, pageType, name),
        ),
      ),
    );
  app.get('/cart', cartPage('cart', 'Cart', PageType.SHOW_CART));
  app.get('/checkout', cartPage('checkout', 'Checkout', PageType.CHECKOUT));
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
