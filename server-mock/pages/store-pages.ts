import { API_BASE_PAGE_ORIGIN } from '../../contract/embedding';
import { PageType } from '../../contract/enumerations';
import { trimChar } from '../../contract/trim-char';
import type { ProductRecord } from '../store/catalog';
import type { Db } from '../store/db';
import { getForm } from '../store/forms';
import { websiteSettings } from '../store/settings';
import { pageData, platformItem, type PageContext, type PageProduct, type SiteInfo } from './page-data';
import { localizedSite } from './page-language';

/** The signed-in owner or contributor a page's context names (visitors and members: null). */
export type PageAccount = PageContext['account'];

/** A value of the request's query, by name. */
export type QueryValue = (name: string) => string | undefined;

/** What the store's page views are built from. */
export interface StorePages {
  db: Db;
  /** Whether the demo's QA pages and content exist. */
  demo: boolean;
  /** The site as the request's language shows it. */
  site: () => SiteInfo;
}

/** The store's pages of `db`, loading the bundle from `assetBaseUrl` when given. */
export function storePages(db: Db, demo: boolean, assetBaseUrl: string | undefined): StorePages {
  // Scripts from elsewhere (a CDN): the page names itself as the API, not the script's origin.
  const assets = assetBaseUrl ? { assetBase: trimChar(assetBaseUrl, '/', 'end'), apiBase: API_BASE_PAGE_ORIGIN } : {};
  return { db, demo, site: (): SiteInfo => localizedSite({ ...websiteSettings(db), ...assets }) };
}

/** Which page this is and who is signed in. */
export function pageContext(
  account: PageAccount,
  pageType: number,
  pageId: string,
  extra: Partial<PageContext> = {},
): PageContext {
  return { pageType, pageId, account, ...extra };
}

/** A product with its additional-fields form, when it has one. */
export function withForm(db: Db, p: ProductRecord): PageProduct {
  return { ...p, form: p.formId ? (getForm(db, p.formId) ?? null) : null };
}

/** A product as a page's item, in the site's currency. */
export function pageItem(pages: StorePages, p: ProductRecord) {
  return platformItem(
    withForm(pages.db, p),
    pages.site().selectedCurrency,
    pages.site().multipleQuantityAllowedForServices,
  );
}

/** The not-found page. */
export function notFoundView(pages: StorePages, account: PageAccount) {
  return pageData(pages.site(), 'Not found', {}, pageContext(account, PageType.NOT_FOUND, 'not-found'));
}
