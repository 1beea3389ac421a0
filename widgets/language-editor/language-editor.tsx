import { useId, useState } from 'react';
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
import { useTweakEvents } from '../../runtime/tweak-events';
import { useDataFetch } from '../../runtime/use-data-fetch';

const t = translator(SITE_SETTINGS_STRINGS);

export type LanguageEditorProps = WidgetHostProps;

/** The element's tag, the name its tweak events carry. */
const TAG = 'store-language-editor';

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
  const fetched = useDataFetch(
    () =>
      Promise.all([fetchMultilingualSettings(), fetchMultilingualStatus()]).then(([settings, status]): Loaded => ({
        languages: settings.languages,
        status,
      })),
    [],
  );
  // The languages as last saved here; until then, as loaded.
  const [changed, setChanged] = useState<Loaded | null>(null);
  const loaded = changed ?? (fetched.status === 'success' ? fetched.data : null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState('');
  const tweak = useTweakEvents<Loaded>(TAG, loaded);

  if (!loaded) {
    const failed = fetched.status === 'failed' ? toStoreApiError(fetched.error).message : '';
    return (
      <div className="store-language-editor">
        <p role="status">{failed ? '' : t('languageEditor.loading')}</p>
        <p role="alert" className="store-language-editor__error">
          {failed}
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
      setChanged(next);
      setMessage(done(next));
      tweak.save(next);
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
