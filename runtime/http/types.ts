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
  /** The product's additional-fields form, when it has one (its answers can be edited in the cart). */
  additionalFieldsFormId?: string | null;
  /** Product page, for a link from the cart. */
  url?: string;
  /** The product's type (1 physical, 2 digital, 3 service, 4 gift card). */
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

/** Restock sign-up payload (storefront spec, section 3). */
export interface RestockSignUpRequest {
  productId: string;
  variantId: string;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
  captchaToken?: string;
}

export interface RestockSignUp {
  id: string;
  email: string;
  isJoinMailingList: boolean;
  /** Epoch milliseconds. */
  createdOn: number;
}

export interface RestockSignUpGroup {
  productId: string;
  variantId: string;
  /** Product title and variant description, for people. */
  productName: string;
  variantName: string;
  count: number;
}

/** A page of a cursor-paged list: follow `nextPageCursor` while `hasNextPage`. */
export type Page<K extends string, T> = Record<K, T[]> & {
  hasNextPage: boolean;
  nextPageCursor: string | null;
};

export type RestockGroupsPage = Page<'signUpGroups', RestockSignUpGroup>;
export type RestockSignUpsPage = Page<'signUps', RestockSignUp>;

export interface RestockSendRequest {
  productId: string;
  variantId: string;
}

/** Site form submission (storefront spec, section 3), plus the form it belongs to. */
export interface FormSubmission {
  formId: string;
  key: string;
  /** JSON text of the answers keyed by field id. */
  form: string;
  captchaKey?: string;
  pageTitle: string;
  pageId: string;
  /** 'i' for an item, 'c' for a collection. */
  contentSource: 'i' | 'c';
  pagePath: string;
  pagePermissionTypeValue: number;
}

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}
