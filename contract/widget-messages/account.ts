import { ACCOUNT_MESSAGES, REGISTER_MESSAGES } from '../site-users';

/** Member sign-in and sign-out (`<store-account>`; platform spec, sections 4 and 7). English defaults, by key. */
export const ACCOUNT_STRINGS = {
  'account.email': 'Email',
  'account.password': 'Password',
  'account.rememberMe': 'Keep me signed in',
  'account.signIn': 'Sign in',
  'account.signingIn': 'Signing in…',
  'account.signOut': 'Sign out',
  'account.signingOut': 'Signing out…',
  'account.signedIn': 'You are signed in.',
  'account.register': 'Create account',
  'account.registering': 'Creating account…',
  'account.toRegister': 'New here? Create an account',
  'account.toSignIn': 'Have an account? Sign in',
  'account.checkEmail': REGISTER_MESSAGES.checkEmail,
  'account.wrongPassword': ACCOUNT_MESSAGES.wrongPassword,
  'account.missing': ACCOUNT_MESSAGES.missing,
  'account.lockedOut': ACCOUNT_MESSAGES.lockedOut,
  'account.lockedOutFor': ACCOUNT_MESSAGES.lockedOutFor,
  'account.network': ACCOUNT_MESSAGES.network,
  'account.signOutFailed': ACCOUNT_MESSAGES.signOutFailed,
} as const;
