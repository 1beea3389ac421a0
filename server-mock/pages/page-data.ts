import { PRODUCT_IMAGE_SIZES } from '../../contract/breakpoints';
import { toDecimalString } from '../../contract/currencies';
import { PageType, ProductType, RecordType, SourceEnvironment } from '../../contract/enumerations';
import { showsQuantityField, variantOptions } from '../../contract/add-to-cart-check';
import { formatMoney } from '../../contract/money';
import type { OrderSummary, ShoppingCart } from '../../contract/cart';
import { variantDescription, type ProductRecord } from '../store/catalog';
import type {
  CaptchaSettings,
  CommerceSettings,
  RestockSettings,
  StoreContextJson,
} from '../../contract/store-context';
import { imageAt, srcsetFor } from '../../contract/product-images';
import { reviewsAllowedFor } from '../../contract/reviews-rule';
import { SiteStatus } from '../../contract/enumerations';
import { DEFAULT_ENABLED_FEATURES, INSTALLMENT_PROVIDER_FLAG } from '../../contract/feature-flags';
import { installmentOffer, providerFor } from '../../contract/installments';
import type { ExperimentConfig } from '../../contract/experiments';
import type { SiteHeaderFooter, SiteLanguage } from '../../contract/site-settings';
import { localizedSite, pageLanguage } from './page-language';
import { pageAddress } from '../http/csp-nonce';
import { metaDescription, type PageSeo } from './seo';

/** What every demo page knows of the site. */
export interface SiteInfo {
  id: string;
  title: string;
  selectedCurrency: string;
  multipleQuantityAllowedForServices: boolean;
  /** The CAPTCHA provider (public site key and script), when the site has one. */
  captchaSettings?: CaptchaSettings | null;
  /** Store-wide restock sign-up settings. */
  restockSettings?: RestockSettings;
  /** Installments, reviews, minimum subtotal and feature flags of the store. */
  commerceSettings?: CommerceSettings;
  /** A `SiteStatus` code (paid when unset). */
  siteStatus?: number;
  /** The experiment configuration, by name. */
  experiments?: ExperimentConfig;
  /** Where pages load `storefront.js` from (`https://cdn.example`); the store itself when unset. */
  assetBase?: string;
  /** The store context's `apiBase`: where widgets call the API when not where the script came from. */
  apiBase?: string;
  /** The site's locale ('fr-FR'); en-US when unset. */
  locale?: string;
  /** The site's time zone ('Europe/Paris'); the widgets' default (America/New_York) when unset. */
  timeZone?: string;
  /** Widget strings by catalog key (`contract/widget-messages.ts`), for a localized store. */
  messages?: Record<string, string>;
  /** The site header and footer the owner set. */
  headerFooter?: SiteHeaderFooter;
  /** The languages the site offers; a picker is shown when there are several. */
  languages?: SiteLanguage[];
}

/** Which page this is, for the widgets (reviews, analytics) that care. */
export interface PageContext {
  pageType: number;
  pageId: string;
  /** The content item of an item page. */
  item?: { id: string; recordType: number; collectionId: string; title: string; productType?: number };
  collection?: { id: string; name: string };
  /** The signed-in site owner or contributor, by role codes; null for visitors. */
  account?: { roles: readonly number[] } | null;
  /** Feature flags turned on for this page on top of the store's (QA pages). */
  extraFlags?: readonly string[];
  /** Store settings a QA page overrides. */
  overrides?: Partial<NonNullable<SiteInfo['commerceSettings']>>;
  /** The site status a QA page pretends to have. */
  siteStatus?: number;
  /** The placed order of an order-confirmed page (the ads pixel's Purchase reads it). */
  order?: OrderSummary;
  /** QA: events go to the event service's validation endpoint, checked and not recorded. */
  eventValidationMode?: boolean;
}

/** A catalog product as pages show it, with its additional-fields form when it has one. */
export type PageProduct = ProductRecord & { form: unknown };

/**
 * The product as the platform's templates read it (`item`, with `structuredContent`), and beside
 * it what our own tag's reserved box needs: its option rows (`reserveOptions`), and
 * `reserveNoQuantity` when a physical product or service shows no quantity field
 * (contract/add-to-cart-check.ts).
 */
