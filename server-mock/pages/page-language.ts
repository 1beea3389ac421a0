import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { withLanguagePrefix } from '../../contract/language-prefix';
import type { SiteLanguage } from '../../contract/site-settings';

/** The French example catalog of widget strings, for the French store variant (/fr/…). */
const FRENCH_MESSAGES = JSON.parse(
  readFileSync(new URL('../../contract/examples/messages.fr-FR.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** What a language changes in the store as its pages show it. */
export interface LanguageStore {
  locale: string;
  timeZone?: string;
  selectedCurrency?: string;
  /** Widget strings by catalog key. */
  messages?: Record<string, string>;
}

/**
 * The store as each language's pages (`/{code}/…`) show it: locale and time zone, and the widget
 * strings where the demo has a catalog (French only; the others fall back to English strings).
 * French is the demo's French store variant: euros too.
 */
export const LANGUAGE_STORES: Readonly<Record<string, LanguageStore>> = {
  fr: { locale: 'fr-FR', timeZone: 'Europe/Paris', selectedCurrency: 'EUR', messages: FRENCH_MESSAGES },
  de: { locale: 'de-DE', timeZone: 'Europe/Berlin' },
  es: { locale: 'es-ES', timeZone: 'Europe/Madrid' },
  it: { locale: 'it-IT', timeZone: 'Europe/Rome' },
  nl: { locale: 'nl-NL', timeZone: 'Europe/Amsterdam' },
  ja: { locale: 'ja-JP', timeZone: 'Asia/Tokyo' },
};

/** The store as `code`'s pages show it (a code without an entry: its code as the locale). */
export function languageStore(code: string): LanguageStore {
  return LANGUAGE_STORES[code] ?? { locale: code };
}

/** The platform formatters' texts on a French product page (the templates' `localizedStrings`). */
export const FRENCH_TEMPLATE_STRINGS = {
  productPriceFromText: 'à partir de {fromPrice}',
  productPriceUnavailable: 'Indisponible',
  productSoldOutText: 'épuisé',
  productSaleText: 'promo',
  originalPriceText: 'Prix initial :',
  salePriceText: 'Prix soldé :',
};

/** The platform formatters' texts by language, where the demo has them. */
export const TEMPLATE_STRINGS: Readonly<Record<string, Record<string, string>>> = { fr: FRENCH_TEMPLATE_STRINGS };

/** A path under a language's prefix (`/de/shop`, `/de`): the language's code and the path without it. */
const PREFIXED = /^\/([a-z]{2})(\/.*)?$/;

/**
 * The page path of `path` when it lies under the prefix of one of `languages` other than the
 * default (`/de/shop` -> `de`, `/shop`); undefined otherwise. API calls are never prefixed.
 */
export function unprefixed(
  path: string,
  languages: () => readonly SiteLanguage[],
): { code: string; path: string } | undefined {
  const match = PREFIXED.exec(path);
  if (!match) return undefined;
  const [, code = '', rest = '/'] = match;
  if (rest.startsWith('/api/')) return undefined;
  const language = languages().find((l) => !l.isDefault && l.path === `/${code}/`);
  return language ? { code: language.code, path: rest } : undefined;
}

/** The language of the page being answered (its code and its path prefix, `/de`), set per request. */
const current = new AsyncLocalStorage<{ code: string; prefix: string }>();

/** Runs `answer` as a page of language `code` served under `/{code}/`. */
export function withPageLanguage<T>(code: string, answer: () => T): T {
  return current.run({ code, prefix: `/${code}` }, answer);
}

/** The language of the page being answered, when it is served under a language prefix. */
export function pageLanguage(): { code: string; prefix: string } | undefined {
  return current.getStore();
}

/** `site` as the current page's language shows it (unchanged outside a language prefix). */
export function localizedSite<T extends object>(site: T): T {
  const language = pageLanguage();
  return language ? { ...site, ...languageStore(language.code) } : site;
}

/**
 * `html` with its links to the store's own pages kept under the current language's prefix
 * (`href="/shop"` -> `href="/de/shop"`); links that name their language (`hreflang`, `/fr/…`),
 * owner pages, files and links to other sites stay as they are (the rule widgets follow too).
 */
export function withLanguageLinks(html: string): string {
  const language = pageLanguage();
  if (!language) return html;
  const prefix = language.prefix;
  return html.replace(/<a\b[^>]*>/g, (tag) => {
    if (/\shreflang=/.test(tag)) return tag;
    return tag.replace(
      /(\shref=")(\/[^"]*)"/,
      (_whole, attr: string, href: string) => `${attr}${withLanguagePrefix(href, prefix)}"`,
    );
  });
}
