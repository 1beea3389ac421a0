import {
  POPUP_TRIGGERS,
  SUPPORTED_LANGUAGES,
  type MailingList,
  type MultilingualStatus,
  type PopupSettings,
  type SiteHeaderFooter,
  type SiteLanguage,
  type SiteLink,
} from '../../contract/site-settings';
import type { Db } from './db';
import { settingsRows } from './settings-rows';

// Plain reads and writes of the settings table (settings.ts reads this module: no import back).
function getSetting(db: Db, key: string): string | undefined {
  return settingsRows(db).get(key);
}
function setSetting(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** Settings keys (JSON values) of the pop-up, the header and footer, and the languages. */
export const POPUP_SETTINGS_KEY = 'popup_settings';
export const HEADER_FOOTER_KEY = 'site_header_footer';
export const LANGUAGES_KEY = 'site_languages';
export const MULTILINGUAL_CONNECTED_KEY = 'multilingual_connected';

/** The mailing lists of the demo store (a newsletter block names one). */
export const MAILING_LISTS: readonly MailingList[] = [
  { id: 'field-notes', name: 'Field Notes (monthly)' },
  { id: 'workshop-dates', name: 'Workshop dates' },
];

function json(db: Db, key: string): unknown {
  try {
    return JSON.parse(getSetting(db, key) ?? 'null');
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const int = (value: unknown, fallback: number, min: number, max: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

/** The pop-up as stored, with defaults for anything unset (off when never configured). */
export function popupSettings(db: Db): PopupSettings {
  const raw = record(json(db, POPUP_SETTINGS_KEY));
  const trigger = POPUP_TRIGGERS.find((t) => t === raw.trigger) ?? 'delay';
  return {
    enabled: raw.enabled === true,
    version: int(raw.version, 1, 1, Number.MAX_SAFE_INTEGER),
    heading: str(raw.heading, 'Join our newsletter'),
    text: str(raw.text),
    formId: str(raw.formId, 'newsletter'),
    mailingList: str(raw.mailingList),
    trigger,
    delaySeconds: int(raw.delaySeconds, 5, 0, 600),
    scrollPercent: int(raw.scrollPercent, 50, 1, 100),
  };
}

/** Saves the pop-up (already checked) as a new version; returns what is stored. */
export function savePopupSettings(db: Db, settings: Omit<PopupSettings, 'version'>): PopupSettings {
  const next = { ...settings, version: popupSettings(db).version + 1 };
  setSetting(db, POPUP_SETTINGS_KEY, JSON.stringify(next));
  return popupSettings(db);
}

function links(value: unknown): SiteLink[] {
  return Array.isArray(value) ? value.map(record).map((l) => ({ label: str(l.label), url: str(l.url) })) : [];
}

/** The site header and footer, as pages render them and `GET /api/site-header-footer` answers. */
export function siteHeaderFooter(db: Db): SiteHeaderFooter {
  const raw = record(json(db, HEADER_FOOTER_KEY));
  const header = record(raw.header);
  const footer = record(raw.footer);
  return {
    header: { links: links(header.links) },
    footer: { text: str(footer.text), email: str(footer.email), links: links(footer.links) },
  };
}

export function saveSiteHeaderFooter(db: Db, value: SiteHeaderFooter): SiteHeaderFooter {
  setSetting(db, HEADER_FOOTER_KEY, JSON.stringify(value));
  return siteHeaderFooter(db);
}

/** The language of `code` as the site serves it: the default at `/`, others under `/{code}/`. */
export function siteLanguage(code: string, isDefault: boolean): SiteLanguage {
  return { code, name: SUPPORTED_LANGUAGES[code] ?? code, path: isDefault ? '/' : `/${code}/`, isDefault };
}

/** The site's languages, the default first; English alone when unset. */
export function siteLanguages(db: Db): SiteLanguage[] {
  const raw = json(db, LANGUAGES_KEY);
  const codes = Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string') : [];
  const list = codes.length > 0 ? codes : ['en'];
  return list.map((code, i) => siteLanguage(code, i === 0));
}

/** Stores the languages (codes, already checked, default first) and connects the service. */
export function saveSiteLanguages(db: Db, codes: readonly string[]): SiteLanguage[] {
  setSetting(db, LANGUAGES_KEY, JSON.stringify(codes));
  setSetting(db, MULTILINGUAL_CONNECTED_KEY, 'true');
  return siteLanguages(db);
}

/** Whether the translation service is connected, and how many languages are served. */
export function multilingualStatus(db: Db): MultilingualStatus {
  const connected = getSetting(db, MULTILINGUAL_CONNECTED_KEY) !== 'false';
  return { connected, languageCount: connected ? siteLanguages(db).length : 1 };
}

/** Disconnects the translation service: the site serves its default language only. */
export function disconnectMultilingual(db: Db): void {
  setSetting(db, MULTILINGUAL_CONNECTED_KEY, 'false');
}

/** The languages pages offer: all of them while connected, else the default alone. */
export function servedLanguages(db: Db): SiteLanguage[] {
  const all = siteLanguages(db);
  return multilingualStatus(db).connected ? all : all.slice(0, 1);
}