export function platformItem(product: PageProduct, currency: string, multipleQuantityAllowedForServices = true) {
  // Digital goods carry their price on the product itself; physical ones per variant.
  const lowest = Math.min(...product.variants.map((v) => v.priceCents));
  const quantityType = product.productType === ProductType.PHYSICAL || product.productType === ProductType.SERVICE;
  const quantity = showsQuantityField({
    productType: product.productType,
    subscribable: Boolean(product.isSubscribable),
    variants: product.variants,
    multipleQuantityAllowedForServices,
  });
  return {
    reserveOptions:
      product.variants.length > 1 ? variantOptions(product.variants, product.variantOptionOrdering).length : 0,
    ...(quantityType && !quantity ? { reserveNoQuantity: true } : {}),
    id: product.id,
    collectionId: 'shop',
    recordType: RecordType.STORE_ITEM,
    title: product.name,
    urlId: product.slug,
    fullUrl: `/shop/p/${product.slug}`,
    excerpt: product.description,
    structuredContent: {
      productType: product.productType,
      priceMoney: { currency, value: toDecimalString(Number.isFinite(lowest) ? lowest : 0, currency) },
      onSale: false,
      isSubscribable: product.isSubscribable,
      ...(product.subscriptionPlan ? { subscriptionPlan: product.subscriptionPlan } : {}),
      variantOptionOrdering: product.variantOptionOrdering,
      variants: product.variants.map((v) => ({
        id: v.sku,
        sku: v.sku,
        attributes: v.attributes,
        price: v.priceCents,
        priceMoney: { currency, value: toDecimalString(v.priceCents, currency) },
        onSale: false,
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
        ...(v.mainImageId ? { mainImageId: v.mainImageId } : {}),
      })),
      ...(product.form ? { additionalFieldsFormId: product.formId, additionalFieldsForm: product.form } : {}),
      useCustomAddButtonText: Boolean(product.customLabel),
      ...(product.customLabel ? { customAddButtonText: product.customLabel } : {}),
    },
  };
}

/**
 * Data every page template reads: the site, its store context and the page title. The CAPTCHA
 * and restock settings go to the store context (for widgets) and the CAPTCHA settings to
 * `website` too (for the platform's restock markup).
 */
export function pageData(
  site: SiteInfo,
  pageTitle: string,
  extra: Record<string, unknown>,
  /** Which page this is: every page says its type (`PageType`). */
  page: PageContext,
) {
  site = localizedSite(site);
  const language = pageLanguage();
  const captchaSettings = site.captchaSettings ? { captchaSettings: site.captchaSettings } : {};
  const commerce = { ...site.commerceSettings, ...page.overrides };
  const storeContext: StoreContextJson = {
    websiteId: site.id,
    storeSettings: {
      selectedCurrency: site.selectedCurrency,
      multipleQuantityAllowedForServices: site.multipleQuantityAllowedForServices,
    },
    ...captchaSettings,
    ...(site.restockSettings ? { restockSettings: site.restockSettings } : {}),
    reviewsSettings: commerce.reviews ?? { nativeReviewsEnabled: false, importedReviewsEnabled: false },
    featureFlags: [...(commerce.featureFlags ?? []), ...(page.extraFlags ?? [])],
    enabledFeatures: [...(commerce.enabledFeatures ?? DEFAULT_ENABLED_FEATURES)],
    siteStatus: page.siteStatus ?? site.siteStatus ?? SiteStatus.PAID,
    experiments: site.experiments ?? {},
    templateId: 'field-and-forge',
    websiteLocale: site.locale ?? 'en-US',
    ...(site.timeZone ? { timeZone: site.timeZone } : {}),
    ...(site.messages ? { messages: site.messages } : {}),
    sourceEnvironment: SourceEnvironment.DEV,
    cookiePolicy: { restrictive: false },
    isCloneable: false,
    pageType: page.pageType,
    pageId: page.pageId,
    item: page.item ?? null,
    collection: page.collection ?? null,
    account: page.account ?? null,
    ...(page.order ? { order: page.order } : {}),
    ...(page.eventValidationMode ? { eventValidationMode: true } : {}),
    ...(site.apiBase ? { apiBase: site.apiBase } : {}),
    // Served under a language's prefix (`/de/shop`): widgets keep their links to store pages in it.
    ...(language ? { languagePrefix: language.prefix } : {}),
  };
  return {
    pageTitle,
    assetBase: site.assetBase ?? '',
    // The page's language (`<html lang>`): the locale's language subtag.
    lang: (site.locale ?? 'en').split('-')[0],
    reviewsShown: reviewsAllowedFor(storeContext),
    cartPill: true,
    census: true,
    website: { id: site.id, siteTitle: site.title, ...captchaSettings },
    storeContext,
    siteHeader: site.headerFooter?.header ?? { links: [] },
    siteFooter: site.headerFooter?.footer ?? null,
    multilingual: (site.languages?.length ?? 0) > 1,
    ...extra,
    seo: pageSeo(site, pageTitle, extra),
  };
}

/**
 * The page's head for search engines and shares: its description (the page's own, else its
 * item's excerpt, else the page title with the site's footer text), its canonical address (the
 * public origin and the path asked for, without the query) and what the page adds (`extra.seo`).
 */
function pageSeo(site: SiteInfo, pageTitle: string, extra: Record<string, unknown>): PageSeo {
  const address = pageAddress();
  const excerpt = (extra.item as { excerpt?: unknown } | undefined)?.excerpt;
  const own = typeof extra.metaDescription === 'string' ? extra.metaDescription : undefined;
  const fromItem = typeof excerpt === 'string' && metaDescription(excerpt) !== '' ? excerpt : undefined;
  const about = site.headerFooter?.footer?.text ?? '';
  return {
    description: metaDescription(own ?? fromItem ?? `${pageTitle} at ${site.title}. ${about}`),
    ...(address ? { canonicalUrl: `${address.origin}${address.path}` } : {}),
    ogType: 'website',
    twitterCard: 'summary',
    ...(extra.seo as Partial<PageSeo> | undefined),
  };
}

