import { useEffect, useId, useState } from 'react';
import { SUPPORTED_LANGUAGES, type MultilingualStatus, type SiteLanguage } from '../../contract/site-settings';
import { SITE_SETTINGS_STRINGS } from '../../contract/widget-messages/site-settings';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { toStoreApiError } from '../../runtime/http/errors';
import {
  disconnectMultilingual,
  fetchMultilingualSettings,
  fetchMultilingualStatus,
  saveLanguages,
} from '../../runtime/http/site-settings';
import { translator } from '../../runtime/i18n/t';

const t = translator(SITE_SETTINGS_STRINGS);

export type LanguageEditorProps = WidgetHostProps;

interface Loaded {
  languages: SiteLanguage[];
  status: MultilingualStatus;
}

/**
 * The owner's list of site languages: add one (`PUT /api/multilingual/languages`), remove one
 * but the default, and disconnect translation (`DELETE /api/multilingual/connection`).
 */
export function LanguageEditor(_props: LanguageEditorProps) {
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState(t('languageEditor.loading'));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState('');

  useEffect(() => {
    let current = true;
    Promise.all([fetchMultilingualSettings(), fetchMultilingualStatus()]).then(
      ([settings, status]) => {
        if (!current) return;
        setLoaded({ languages: settings.languages, status });
        setMessage('');
      },
      (problem: unknown) => {
        if (current) setError(toStoreApiError(problem).message);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  if (!loaded) {
    return (
      <div className="store-language-editor">
        <p role="status">{error ? '' : message}</p>
        <p role="alert" className="store-language-editor__error">
          {error}
        </p>
      </div>
    );
  }

  const defaultName = loaded.languages[0]?.name ?? '';
  const addable = Object.entries(SUPPORTED_LANGUAGES).filter(
    ([code]) => !loaded.languages.some((l) => l.code === code),
  );
  const chosen = addable.some(([code]) => code === choice) ? choice : (addable[0]?.[0] ?? '');

  const run = async (work: () => Promise<Loaded>, done: (next: Loaded) => string) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const next = await work();
      setLoaded(next);
      setMessage(done(next));
    } catch (problem) {
      setMessage('');
      setError(toStoreApiError(problem).message);
    } finally {
      setBusy(false);
    }
  };
  const save = async (codes: string[]): Promise<Loaded> => {
    const settings = await saveLanguages(codes);
    return { languages: settings.languages, status: await fetchMultilingualStatus() };
  };
  const codes = loaded.languages.map((l) => l.code);

  return (
    <div className="store-language-editor">
      <p>
        {loaded.status.connected
          ? t('languageEditor.connected')
          : t('languageEditor.disconnected', { name: defaultName })}
      </p>
      <ul aria-label={t('languageEditor.title')}>
        {loaded.languages.map((language) => (
          <li key={language.code} lang={language.code}>
            <span>{language.isDefault ? t('languageEditor.default', { name: language.name }) : language.name}</span>
            {language.isDefault ? null : (
              <button
                type="button"
                aria-disabled={busy ? true : undefined}
                onClick={() =>
                  void run(
                    () => save(codes.filter((c) => c !== language.code)),
                    () => t('languageEditor.removed', { name: language.name }),
                  )
                }
              >
                {t('languageEditor.remove', { name: language.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {addable.length > 0 ? (
        <form
          className="store-language-editor__add"
          onSubmit={(event) => {
            event.preventDefault();
            const name = SUPPORTED_LANGUAGES[chosen] ?? chosen;
            void run(
              () => save([...codes, chosen]),
              () => t('languageEditor.added', { name }),
            );
          }}
        >
          <fieldset>
            <legend>{t('languageEditor.add')}</legend>
            <label htmlFor={`${ids}-choice`}>{t('languageEditor.choose')}</label>
            <select id={`${ids}-choice`} value={chosen} onChange={(e) => setChoice(e.target.value)}>
              {addable.map(([code, name]) => (
                <option key={code} value={code} lang={code}>
                  {name}
                </option>
              ))}
            </select>
            <button type="submit" className="store-button" aria-disabled={busy ? true : undefined}>
              {t('languageEditor.add')}
            </button>
          </fieldset>
        </form>
      ) : (
        <p>{t('languageEditor.none')}</p>
      )}
      {loaded.status.connected ? (
        <button
          type="button"
          aria-disabled={busy ? true : undefined}
          onClick={() =>
            void run(
              async () => {
                const status = await disconnectMultilingual();
                return { languages: (await fetchMultilingualSettings()).languages, status };
              },
              () => t('languageEditor.disconnectedNow', { name: defaultName }),
            )
          }
        >
          {t('languageEditor.disconnect')}
        </button>
      ) : null}
      <p role="status">{message}</p>
      <p role="alert" className="store-language-editor__error">
        {error}
      </p>
    </div>
  );
}
