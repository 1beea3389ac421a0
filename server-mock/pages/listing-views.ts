import { PageType } from '../../contract/enumerations';
import { LIMITS } from '../../contract/limits';
import { productListPage, type ProductPage } from '../store/catalog';
import type { PageRequest } from '../store/page-cursor';
import { popupSettings } from '../store/site-settings';
import { pageData } from './page-data';
import { pagerData, type PagerData } from './pager';
import { pageContext, pageItem, type PageAccount, type StorePages } from './store-pages';
import { formKeyFor } from '../http/form-key';

/** Products per shop or search page: the platform's limit of products per collection (platform spec, section 9). */
export const PRODUCTS_PER_PAGE = LIMITS.productsPerCollection;

/** A page of the shop's products, or of those whose name holds every one of `words`. */
export function productsPage(pages: StorePages, request: PageRequest, words?: readonly string[]): ProductPage {
  return productListPage(pages.db, request, PRODUCTS_PER_PAGE, words);
}

/** The home page: the first products and the newsletter pop-up. */
export function homeView(pages: StorePages, account: PageAccount) {
  const { db, demo } = pages;
  return pageData(
    pages.site(),
    'Home',
    { items: productListPage(db, {}, 9).items.map((p) => pageItem(pages, p)), popup: popupSettings(db), demo },
    pageContext(account, PageType.PAGE, 'home'),
  );
}

/** The shop collection, a page of products at a time, with previous and next links a crawler follows. */
export function shopView(
  pages: StorePages,
  page: ProductPage,
  error: PagerData['pageError'],
  crumb: string,
  account: PageAccount,
) {
  return pageData(
    pages.site(),
    'Shop',
    {
      items: page.items.map((p) => pageItem(pages, p)),
      total: page.total,
      ...pagerData('/shop', 'Shop pages', page),
      pageError: error,
      crumb,
      formKey: formKeyFor(crumb),
    },
    pageContext(account, PageType.MAIN_CONTENT, 'shop', { collection: { id: 'shop', name: 'Shop' } }),
  );
}

/** Search (page type 102): the products found for `query`, a page at a time (none without a query). */
export function searchView(
  pages: StorePages,
  query: string,
  page: ProductPage | null,
  error: PagerData['pageError'],
  account: PageAccount,
) {
  return pageData(
    pages.site(),
    'Search',
    {
      query,
      items: page ? page.items.map((p) => pageItem(pages, p)) : [],
      total: page?.total ?? 0,
      ...(page ? pagerData('/search', 'Search result pages', page, { q: query }) : {}),
      pageError: error,
    },
    pageContext(account, PageType.SEARCH, 'search'),
  );
}