/** A cart's rows with their text, for the cart and checkout pages; null when empty. */
export function cartRows(cart: ShoppingCart | undefined, currency: string) {
  if (!cart || cart.entries.length === 0) return null;
  return {
    entries: cart.entries.map((e) => ({
      title: e.title,
      options: variantDescription(e.chosenVariant.attributes),
      quantity: e.quantity,
      total: formatMoney(e.purchasePriceCents * e.quantity, currency),
    })),
    subtotal: formatMoney(cart.subtotalCents, currency),
    grandTotal: formatMoney(cart.grandTotalCents, currency),
  };
}

/** The product page's context: a store item in the shop collection. */
export function productPageContext(product: ProductRecord, account: PageContext['account']): PageContext {
  return {
    pageType: PageType.CONTENT_ITEM,
    pageId: `page-${product.slug}`,
    item: {
      id: product.id,
      recordType: RecordType.STORE_ITEM,
      collectionId: 'shop',
      title: product.name,
      productType: product.productType,
    },
    collection: { id: 'shop', name: 'Shop' },
    account,
  };
}

/** Copy of the restock sign-up the demo store configures (the platform reads it per product). */
const RESTOCK_MESSAGES = {
  CTAText: 'Sold out. Leave your e-mail and we will tell you when it is back.',
  placeholderText: 'Email Address',
  buttonText: 'Notify me',
  mailingListDescription: 'Also send me news and offers',
};

/**
 * The installment pill's first state as the widget will render it (same rules, same text), so the
 * server writes it into the page: the offer paints with the page instead of when the widget's
 * code arrives (on a phone it is the largest text of the product page). Null where the widget
 * shows nothing.
 */
function firstOffer(
  installments: NonNullable<CommerceSettings['installments']>,
  priceCents: number,
  currency: string,
  site: SiteInfo,
  enabledFeatures: readonly number[],
) {
  const provider = providerFor(installments.shopperLanguage, installments.stripeAccountCountry, (p) =>
    enabledFeatures.includes(INSTALLMENT_PROVIDER_FLAG[p]),
  );
  if (!provider) return null;
  const limits = { minCents: installments.afterPayMinCents, maxCents: installments.afterPayMaxCents };
  const offer = installmentOffer(priceCents, limits, currency, {
    locale: site.locale ?? 'en-US',
    messages: site.messages ?? {},
  });
  return { text: offer.text, inRange: offer.kind === 'payments', provider, providerClass: provider.toLowerCase() };
}

/**
 * What the product page shows beside the buy box: the image block (with a server-rendered
 * frame of the same size, so the widget's upgrade moves nothing), the installment pill's
 * context, and the restock sign-up context the platform formatter reads.
 */
export function productExtras(product: ProductRecord, site: SiteInfo, overrides: PageContext['overrides'] = {}) {
  const currency = site.selectedCurrency;
  const first = product.images[0];
  const commerce = { ...site.commerceSettings, ...overrides };
  const installments = commerce.installments ?? null;
  const lowest = Math.min(...product.variants.map((v) => v.priceCents));
  // One restock view per variant that can sell out; shown at once only for a sold-out single variant.
  const limited = product.variants.filter((v) => !v.unlimited);
  const soldOutSingle = product.variants.length === 1 && limited.length === 1 && limited[0]?.qtyInStock === 0;
  const restock = site.restockSettings;
  return {
    productImages: first
      ? {
          json: JSON.stringify(product.images),
          width: first.width,
          height: first.height,
          alt: first.alt,
          src: imageAt(first.url, 750),
          srcset: srcsetFor(first),
          sizes: PRODUCT_IMAGE_SIZES,
        }
      : null,
    installment:
      installments && Number.isFinite(lowest)
        ? {
            itemId: product.id,
            minCents: installments.afterPayMinCents,
            maxCents: installments.afterPayMaxCents,
            language: installments.shopperLanguage,
            country: installments.stripeAccountCountry,
            priceCents: lowest,
            currency,
            offer: firstOffer(
              installments,
              lowest,
              currency,
              site,
              commerce.enabledFeatures ?? DEFAULT_ENABLED_FEATURES,
            ),
          }
        : null,
    productMerchandisingContext: {
      [product.id]: {
        restockNotificationViews: limited.map((v) => ({ variantId: v.sku, hiddenByDefault: !soldOutSingle })),
        restockNotificationMessages: RESTOCK_MESSAGES,
        mailingListSignUpEnabled: restock?.mailingListSignUpEnabled ?? false,
        mailingListOptInByDefault: restock?.mailingListOptInByDefault ?? false,
      },
    },
  };
}
