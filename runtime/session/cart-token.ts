import { browserStorage, createStoredValues, type StoredValues } from '../storage/stored-values';
import { pageSlot } from '../page-runtime';
import { apiOrigin, isApiCrossSite } from './api-origin';
import type { SiteUserInfo } from './cookies';

/**
 * The cart token of a page on another site than the store's (docs/embedding.md): the store's
 * cookies are third-party there, blocked or partitioned by the browser, so the page keeps the
 * token the store hands it in its own storage (per store origin) and sends it in a header. The
 * member signed in through it is kept beside it.
 */
export interface CartTokenKeeper {
  /** The token to send, if the page has one. */
  read(): string | undefined;
  /** Keeps `token` (undefined: forgets it, and the member signed in with it). */
  keep(token: string | undefined): void;
}

/** How long the page keeps its token after its last use (the store's own bound is shorter). */
const KEPT_MS = 90 * 24 * 3600_000;

interface Kept {
  token: string;
  siteUserId?: string;
}

const keyOf = (origin: string) => `store-cart-token:${origin}`;

const kept = pageSlot('cart-token', () => ({
  values: createStoredValues(browserStorage('localStorage')),
  // Read once per page; the page's later answers keep it current.
  current: undefined as Kept | undefined | null,
}));

function storedValues(): StoredValues {
  return kept.get().values;
}

function readKept(): Kept | undefined {
  const slot = kept.get();
  if (slot.current !== undefined) return slot.current ?? undefined;
  const origin = apiOrigin();
  let value: Kept | undefined;
  try {
    const raw = origin ? storedValues().get(keyOf(origin)) : undefined;
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (parsed && typeof parsed === 'object' && typeof (parsed as Kept).token === 'string') {
      const { token, siteUserId } = parsed as Kept;
      value = typeof siteUserId === 'string' ? { token, siteUserId } : { token };
    }
  } catch {
    // Not ours, or storage refused: no token.
  }
  slot.current = value ?? null;
  // Each page that uses the token keeps it for another while.
  if (value) writeKept(value);
  return value;
}

function writeKept(value: Kept | undefined): void {
  const origin = apiOrigin();
  kept.get().current = value ?? null;
  if (!origin) return;
  try {
    if (value) storedValues().set(keyOf(origin), JSON.stringify(value), Date.now() + KEPT_MS);
    else storedValues().remove(keyOf(origin));
  } catch {
    // Storage refused after all: the page keeps the token for as long as it is open.
  }
}

/** Whether the page's widgets name their cart by token: the store is on another site. */
export function usesCartToken(): boolean {
  return isApiCrossSite();
}

/** The page's keeper of its cart token. */
export const cartTokenKeeper: CartTokenKeeper = {
  read: () => readKept()?.token,
  keep(token) {
    const before = readKept();
    if (token === before?.token) return;
    // A new token for the same visitor keeps the member (a sign-in or out says otherwise right after).
    writeKept(token ? { ...before, token } : undefined);
  },
};

/** The member signed in through the cart token (the token's, not a cookie's). */
export function tokenSiteUser(): SiteUserInfo {
  const value = readKept();
  return value?.siteUserId ? { authenticated: true, siteUserId: value.siteUserId } : { authenticated: false };
}

/** Records who is signed in through the current token (after a sign-in or out). */
export function setTokenSiteUser(siteUserId: string | undefined): void {
  const value = readKept();
  if (!value) return;
  const { token } = value;
  writeKept(siteUserId ? { token, siteUserId } : { token });
}

/**
 * Whether this page can keep a cart across reloads: something it writes to its storage (or, that
 * failing, its own cookies) reads back. When not, adding would make a cart no reload could find.
 */
export function canKeepCart(): boolean {
  const probe = 'store-cart-token-probe';
  try {
    const values = storedValues();
    values.set(probe, '1', Date.now() + 60_000);
    const ok = values.get(probe) === '1';
    values.remove(probe);
    return ok;
  } catch {
    return false;
  }
}
