/** Wire shapes of the site-user calls. */

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** The answer to a sign-in (`POST /api/site-users/account/session`). */
export interface LoginResponse {
  /** The anti-forgery token later calls carry (`X-CSRF-Token`). */
  xsrfToken: string;
  /** The member now signed in (a page on another site keeps it beside its cart token). */
  siteUserId?: string;
}

/**
 * `POST /api/site-users/account`: a member account is asked for. The answer (202) is the same
 * whether or not the address has an account; the address's owner finishes it from an e-mail.
 */
export interface RegisterRequest {
  email: string;
  password: string;
}

/** The answer to an account creation (202): what the shopper is to do next. */
export interface RegisterResponse {
  message: string;
}

/** Shortest password a member account takes. */
export const MEMBER_PASSWORD_MIN = 8;

/** Refusals of an account creation (the platform's own words where it has them). */
export const REGISTER_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  shortPassword: `Choose a password of at least ${MEMBER_PASSWORD_MIN} characters.`,
  /** The answer to every creation, whether or not the address has an account. */
  checkEmail: 'Check your e-mail: we sent a message to finish creating your account.',
  /** The link of the e-mail is spent, expired, or not one the store sent. */
  linkExpired: 'This link has expired or was used already. Create your account again to get a new one.',
} as const;

/** What the account widget says when a sign-in or sign-out fails. */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Your email or password is incorrect.',
  missing: 'Enter your email and password.',
  lockedOut: 'Too many sign-in attempts. Wait a minute, then try again.',
  /** The account's own delay after failed sign-ins, when it is longer than a minute. */
  lockedOutFor:
    'Too many failed sign-ins for this account. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  network: 'Unable to connect. Please try again',
  signOutFailed: 'We could not sign you out. Please try again.',
} as const;
