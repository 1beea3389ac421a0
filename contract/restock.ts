/** Wire shapes of the back-in-stock calls (storefront spec, section 3). */
import type { Page } from './page';

/** POST /api/site-users/account/notifications/restock */
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

export type RestockGroupsPage = Page<'signUpGroups', RestockSignUpGroup>;
export type RestockSignUpsPage = Page<'signUps', RestockSignUp>;

/** One product variant whose sign-ups get their e-mails (owner only). */
export interface RestockSendRequest {
  productId: string;
  variantId: string;
}

/** POST …/restock/send/all */
export interface RestockSendAllRequest {
  sendRequests: RestockSendRequest[];
}

/** What the send calls answer: how many e-mails went out. */
export interface RestockSendResponse {
  sent: number;
}
