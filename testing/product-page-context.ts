import { PageType, ProductType, RecordType } from '../contract/enumerations';

/** The product a test page shows. */
export const PRODUCT_ITEM = {
  id: 'prod-1',
  recordType: RecordType.STORE_ITEM,
  collectionId: 'col-1',
  title: 'Linen Shirt',
  productType: ProductType.PHYSICAL,
};

/** The collection it belongs to. */
export const PRODUCT_COLLECTION = { id: 'col-1', name: 'Shop' };

/** The `#store-context` JSON of a product page, as the server renders it; `overrides` replace keys. */
export function productPageContext(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    websiteId: 'site-1',
    templateId: 'tpl-1',
    websiteLocale: 'en-US',
    pageType: PageType.CONTENT_ITEM,
    pageId: 'page-7',
    item: PRODUCT_ITEM,
    collection: PRODUCT_COLLECTION,
    featureFlags: [],
    sourceEnvironment: 'dev',
    ...overrides,
  };
}
