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

/** The name of the cookie that holds the visitor's cart id. */
export const CART_COOKIE = 'CART';

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

/** Cart loading rule: only an authenticated visitor or one with a cart cookie has a cart to load. */
export function hasCartToLoad(cookieString?: string): boolean {
  return siteUserInfo(cookieString).authenticated || Boolean(readCookie(CART_COOKIE, cookieString));
}
