import { inherited, space, themed } from '../ui/theme';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { useDataFetch } from '../../runtime/use-data-fetch';
import {
  addTerm,
  cancelImport,
  exportProducts,
  fetchImportJob,
  fetchCollections,
  fetchTerms,
  ownerMessage,
  removeTerm,
  renameTerm,
  uploadProducts,
} from '../../runtime/http/catalog-admin';
import {
  formatFileSize,
  IMPORT_MAX_BYTES,
  TERM_MAX_LENGTH,
  type CatalogTerms,
  type ImportJob,
  type TermType,
} from '../../contract/catalog-admin';
import { CATALOG_ADMIN_STRINGS } from '../../contract/widget-messages/catalog-admin';
import { translator } from '../../runtime/i18n/t';
import { formatNumber } from '../../runtime/i18n/format';
import { ColumnHeads, PlainRows } from '../ui/table-parts';

const t = translator(CATALOG_ADMIN_STRINGS);

export type CatalogAdminProps = WidgetHostProps;

/** How often a running import is asked for its progress, in ms. */
export const POLL_MS = 400;

/** A message for the owner: good news (status) or a problem (alert). */
interface Note {
  text: string;
  problem: boolean;
}

function NoteLine({ note, className }: { note: Note | null; className?: string }) {
  // Both regions are always there, so screen readers announce what appears in them.
  return (
    <>
      <p className={className ?? 'store-catalog-admin__status'} role="status">
        {note && !note.problem ? note.text : ''}
      </p>
      <p className="store-catalog-admin__error" role="alert">
        {note?.problem ? note.text : ''}
      </p>
    </>
  );
}

/** The owner's catalog page: tags and categories, product import and export as CSV. */
export function CatalogAdmin(_props: CatalogAdminProps) {
  const loaded = useDataFetch(() => fetchTerms(), []);
  // The owner's changes since the terms arrived (each list saves its own changes).
  const [edited, setEdited] = useState<CatalogTerms | null>(null);
  const terms = edited ?? (loaded.status === 'success' ? loaded.data : null);
  const loadError = loaded.status === 'failed' ? t('catalogAdmin.unableToLoad') : null;
  const ids = useId();
  const setTerms = (change: (current: CatalogTerms) => CatalogTerms) =>
    setEdited((current) => {
      const base = current ?? (loaded.status === 'success' ? loaded.data : null);
      return base && change(base);
    });

  return (
    <section className="store-catalog-admin" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('catalogAdmin.title')}</h2>
      {loadError ? (
        <div className="store-catalog-admin__load-error">
          <p role="alert" className="store-catalog-admin__error">
            {loadError}
          </p>
          <button type="button" className="store-button" onClick={loaded.reload}>
            {t('catalogAdmin.retry')}
          </button>
        </div>
      ) : terms ? (
        <div className="store-catalog-admin__terms">
          <TermList type="tag" names={terms.tags} onChange={(tags) => setTerms((c) => ({ ...c, tags }))} />
          <TermList
            type="category"
            names={terms.categories}
            onChange={(categories) => setTerms((c) => ({ ...c, categories }))}
          />
        </div>
      ) : (
        <p role="status">{t('catalogAdmin.loading')}</p>
      )}
      <Collections />
      <ImportProducts />
      <ExportProducts />
    </section>
  );
}

/** The store's collections, how many items each holds and the most it may (a Try again when they do not load). */
function Collections() {
  const ids = useId();
  const loaded = useDataFetch(() => fetchCollections(), []);
  return (
    <section className="store-catalog-admin__collections" aria-labelledby={`${ids}-collections`}>
      <h3 id={`${ids}-collections`}>{t('catalogAdmin.collections')}</h3>
      {loaded.status === 'failed' ? (
        <div className="store-catalog-admin__load-error">
          <p role="alert" className="store-catalog-admin__error">
            {ownerMessage(loaded.error)}
          </p>
          <button type="button" className="store-button" onClick={loaded.reload}>
            {t('catalogAdmin.retry')}
          </button>
        </div>
      ) : loaded.status === 'success' ? (
        <ul className="store-catalog-admin__collection-list">
          {loaded.data.map((collection) => {
            const items = t('catalogAdmin.collectionItems', { count: collection.items });
            return (
              <li key={collection.id}>
                <a href={collection.path}>{collection.title}</a>:{' '}
                {collection.limit === undefined
                  ? items
                  : t('catalogAdmin.collectionLimit', { items, limit: formatNumber(collection.limit) })}
              </li>
            );
          })}
        </ul>
      ) : (
        <p role="status">{t('catalogAdmin.loading')}</p>
      )}
    </section>
  );
}

