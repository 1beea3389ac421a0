import { http } from './client';
import { callApi, StoreApiError } from './errors';
import type { FieldErrors } from '../../contract/api-error';
import type {
  AddToCartRequest,
  AddToCartResponse,
  CartResponse,
  ShoppingCart,
  StockResponse,
  SubscriptionRequest,
  SubscriptionResponse,
  UpdateAdditionalFieldsRequest,
  UpdateAdditionalFieldsResponse,
  UpdateQuantityRequest,
} from '../../contract/cart';

/** GET the visitor's cart. */
export function fetchCart(): Promise<ShoppingCart> {
  return callApi(() =>
    http()
      .get('/api/commerce/shopping-cart', { searchParams: { calculateSubtotal: true } })
      .json<ShoppingCart>(),
  );
}

/** POST one cart entry. */
export function addCartEntry(request: AddToCartRequest): Promise<AddToCartResponse> {
  return callApi(() => http().post('/api/commerce/shopping-cart/entries', { json: request }).json<AddToCartResponse>());
}

/** PUT the additional-fields answers of one entry. */
export function updateEntryAdditionalFields(
  entryId: string,
  body: UpdateAdditionalFieldsRequest,
): Promise<UpdateAdditionalFieldsResponse> {
  return callApi(() =>
    http()
      .put(`/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`, { json: body })
      .json<UpdateAdditionalFieldsResponse>(),
  );
}

/** PUT a new quantity for one entry of the visitor's cart. */
export function updateCartEntryQuantity(entryId: string, quantity: number): Promise<CartResponse> {
  return callApi(() =>
    http()
      .put(`/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`, {
        json: { quantity } satisfies UpdateQuantityRequest,
      })
      .json<CartResponse>(),
  );
}

/** DELETE one entry of the visitor's cart. */
export function removeCartEntry(entryId: string): Promise<CartResponse> {
  return callApi(() =>
    http()
      .delete(`/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`)
      .json<CartResponse>(),
  );
}

/** POST a subscription purchase; the cart token leads to the subscription page. */
export function createSubscriptionCart(request: SubscriptionRequest): Promise<SubscriptionResponse> {
  return callApi(() =>
    http().post('/api/3/commerce/cart/subscription', { json: request }).json<SubscriptionResponse>(),
  );
}

/** GET the stock of one item's variants. */
export function fetchStock(itemId: string): Promise<StockResponse> {
  return callApi(() =>
    http().get('/api/commerce/inventory/stock/', { searchParams: { itemId } }).json<StockResponse>(),
  );
}

/** POST answers for server validation; resolves to field id -> message (empty when valid). */
export async function validateFormFields(formId: string, values: Record<string, unknown>): Promise<FieldErrors> {
  try {
    await callApi(() => http().post(`/api/rest/forms/validate/${encodeURIComponent(formId)}`, { json: values }));
    return {};
  } catch (error) {
    if (error instanceof StoreApiError && Object.keys(error.fieldErrors).length > 0) return error.fieldErrors;
    throw error;
  }
}
