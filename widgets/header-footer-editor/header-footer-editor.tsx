import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { SiteHeaderFooter, SiteLink } from '../../contract/site-settings';
import { SITE_SETTINGS_STRINGS } from '../../contract/widget-messages/site-settings';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { toStoreApiError } from '../../runtime/http/errors';
import { fetchHeaderFooter, saveHeaderFooter } from '../../runtime/http/site-settings';
import { translator } from '../../runtime/i18n/t';
import { useTweakEvents } from '../../runtime/tweak-events';
import { useDataFetch } from '../../runtime/use-data-fetch';

const t = translator(SITE_SETTINGS_STRINGS);

export type HeaderFooterEditorProps = WidgetHostProps;

/** A link row being edited, with a key that survives removing rows above it. */
interface Row extends SiteLink {
  key: number;
}

interface Draft {
  header: Row[];
  footerText: string;
  footerEmail: string;
  footer: Row[];
}

let nextKey = 1;
const rows = (links: readonly SiteLink[]): Row[] => links.map((l) => ({ ...l, key: nextKey++ }));
const toDraft = (value: SiteHeaderFooter): Draft => ({
  header: rows(value.header.links),
  footerText: value.footer.text,
  footerEmail: value.footer.email,
  footer: rows(value.footer.links),
});
const links = (list: Row[]): SiteLink[] => list.map(({ label, url }) => ({ label, url }));
const fromDraft = (draft: Draft): SiteHeaderFooter => ({
  header: { links: links(draft.header) },
  footer: { text: draft.footerText, email: draft.footerEmail, links: links(draft.footer) },
});

/** The element's tag, the name its tweak events carry. */
const TAG = 'store-header-footer-editor';

/** The input id of a field the server may name (`footer.links.0.url`). */
const fieldId = (base: string, path: string) => `${base}-${path.replace(/\./g, '-')}`;

/**
 * The owner's editor of the site header and footer: header links, footer text, contact e-mail
 * and footer links, saved with `PUT /api/site-header-footer`. The server's message for a refused
 * link or e-mail shows on that field, and focus goes there.
 */
export function HeaderFooterEditor(_props: HeaderFooterEditorProps) {
  const base = useId();
  const fetched = useDataFetch(() => fetchHeaderFooter(), []);
  // What the server keeps (loaded, then each save), and the owner's unsaved edit of it.
  const [saved, setSaved] = useState<SiteHeaderFooter | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  if (fetched.status === 'success' && saved === null) {
    setSaved(fetched.data);
    setDraft(toDraft(fetched.data));
  }
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  const tweak = useTweakEvents<SiteHeaderFooter>(TAG, saved);

  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  if (!draft || !saved) {
    const text = fetched.status === 'failed' ? toStoreApiError(fetched.error).message : t('siteEditor.loading');
    return <p role="status">{text}</p>;
  }

  const update = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    tweak.change(fromDraft(next));
  };
  const reset = () => {
    setDraft(toDraft(saved));
    setError('');
    setFieldErrors({});
    setStatus('');
    tweak.reset(saved);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError('');
    setFieldErrors({});
    setStatus(t('siteEditor.saving'));
    try {
      const kept = await saveHeaderFooter(fromDraft(draft));
      setSaved(kept);
      setDraft(toDraft(kept));
      setStatus(t('siteEditor.saved'));
      tweak.save(kept);
    } catch (problem) {
      const apiError = toStoreApiError(problem);
      setStatus('');
      setError(apiError.message);
      setFieldErrors(apiError.fieldErrors);
      setFocusTick((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  /** A labelled text input with its error, if the server named one for `path`. */
  const field = (path: string, label: string, input: InputHTMLAttributes<HTMLInputElement>) => {
    const id = fieldId(base, path);
    const problem = fieldErrors[path];
    return (
      <>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          {...input}
          {...(problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
        />
        {problem ? (
          <span id={`${id}-error`} className="store-site-editor__error">
            {problem}
          </span>
        ) : null}
      </>
    );
  };

  const linkList = (section: 'header' | 'footer', legend: string) => {
    const list = draft[section];
    const set = (next: Row[]) => update({ [section]: next });
    return (
      <fieldset className="store-site-editor__links">
        <legend>{legend}</legend>
        {list.map((row, i) => {
          const path = `${section}.links.${i}`;
          const number = i + 1;
          return (
            <fieldset key={row.key} className="store-site-editor__row">
              <legend>{t('siteEditor.linkRow', { number })}</legend>
              {field(`${path}.label`, t('siteEditor.label'), {
                value: row.label,
                maxLength: 80,
                onChange: (e) => set(list.map((r) => (r.key === row.key ? { ...r, label: e.target.value } : r))),
              })}
              {field(`${path}.url`, t('siteEditor.url'), {
                inputMode: 'url',
                value: row.url,
                maxLength: 500,
                onChange: (e) => set(list.map((r) => (r.key === row.key ? { ...r, url: e.target.value } : r))),
              })}
              <button
                type="button"
                className="store-site-editor__remove"
                onClick={() => set(list.filter((r) => r.key !== row.key))}
              >
                {t('siteEditor.removeLink', { number })}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="store-site-editor__add"
          onClick={() => set([...list, { label: '', url: '', key: nextKey++ }])}
        >
          {t('siteEditor.addLink')}
        </button>
      </fieldset>
    );
  };

  return (
    <form ref={formRef} className="store-site-editor" noValidate onSubmit={(e) => void submit(e)}>
      <p className="store-site-editor__hint">{t('siteEditor.urlHint')}</p>
      {linkList('header', t('siteEditor.header'))}
      <fieldset>
        <legend>{t('siteEditor.footer')}</legend>
        {field('footer.text', t('siteEditor.footerText'), {
          value: draft.footerText,
          maxLength: 500,
          onChange: (e) => update({ footerText: e.target.value }),
        })}
        {field('footer.email', t('siteEditor.footerEmail'), {
          type: 'email',
          value: draft.footerEmail,
          maxLength: 256,
          onChange: (e) => update({ footerEmail: e.target.value }),
        })}
        {linkList('footer', t('siteEditor.footerLinks'))}
      </fieldset>
      <div className="store-site-editor__messages" role="alert">
        {error && Object.keys(fieldErrors).length === 0 ? <p>{error}</p> : null}
      </div>
      <p className="store-site-editor__status" role="status">
        {status}
      </p>
      <div className="store-site-editor__actions">
        <button type="submit" className="store-button" aria-disabled={saving ? true : undefined}>
          {t('siteEditor.save')}
        </button>
        <button type="button" className="store-site-editor__reset" onClick={reset}>
          {t('siteEditor.reset')}
        </button>
      </div>
    </form>
  );
}
