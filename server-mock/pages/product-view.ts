import { isCurrencyCode } from '../../contract/currencies';
import { pageAddress } from '../http/csp-nonce';
import type { ProductRecord } from '../store/catalog';
import { pageData, platformItem, productExtras, productPageContext } from './page-data';
import { languageStore, pageLanguage, TEMPLATE_STRINGS } from './page-language';
import { productFormsView, type ProductFormState } from './product-forms';
import { qaOverrides } from './qa-pages';
import { productSeo } from './seo';
import { withForm, type PageAccount, type QueryValue, type StorePages } from './store-pages';
import { formKeyFor } from '../http/form-key';

/** Products whose page also offers express checkout ('Buy Now'). */
const EXPRESS_CHECKOUT = new Set(['field-guide']);

/** What a product page is asked for. */
export interface ProductPageRequest {
  /** A QA page: it takes overrides from the query. */
  qa: boolean;
  /** The store variant's language (`fr`), when not the request's. */
  language: string | undefined;
  account: PageAccount;
  /** The forms as posted, when a post was refused. */
  state: ProductFormState | undefined;
  query: QueryValue;
}

/**
 * A product page, with `crumb` in its forms. QA variants take overrides from the query: `country`
 * and `language` (the installment locale), `currency`, `flags` (comma-separated feature flags),
 * `reviews=off`, `features` (the numbered flags on, comma-separated) and `status` (the site status).
 * `language` shows the store as that language's pages do (the French store variant at /fr/…).
 */
export function productView(pages: StorePages, product: ProductRecord, request: ProductPageRequest, crumb: string) {
  const { qa, language, query } = request;
  const page = productPageContext(product, request.account);
  // A QA page may show the store in another currency (`currency=GBP`), for the UK installment provider.
  const currency = query('currency');
  const store = language ? { ...pages.site(), ...languageStore(language) } : pages.site();
  const shown = qa && isCurrencyCode(currency) ? { ...store, selectedCurrency: currency } : store;
  if (qa) Object.assign(page, qaOverrides(shown, query));
  const strings = TEMPLATE_STRINGS[language ?? pageLanguage()?.code ?? ''];
  const origin = pageAddress()?.origin ?? '';
  const seo = productSeo(product, { currency: shown.selectedCurrency, origin, brand: shown.title });
  const forms = productFormsView(product, shown, { ...request.state, status: query('status') }, crumb);
  const formKey = formKeyFor(crumb);
  const data = {
    seo,
    // The add-to-cart tag's partial reads its no-script form from the item it is applied to.
    item: {
      ...platformItem(withForm(pages.db, product), shown.selectedCurrency, shown.multipleQuantityAllowedForServices),
      noScript: { crumb, formKey, ...forms },
    },
    expressCheckout: EXPRESS_CHECKOUT.has(product.slug),
    ...productExtras(product, shown, page.overrides),
    ...(strings ? { localizedStrings: strings } : {}),
    crumb,
    formKey,
    ...forms,
  };
  return pageData(shown, product.name, data, page);
}
