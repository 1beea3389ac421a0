import { PageType } from '../../contract/enumerations';
import { getProductBySlug } from '../store/catalog';
import { pageData } from './page-data';
import { pageContext, pageItem, type PageAccount, type StorePages } from './store-pages';

/** Member sign-in and sign-out with <store-account>, in the demo beside a product to add. */
export function accountView(pages: StorePages, signedIn: boolean, crumb: string, account: PageAccount) {
  const { db, demo } = pages;
  const product = demo ? getProductBySlug(db, 'field-guide') : undefined;
  return pageData(
    pages.site(),
    'Your account',
    { item: product ? pageItem(pages, product) : null, demo, crumb, signedIn },
    pageContext(account, PageType.PAGE, 'account'),
  );
}
