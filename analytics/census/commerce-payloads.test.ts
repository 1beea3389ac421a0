import { describe, expect, it } from 'vitest';
import { fakeCart } from '../../testing/fake-api';
import {
  commerceEventFields,
  majorUnits,
  productTypeName,
  siteVisitorMetricsFields,
  type CommerceState,
} from './commerce-payloads';
import { parsePageContext } from '../../runtime/session/page-context';

const context = parsePageContext({
  websiteId: 'site-1',
  pageId: 'page-7',
  pageType: 50,
  item: { id: 'prod-1', recordType: 11, collectionId: 'col-1', title: 'Linen Shirt', productType: 1 },
  collection: { id: 'col-1', name: 'Shop' },
  storeSettings: { selectedCurrency: 'EUR' },
});

function state(overrides: Partial<CommerceState> = {}): CommerceState {
  return { context, cart: null, itemTypes: new Map(), ...overrides };
}

describe('commerce event payload', () => {
  it('visit product page without a cart', () => {
    expect(commerceEventFields({ event: 'visit-product-page', itemId: 'prod-1' }, state())).toEqual({
      event_name: 'visit_product_page',
      website_id: 'site-1',
      page_id: 'page-7',
      cart_id: null,
      item_id: 'prod-1',
      item_sku: null,
      item_quantity: null,
      item_title: 'Linen Shirt',
      item_price: null,
      item_type: 'PHYSICAL',
      item_collection_id: 'col-1',
      item_collection_name: 'Shop',
      currency_code: 'EUR',
      num_items_in_cart: 0,
      cart_value: 0,
      product_types_list: [],
      purchase_type_list: [],
    });
  });

  it("view cart lists the cart's product types from its entries", () => {
    const cart = fakeCart(
      [
        { itemId: 'prod-8', sku: 'A', quantity: 1 },
        { itemId: 'prod-9', sku: 'B', quantity: 1 },
        { itemId: 'prod-10', sku: 'C', quantity: 1 },
      ],
      { id: 'cart-3' },
    );
    cart.entries[0]!.productType = 1;
    cart.entries[1]!.productType = 2;
    cart.entries[2]!.productType = 1;
    const fields = commerceEventFields({ event: 'view-cart' }, state({ cart }));
    expect(fields.product_types_list).toEqual(['DIGITAL', 'PHYSICAL']);
    expect(fields.num_items_in_cart).toBe(3);
  });

  it('add to cart with the cart after the add', () => {
    const cart = fakeCart(
      [
        { itemId: 'prod-1', sku: 'S', quantity: 2 },
        { itemId: 'prod-2', sku: 'D', quantity: 1 },
      ],
      { id: 'cart-9', currencyCode: 'USD' },
    );
    const fields = commerceEventFields(
      {
        event: 'add-to-cart',
        itemId: 'prod-2',
        sku: 'D',
        quantity: 1,
        title: 'E-book',
        unitPriceCents: 1250,
        productType: 2,
      },
      state({ cart, itemTypes: new Map([['prod-2', 2]]) }),
    );
    expect(fields).toMatchObject({
      event_name: 'add_to_cart',
      cart_id: 'cart-9',
      item_id: 'prod-2',
      item_sku: 'D',
      item_quantity: 1,
      item_title: 'E-book',
      item_price: 12.5,
      item_type: 'DIGITAL',
      item_collection_id: null,
      item_collection_name: null,
      currency_code: 'USD',
      num_items_in_cart: 3,
      cart_value: 144,
      product_types_list: ['DIGITAL', 'PHYSICAL'],
      purchase_type_list: ['ONE_TIME'],
    });
  });

  it('unknown product types and the other event names', () => {
    const cart = fakeCart([{ itemId: 'elsewhere', sku: 'x', quantity: 1 }]);
    const fields = commerceEventFields(
      { event: 'remove-from-cart', itemId: 'elsewhere' },
      state({ cart, context: parsePageContext({}) }),
    );
    expect(fields).toMatchObject({
      event_name: 'remove_from_cart',
      item_type: 'UNKNOWN',
      product_types_list: ['UNKNOWN'],
      item_price: 48,
    });
    expect(commerceEventFields({ event: 'view-cart' }, state()).item_id).toBeNull();
    expect(commerceEventFields({ event: 'reviews-tab-click' }, state()).event_name).toBe('reviews_tab_click');
    expect(commerceEventFields({ event: 'reviews-anchor-click' }, state()).event_name).toBe('reviews_anchor_click');
  });

  it('amounts in major units follow the currency (JPY has no cents)', () => {
    expect(majorUnits(1999, 'USD')).toBe(19.99);
    expect(majorUnits(1999, 'JPY')).toBe(1999);
    expect(productTypeName(4)).toBe('GIFT_CARD');
    expect(productTypeName(5)).toBe('UNKNOWN');
  });
});

describe('site-visitor metrics payload', () => {
  it('product page view', () => {
    expect(
      siteVisitorMetricsFields(
        'product_page_view',
        { itemId: 'prod-1' },
        state({ cart: fakeCart([], { id: 'cart-1' }) }),
      ),
    ).toEqual({
      event_name: 'product_page_view',
      website_id: 'site-1',
      page_id: 'page-7',
      cart_id: 'cart-1',
      product_page: 'pdp',
      product: {
        item_id: 'prod-1',
        item_type: 'PHYSICAL',
        item_title: 'Linen Shirt',
        item_collection_id: 'col-1',
        item_collection_name: 'Shop',
      },
    });
  });

  it('add to cart of another product than the page shows', () => {
    expect(
      siteVisitorMetricsFields('add_to_cart', { itemId: 'prod-2', title: 'Mug', productType: 1 }, state()).product,
    ).toEqual({
      item_id: 'prod-2',
      item_type: 'PHYSICAL',
      item_title: 'Mug',
      item_collection_id: null,
      item_collection_name: null,
    });
  });
});
