import { readCookie } from './cookies';

/** How long a cookie lives: seconds, or the browser session when absent. */
export interface CookieLifetime {
  maxAgeSeconds?: number;
}

/** Cookies behind an interface tests can fake: stored values fall back to them, analytics keeps its visitor cookies in them. */
export interface CookieJar {
  read(name: string): string | undefined;
  write(name: string, value: string, lifetime?: CookieLifetime): void;
  remove(name: string): void;
}

/**
 * The `document.cookie` line for one cookie: site-wide path, SameSite=Lax, and for a
 * lifetime both `Max-Age` and `expires` (the latter for browsers that ignore Max-Age).
 */
export function serializeCookie(name: string, value: string, lifetime: CookieLifetime = {}, now = Date.now()): string {
  let line = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (lifetime.maxAgeSeconds !== undefined) {
    const expires = new Date(now + lifetime.maxAgeSeconds * 1000).toUTCString();
    line += `; Max-Age=${lifetime.maxAgeSeconds}; expires=${expires}`;
  }
  return line;
}

/** The cookies of `doc`. */
export function documentCookieJar(
  doc: Document | undefined = globalThis.document,
  now: () => number = Date.now,
): CookieJar {
  return {
    read: (name) => readCookie(name, doc?.cookie ?? ''),
    write(name, value, lifetime) {
      if (doc) doc.cookie = serializeCookie(name, value, lifetime, now());
    },
    remove(name) {
      if (doc) doc.cookie = `${name}=; path=/; Max-Age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    },
  };
}

/** A jar that reads `jar` but writes nothing (restrictive cookie policy, cloneable sites). Removing still works. */
export function readOnlyCookieJar(jar: CookieJar): CookieJar {
  return { read: (name) => jar.read(name), write: () => undefined, remove: (name) => jar.remove(name) };
}
