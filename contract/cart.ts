/** Wire shapes of the cart, stock and subscription calls (storefront spec, section 7 "Commerce"). */
export interface ChosenVariant {
  sku: string;
  attributes: Record<string, string>;
}

export interface Money {
  currencyCode: string;
  /** Amount in major units as a decimal string ("12.50"). */
  decimalValue: string;
}

export interface CartEntry {
  id: string;
  itemId: string;
  chosenVariant: ChosenVariant;
  quantity: number;
  title: string;
  subTotal: Money;
  purchasePriceCents: number;
  /** JSON text of the additional-fields answers, when the product asks for them. */
  additionalFields?: string | null;
  /** The product's additional-fields form, when it has one (its answers can be edited in the cart). */
  additionalFieldsFormId?: string | null;
  /** Product page, for a link from the cart. */
  url?: string;
  /** The product's type, a `ProductType` code (1 physical, 2 digital, 3 service, 4 gift card). */
  productType?: number;
}

export interface ShoppingCart {
  id: string;
  websiteId: string;
  orderId: string | null;
  created: number;
  isPurchased: boolean;
  entries: CartEntry[];
  shippingOptions: unknown[];
  selectedShippingOption: unknown;
  shippingLocation: unknown;
  applicableTaxRules: unknown[];
  coupons: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
  currencyCode: string;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** The store's minimum order subtotal, when it has one (checkout is refused below it). */
  minimumSubtotalCents?: number;
  /** `false` when asked with `calculateSubtotal=false`: the money totals were not computed and read 0. */
  subtotalCalculated?: boolean;
  /** A sample cart (`mock=true`): never stored, not the visitor's. */
  mock?: boolean;
  /** The `timecode` the GET was asked with, echoed (a cache-buster). */
  timecode?: string;
}

/** Query of GET /api/commerce/shopping-cart (storefront spec, section 7). */
export interface CartQuery {
  /** `true` (the default): compute subtotal, tax, shipping and grand total; `false`: entries and quantities only. */
  calculateSubtotal?: boolean;
  /** `true`: a sample cart of catalog products for previews, without reading or creating the visitor's. */
  mock?: boolean;
  /** A cache-buster, 1 to 20 digits (the client's clock); echoed in the answer, which is never cached. */
  timecode?: string;
}

/** POST /api/commerce/shopping-cart/entries */
export interface AddToCartRequest {
  itemId: string;
  sku: string;
  quantity: number;
  /** JSON text of the additional-fields answers. */
  additionalFields?: string | null;
}

export interface AddToCartResponse {
  shoppingCart: ShoppingCart;
  newlyAdded: Pick<CartEntry, 'chosenVariant' | 'subTotal' | 'title' | 'quantity' | 'purchasePriceCents'>;
}

/** PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields */
export interface UpdateAdditionalFieldsRequest {
  itemId: string;
  sku: string;
  /** JSON text of the answers. */
  additionalFields: string;
}

export interface UpdateAdditionalFieldsResponse {
  shoppingCart: ShoppingCart;
  updatedEntry: CartEntry;
}

/** PUT /api/commerce/shopping-cart/entries/{entryId} */
export interface UpdateQuantityRequest {
  quantity: number;
}

/** What the quantity and removal calls answer. */
export interface CartResponse {
  shoppingCart: ShoppingCart;
}

/** POST /api/3/commerce/cart/subscription */
export interface SubscriptionRequest {
  itemId: string;
  sku: string;
  qty: number;
  additionalFields?: string | null;
}

export interface SubscriptionResponse {
  /** Leads to the subscription page. */
  cartToken: string;
}

export interface StockResult {
  sku?: string;
  variantId?: string;
  unlimited: boolean;
  qtyInStock: number;
}

/** GET /api/commerce/inventory/stock/?itemId= */
export interface StockResponse {
  results: StockResult[];
}

/** One line of a placed order, as the order-confirmed page and the ads pixel's Purchase read it. */
export interface OrderItem {
  /** The product id. */
  id: string;
  sku: string;
  name: string;
  quantity: number;
  /** Unit price in minor units. */
  priceCents: number;
}

/** A placed order (checkout -> order-confirmed page, page type 202); amounts in minor units. */
export interface OrderSummary {
  /** The order id: the ads pixel's transaction id. */
  id: string;
  created: number;
  currencyCode: string;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  grandTotalCents: number;
  items: OrderItem[];
}
