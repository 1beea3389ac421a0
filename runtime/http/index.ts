export { createHttpClient, http, setHttpClient, CSRF_HEADER } from './client';
export { StoreApiError, toStoreApiError, callApi, MESSAGES } from './errors';
export {
  fetchCart,
  addCartEntry,
  updateEntryAdditionalFields,
  createSubscriptionCart,
  fetchStock,
  validateFormFields,
} from './commerce';
