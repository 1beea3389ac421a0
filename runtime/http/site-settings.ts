import { http } from './client';
import { callApi } from './errors';
import type { MultilingualSettings, MultilingualStatus, SiteHeaderFooter } from '../../contract/site-settings';

/** GET the site header and footer. */
export function fetchHeaderFooter(): Promise<SiteHeaderFooter> {
  return callApi(() => http().get('/api/site-header-footer').json<SiteHeaderFooter>());
}

/** PUT the site header and footer (owner only); a refusal names the field in `fieldErrors`. */
export function saveHeaderFooter(value: SiteHeaderFooter): Promise<SiteHeaderFooter> {
  return callApi(() => http().put('/api/site-header-footer', { json: value }).json<SiteHeaderFooter>());
}

/** GET the languages the site offers. */
export function fetchMultilingualSettings(): Promise<MultilingualSettings> {
  return callApi(() => http().get('/api/multilingual/settings').json<MultilingualSettings>());
}

/** GET whether translation is connected. */
export function fetchMultilingualStatus(): Promise<MultilingualStatus> {
  return callApi(() => http().get('/api/multilingual/status').json<MultilingualStatus>());
}

/** PUT the site's languages by code, the default first (owner only). */
export function saveLanguages(codes: readonly string[]): Promise<MultilingualSettings> {
  return callApi(() =>
    http()
      .put('/api/multilingual/languages', { json: { languages: codes } })
      .json<MultilingualSettings>(),
  );
}

/** DELETE the translation connection (owner only). */
export function disconnectMultilingual(): Promise<MultilingualStatus> {
  return callApi(() => http().delete('/api/multilingual/connection').json<MultilingualStatus>());
}
