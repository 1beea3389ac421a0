/**
 * Language prefixes of store pages: `/de/shop` is `/shop` in German. The server writes the page's
 * prefix into the store context (`languagePrefix`) and keeps its markup's links in the language;
 * widgets keep the links and navigations they make in it with the same rule.
 */

/** The codes of the languages an owner may add (their names: `SUPPORTED_LANGUAGES`, contract/site-settings.ts). */
export const LANGUAGE_CODES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'ja'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A language prefix: `/` and a short lowercase code. */
const LANGUAGE_PREFIX = /^\/[a-z]{2,3}$/;

/**
 * `value` when it is a language prefix (`/de`); '' (the default language, no prefix) for anything
 * else, so that no written value can turn a path into another site's address or a script.
 */
export function readLanguagePrefix(value: unknown): string {
  return typeof value === 'string' && LANGUAGE_PREFIX.test(value) ? value : '';
}

/** Paths that are never in a language: the API and the owner's areas (the owner works in the site's language). */
const OUTSIDE_LANGUAGES = /^\/(api|config|settings)(\/|$)/;

/** A file (a script, an image, a style sheet): its last segment has an extension. */
const FILE = /\/[^/]*\.[a-z0-9]+$/i;

/** A path that names a language already (`/fr`, `/fr/shop`). */
const IN_A_LANGUAGE = /^\/([a-z]{2,3})(\/|$)/;

/**
 * The store page `path` (`/cart`, `/shop/p/x?y=1`) under `prefix` (`/de/cart`). Everything else
 * comes back as it is: no prefix (or an invalid one), absolute or protocol-relative URLs, relative
 * paths, API calls, owner pages, files, and paths that already name a language.
 */
export function withLanguagePrefix(path: string, prefix: string): string {
  const language = readLanguagePrefix(prefix);
  // Only a root-relative path; `//host` and `/\host` are other hosts to a browser.
  if (!language || !/^\/(?![/\\])/.test(path)) return path;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (OUTSIDE_LANGUAGES.test(pathname) || FILE.test(pathname)) return path;
  const named = IN_A_LANGUAGE.exec(pathname)?.[1];
  if (named !== undefined && (`/${named}` === language || (LANGUAGE_CODES as readonly string[]).includes(named)))
    return path;
  return `${language}${path}`;
}
