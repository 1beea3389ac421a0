/** Shapes of the commerce calls (storefront spec, section 7). */

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
}

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

export interface UpdateAdditionalFieldsResponse {
  shoppingCart: ShoppingCart;
  updatedEntry: CartEntry;
}

export interface SubscriptionRequest {
  itemId: string;
  sku: string;
  qty: number;
  additionalFields?: string | null;
}

export interface StockResult {
  sku?: string;
  variantId?: string;
  unlimited: boolean;
  qtyInStock: number;
}

export interface StockResponse {
  results: StockResult[];
}

/** Field id -> message, as the forms validation call returns on failure. */
export type FieldErrors = Record<string, string>;

/** The JSON error body every failing API call returns. */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  crumbFail?: boolean;
  errors?: FieldErrors;
}
