import { useEffect } from 'react';
import { currentLanguage, pathIn } from '../../contract/site-settings';
import { SITE_SETTINGS_STRINGS } from '../../contract/widget-messages/site-settings';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { fetchMultilingualSettings, fetchMultilingualStatus } from '../../runtime/http/site-settings';
import { translator } from '../../runtime/i18n/t';
import { useDataFetch } from '../../runtime/use-data-fetch';
import { useHostState } from '../ui/use-host-state';
import { space, themed } from '../ui/theme';

const t = translator(SITE_SETTINGS_STRINGS);

export type LanguagePickerProps = WidgetHostProps;

/**
 * The site's languages as links to this page in each, the current one marked; nothing while the
 * site has one language (or translation is disconnected).
 */
export function LanguagePicker({ host }: LanguagePickerProps) {
  const fetched = useDataFetch(
    () =>
      Promise.all([fetchMultilingualSettings(), fetchMultilingualStatus()]).then(([settings, status]) =>
        status.connected ? settings.languages : [],
      ),
    [],
  );
  const languages = fetched.status === 'success' ? fetched.data : [];
  useEffect(() => {
    if (fetched.status === 'failed') console.warn('The site languages could not be loaded', fetched.error);
  }, [fetched]);
  // `data-state`: `pending` while loading, then `hidden` (one language, disconnected, or failed) or `shown`.
  useHostState(host, fetched.status === 'pending' ? 'pending' : languages.length < 2 ? 'hidden' : 'shown');

  if (languages.length < 2) return null;
  const pathname = globalThis.location.pathname;
  const here = currentLanguage(languages, pathname);
  return (
    <nav className="store-language-picker" aria-label={t('languages.picker')}>
      <ul className="store-language-picker__list">
        {languages.map((language) => {
          const isCurrent = language.code === here?.code;
          return (
            <li key={language.code}>
              <a
                className="store-language-picker__link"
                href={pathIn(language, here, pathname)}
                hrefLang={language.code}
                lang={language.code}
                // Screen readers say "current"; the look marks it too (bold, underlined).
                aria-current={isCurrent ? 'true' : undefined}
              >
                {language.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export const LANGUAGE_PICKER_STYLES = `
store-language-picker { font-family: ${themed('--store-font')}; }
.store-language-picker__list { display: flex; gap: ${space(0.5)}; list-style: none; margin: 0; padding: 0; }
.store-language-picker__link { color: inherit; }
.store-language-picker__link[aria-current] { font-weight: 700; text-decoration: none; border-bottom: 2px solid currentColor; }
.store-language-picker__link:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
`;