interface TermListProps {
  type: TermType;
  names: string[];
  onChange(names: string[]): void;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

function TermList({ type, names, onChange }: TermListProps) {
  const ids = useId();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const editInput = useRef<HTMLInputElement>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const heading = type === 'tag' ? t('catalogAdmin.tags') : t('catalogAdmin.categories');

  // Where the keyboard goes once the list shows a change: a row's Rename button after editing it.
  const focusRename = useRef<string | null>(null);
  useEffect(() => {
    if (editing !== null) editInput.current?.focus();
    const name = focusRename.current;
    const button =
      name === null
        ? null
        : list.current?.querySelector<HTMLButtonElement>(`button[data-rename="${CSS.escape(name)}"]`);
    if (button) {
      focusRename.current = null;
      button.focus();
    }
  }, [editing, names]);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (problem) {
      setNote({ text: ownerMessage(problem), problem: true });
    }
    setBusy(false);
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { name } = await addTerm(type, draft);
      onChange([...names, name].sort(byName));
      setDraft('');
      setNote({ text: t('catalogAdmin.added', { name }), problem: false });
    });
  };

  const startEditing = (name: string) => {
    if (editing !== null && editing !== name) {
      setNote({ text: t('catalogAdmin.oneAtATime', { tagType: type }), problem: true });
      editInput.current?.focus();
      return;
    }
    setEditing(name);
    setNewName(name);
    setNote(null);
  };

  const stopEditing = (name: string) => {
    setEditing(null);
    // Back to the row's Rename button, so the keyboard stays where it was.
    focusRename.current = name;
  };

  const rename = (event: FormEvent, from: string) => {
    event.preventDefault();
    void run(async () => {
      const { name } = await renameTerm(type, from, newName);
      onChange(names.map((n) => (n === from ? name : n)).sort(byName));
      setNote({ text: t('catalogAdmin.renamed', { from, name }), problem: false });
      stopEditing(name);
    });
  };

  const remove = (name: string) =>
    void run(async () => {
      await removeTerm(type, name);
      onChange(names.filter((n) => n !== name));
      if (editing === name) setEditing(null);
      setNote({ text: t('catalogAdmin.removed', { name }), problem: false });
      addInput.current?.focus();
    });

  return (
    <div className={`store-catalog-admin__list store-catalog-admin__list--${type}`}>
      <h3 id={`${ids}-h`}>{heading}</h3>
      <form className="store-catalog-admin__row" onSubmit={add} noValidate>
        <label htmlFor={`${ids}-new`}>
          {type === 'tag' ? t('catalogAdmin.newTag') : t('catalogAdmin.newCategory')}
        </label>
        <input
          id={`${ids}-new`}
          ref={addInput}
          value={draft}
          aria-describedby={`${ids}-max`}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="store-button" aria-disabled={busy || undefined}>
          {t('catalogAdmin.add')}
        </button>
        <small id={`${ids}-max`}>{t('catalogAdmin.maxLength', { max: TERM_MAX_LENGTH[type] })}</small>
      </form>
      <NoteLine note={note} />
      {names.length === 0 ? (
        <p>{type === 'tag' ? t('catalogAdmin.noTags') : t('catalogAdmin.noCategories')}</p>
      ) : (
        <ul ref={list} aria-labelledby={`${ids}-h`}>
          {names.map((name) => (
            <li key={name}>
              {editing === name ? (
                <form className="store-catalog-admin__row" onSubmit={(event) => rename(event, name)} noValidate>
                  <label htmlFor={`${ids}-edit`} className="store-visually-hidden">
                    {t('catalogAdmin.renameLabel', { name })}
                  </label>
                  <input
                    id={`${ids}-edit`}
                    ref={editInput}
                    value={newName}
                    onChange={(event) => setNewName(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') stopEditing(name);
                    }}
                  />
                  <button type="submit" className="store-button" aria-disabled={busy || undefined}>
                    {t('catalogAdmin.save')}
                  </button>
                  <button type="button" className="store-catalog-admin__plain" onClick={() => stopEditing(name)}>
                    {t('catalogAdmin.cancel')}
                  </button>
                </form>
              ) : (
                <div className="store-catalog-admin__row">
                  <span className="store-catalog-admin__name">{name}</span>
                  <button
                    type="button"
                    className="store-catalog-admin__plain"
                    data-rename={name}
                    onClick={() => startEditing(name)}
                  >
                    {t('catalogAdmin.rename')}
                    <span className="store-visually-hidden"> {name}</span>
                  </button>
                  <button type="button" className="store-catalog-admin__plain" onClick={() => remove(name)}>
                    {t('catalogAdmin.remove')}
                    <span className="store-visually-hidden"> {name}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether a job's status ends it, and the message of an ending that is not a success. */
function endOf(job: ImportJob): Note | null {
  if (job.status === 'failed') return { text: t('catalogAdmin.processingFailed'), problem: true };
  if (job.status === 'cancelled') return { text: t('catalogAdmin.processingCancelled'), problem: true };
  return null;
}

function ImportProducts() {
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const running = uploading !== null || job?.status === 'running';

  const follow = async (started: ImportJob) => {
    let current = started;
    while (current.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (!alive.current) return;
      try {
        current = await fetchImportJob(current.id);
      } catch (problem) {
        setJob(null);
        setNote({ text: ownerMessage(problem), problem: true });
        return;
      }
      setJob(current);
    }
    const ending = endOf(current);
    setNote(
      ending ?? {
        text: t('catalogAdmin.imported', {
          fileName: current.fileName,
          created: formatNumber(current.created),
          updated: formatNumber(current.updated),
          refusedCount: current.refused.length,
        }),
        problem: false,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    const file = fileInput.current?.files?.[0];
    setJob(null);
    if (!file) {
      setNote({ text: t('catalogAdmin.chooseFile'), problem: true });
      return;
    }
    const fileName = file.name;
    if (file.size > IMPORT_MAX_BYTES) {
      setNote({
        text: t('catalogAdmin.tooLarge', { fileName, maxSize: formatFileSize(IMPORT_MAX_BYTES) }),
        problem: true,
      });
      return;
    }
    if (!/\.csv$/i.test(fileName)) {
      setNote({ text: t('catalogAdmin.unsupported', { fileName }), problem: true });
      return;
    }
    setNote(null);
    setUploading(fileName);
    uploadProducts(file, fileName).then(
      (started) => {
        setUploading(null);
        setJob(started);
        void follow(started);
      },
      (problem: unknown) => {
        setUploading(null);
        setNote({ text: ownerMessage(problem), problem: true });
      },
    );
  };

  const cancel = () => {
    if (job?.status !== 'running') return;
    cancelImport(job.id).then(
      (cancelled) => setJob(cancelled),
      (problem: unknown) => setNote({ text: ownerMessage(problem), problem: true }),
    );
  };

  return (
    <div className="store-catalog-admin__import" aria-busy={running || undefined}>
      <h3>{t('catalogAdmin.importTitle')}</h3>
      <p id={`${ids}-help`}>{t('catalogAdmin.importHelp')}</p>
      <form className="store-catalog-admin__row" onSubmit={submit} noValidate>
        <label htmlFor={`${ids}-file`}>{t('catalogAdmin.file')}</label>
        <input id={`${ids}-file`} ref={fileInput} type="file" accept=".csv,text/csv" aria-describedby={`${ids}-help`} />
        <button type="submit" className="store-button" aria-disabled={running || undefined}>
          {t('catalogAdmin.import')}
        </button>
      </form>
      {uploading ? <p role="status">{t('catalogAdmin.uploading', { fileName: uploading })}</p> : null}
      {job?.status === 'running' ? (
        <div className="store-catalog-admin__progress">
          <label htmlFor={`${ids}-progress`}>
            {t('catalogAdmin.progress', {
              fileName: job.fileName,
              processed: formatNumber(job.processed),
              total: formatNumber(job.total),
            })}
          </label>
          <progress id={`${ids}-progress`} max={job.total} value={job.processed} />
          <button type="button" className="store-catalog-admin__plain" onClick={cancel}>
            {t('catalogAdmin.cancelImport')}
          </button>
        </div>
      ) : null}
      <NoteLine note={note} />
      {job && job.notices.length > 0 ? (
        <ul className="store-catalog-admin__notices">
          {job.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      {job?.status === 'done' && job.refused.length > 0 ? (
        <table className="store-catalog-admin__refused">
          <caption>{t('catalogAdmin.refusedRows')}</caption>
          <ColumnHeads heads={[t('catalogAdmin.row'), t('catalogAdmin.reason')]} />
          <PlainRows rows={job.refused.map((r) => ({ key: r.row, cells: [formatNumber(r.row), r.reason] }))} />
        </table>
      ) : null}
    </div>
  );
}

function ExportProducts() {
  const ids = useId();
  const [fileName, setFileName] = useState('products');
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = fileName.trim();
    if (name === '') {
      setNote({ text: t('catalogAdmin.enterFileName'), problem: true });
      return;
    }
    const full = /\.csv$/i.test(name) ? name : `${name}.csv`;
    setBusy(true);
    try {
      const blob = await exportProducts(name);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = full;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNote({ text: t('catalogAdmin.exported', { fileName: full }), problem: false });
    } catch (problem) {
      setNote({ text: ownerMessage(problem), problem: true });
    }
    setBusy(false);
  };

  return (
    <div className="store-catalog-admin__export">
      <h3>{t('catalogAdmin.exportTitle')}</h3>
      <form className="store-catalog-admin__row" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${ids}-name`}>{t('catalogAdmin.fileName')}</label>
        <input id={`${ids}-name`} value={fileName} onChange={(event) => setFileName(event.target.value)} />
        <button type="submit" className="store-button" aria-disabled={busy || undefined}>
          {t('catalogAdmin.export')}
        </button>
      </form>
      <NoteLine note={note} />
    </div>
  );
}

export const CATALOG_ADMIN_STYLES = `
store-catalog-admin { display: block; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-catalog-admin__terms { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: ${space(1)}; }
.store-catalog-admin__row { display: flex; flex-wrap: wrap; align-items: center; gap: ${space(0.5)}; margin: ${space(0.5)} 0; }
.store-catalog-admin__row input { font: inherit; padding: .4rem .5rem; border: 1px solid ${themed('--store-muted-text-color')}; border-radius: ${themed('--store-radius')}; }
.store-catalog-admin__row input:focus-visible, .store-catalog-admin__plain:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-catalog-admin__row small { flex-basis: 100%; color: ${themed('--store-muted-text-color')}; }
.store-catalog-admin ul { list-style: none; padding: 0; margin: 0; }
.store-catalog-admin li { border-bottom: 1px solid ${themed('--store-divider-color')}; }
.store-catalog-admin__name { flex: 1; overflow-wrap: anywhere; }
.store-catalog-admin__plain { font: inherit; color: var(--store-text-color, buttontext); padding: .3rem .6rem; border: 1px solid ${themed('--store-muted-text-color')}; border-radius: ${themed('--store-radius')}; background: ${themed('--store-background-color')}; cursor: pointer; }
.store-catalog-admin__error { color: ${themed('--store-error-color')}; font-weight: 600; }
.store-catalog-admin__error:empty, .store-catalog-admin__status:empty { margin: 0; }
.store-catalog-admin__progress { display: flex; flex-wrap: wrap; align-items: center; gap: ${space(0.5)}; }
.store-catalog-admin table { border-collapse: collapse; width: 100%; margin: ${space(0.5)} 0; }
.store-catalog-admin caption { text-align: left; font-weight: 600; }
.store-catalog-admin th, .store-catalog-admin td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid ${themed('--store-divider-color')}; }
`;
