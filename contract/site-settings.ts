/**
 * Site-wide settings the owner edits and pages show: the newsletter pop-up, the site header and
 * footer, and the site's languages (platform spec, sections 3, 4, 5 and 7). Wire types and the
 * owner's validation messages, character for character.
 */
import type { LanguageCode } from './language-prefix';

/** What opens the pop-up: a delay after the page loads, scrolling down the page, or leaving it. */
export const POPUP_TRIGGERS = ['delay', 'scroll', 'exit'] as const;
export type PopupTrigger = (typeof POPUP_TRIGGERS)[number];

/** The newsletter pop-up (page type 104, popup overlay) as `GET /api/popup` answers it. */
export interface PopupSettings {
  /** Shown on the store's pages at all. */
  enabled: boolean;
  /** Raised on every save: a shopper who closed an older version sees the new one. */
  version: number;
  /** The dialog's heading (its accessible name). */
  heading: string;
  /** A line of text above the form. */
  text: string;
  /** The newsletter site form inside. */
  formId: string;
  /** The mailing list sign-ups join (a newsletter block without one cannot be saved). */
  mailingList: string;
  trigger: PopupTrigger;
  /** Seconds after the page loads (trigger `delay`). */
  delaySeconds: number;
  /** How far down the page, in percent (trigger `scroll`). */
  scrollPercent: number;
}

/** The mailing lists a newsletter block may send sign-ups to. */
export interface MailingList {
  id: string;
  name: string;
}

/**
 * What the pop-up keeps in local storage (platform spec, section 4: closed date, version and
 * submitted), under {@link popupStorageKey}.
 */
export interface PopupRecord {
  /** ISO date of the close or submission. */
  closedDate: string;
  version: number;
  submitted: boolean;
}

/** The local-storage key of a pop-up's record. */
export function popupStorageKey(popupId: string): string {
  return `store-popup:${popupId}`;
}

/** A link of the site header or footer. */
export interface SiteLink {
  label: string;
  url: string;
}

/** `GET /api/site-header-footer` and the body of its `PUT`. */
export interface SiteHeaderFooter {
  header: { links: SiteLink[] };
  footer: { text: string; email: string; links: SiteLink[] };
}

/** A language of the site, with where its pages are. */
export interface SiteLanguage {
  /** BCP 47 code: `en`, `fr`, `de-CH`. */
  code: string;
  /** Its own name: `English`, `Français`. */
  name: string;
  /** The path prefix of its pages: `/` for the default language, `/fr/` for French. */
  path: string;
  /** The site's first language. */
  isDefault: boolean;
}

/** Languages an owner may add, by code, with their own names. */
export const SUPPORTED_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  ja: '日本語',
} satisfies Record<LanguageCode, string>;

/** The language whose pages `pathname` belongs to: the longest matching path, else the default. */
export function currentLanguage(languages: readonly SiteLanguage[], pathname: string): SiteLanguage | undefined {
  const matching = languages.filter(
    (l) => !l.isDefault && (pathname === l.path.replace(/\/$/, '') || pathname.startsWith(l.path)),
  );
  return matching.sort((a, b) => b.path.length - a.path.length)[0] ?? languages.find((l) => l.isDefault);
}

/** The same page in `to`: the current language's path prefix swapped for the other's. */
export function pathIn(to: SiteLanguage, from: SiteLanguage | undefined, pathname: string): string {
  const rest = from && !from.isDefault ? pathname.slice(from.path.length - 1) || '/' : pathname;
  return to.isDefault ? rest : `${to.path.replace(/\/$/, '')}${rest}`;
}

/** `GET /api/multilingual/settings`. */
export interface MultilingualSettings {
  languages: SiteLanguage[];
}

/** `GET /api/multilingual/status`. */
export interface MultilingualStatus {
  /** Whether the translation service is connected (`DELETE /api/multilingual/connection` ends it). */
  connected: boolean;
  /** How many languages the site has. */
  languageCount: number;
}

/** The owner's validation messages (platform spec, section 5), with their values filled in. */
export const SITE_SETTINGS_MESSAGES = {
  listRequired: 'A List must be selected',
  validEmail: 'Please enter a valid email',
  links: (host: string) => `Links must be formatted as http://${host} or https://${host}`,
  emails: (email: string) => `Emails must be formatted as ${email}`,
  pageUrl: (val: string) => `${val} is not a valid page URL`,
} as const;
