import { HAS_CART_COOKIE } from '../../contract/embedding';

/** Reads one cookie of the current document, decoded; undefined when absent. */
export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The store's cart cookie. Its value is the cart's secret, no script reads it now (HttpOnly); a
 * readable one is a cart of before, whose next call gives the browser the secret one.
 */
const CART_COOKIE = 'CART';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId?: string;
}

/** The signed-in site visitor as the `SiteUserInfo` cookie describes them (malformed means anonymous). */
export function siteUserInfo(cookieString?: string): SiteUserInfo {
  const raw = readCookie('SiteUserInfo', cookieString);
  if (!raw) return { authenticated: false };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') {
      const { authenticated, siteUserId } = parsed as Record<string, unknown>;
      return {
        authenticated: authenticated === true,
        ...(typeof siteUserId === 'string' ? { siteUserId } : {}),
      };
    }
  } catch {
    // A cookie we cannot read says nothing about the visitor.
  }
  return { authenticated: false };
}

/**
 * Cart loading rule: only an authenticated visitor or one with a cart cookie has a cart to load.
 * The store says so in a readable cookie of its own (the cart cookie is HttpOnly).
 */
export function hasCartToLoad(cookieString?: string): boolean {
  return (
    siteUserInfo(cookieString).authenticated ||
    Boolean(readCookie(HAS_CART_COOKIE, cookieString) || readCookie(CART_COOKIE, cookieString))
  );
}
