import { http } from './client';
import { callApi } from './errors';
import type {
  RestockGroupsPage,
  RestockSendAllRequest,
  RestockSendRequest,
  RestockSendResponse,
  RestockSignUpRequest,
  RestockSignUpsPage,
} from '../../contract/restock';

const BASE = '/api/site-users/account/notifications/restock';

/** POST a back-in-stock sign-up. */
export function signUpForRestock(request: RestockSignUpRequest): Promise<unknown> {
  return callApi(() => http().post(BASE, { json: request }).json<unknown>());
}

/** GET one page of sign-up groups (owner only). */
export function fetchRestockGroups(cursor?: string): Promise<RestockGroupsPage> {
  return callApi(() =>
    http()
      .get(`${BASE}/groups`, { searchParams: cursor ? { cursor } : {} })
      .json<RestockGroupsPage>(),
  );
}

/** GET one page of the sign-ups of one product variant (owner only). */
export function fetchRestockSignUps(
  productId: string,
  variantId: string,
  cursor?: string,
): Promise<RestockSignUpsPage> {
  return callApi(() =>
    http()
      .get(BASE, { searchParams: { productId, variantId, ...(cursor ? { cursor } : {}) } })
      .json<RestockSignUpsPage>(),
  );
}

/** POST: send the restock e-mails of one product variant (owner only). */
export function sendRestockEmails(request: RestockSendRequest): Promise<RestockSendResponse> {
  return callApi(() => http().post(`${BASE}/send`, { json: request }).json<RestockSendResponse>());
}

/** POST: send the restock e-mails of several product variants (owner only). */
export function sendAllRestockEmails(sendRequests: RestockSendRequest[]): Promise<RestockSendResponse> {
  return callApi(() =>
    http()
      .post(`${BASE}/send/all`, { json: { sendRequests } satisfies RestockSendAllRequest })
      .json<RestockSendResponse>(),
  );
}
