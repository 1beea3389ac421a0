import { inherited, space, themed } from '../ui/theme';
import { useCallback, useId, useState } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { toStoreApiError } from '../../runtime/http/errors';
import {
  fetchRestockGroups,
  fetchRestockSignUps,
  sendAllRestockEmails,
  sendRestockEmails,
} from '../../runtime/http/restock';
import type { RestockSignUp, RestockSignUpGroup } from '../../contract/restock';
import { formatNumber } from '../../runtime/i18n/format';
import { DATE_TIME_MEDIUM, formatDate } from '../../runtime/i18n/format-date';
import { usePagedDataFetch, type DataFetchState } from '../../runtime/use-data-fetch';
import { RESTOCK_ADMIN_STRINGS } from '../../contract/widget-messages/restock-admin';
import { translator } from '../../runtime/i18n/t';
import { ColumnHeads, PlainRows } from '../ui/table-parts';

const t = translator(RESTOCK_ADMIN_STRINGS);

export type RestockAdminProps = WidgetHostProps;

const groupKey = (g: Pick<RestockSignUpGroup, 'productId' | 'variantId'>) => `${g.productId}\u0000${g.variantId}`;

/** "Sent 3 restock e-mails." */
export function sentMessage(sent: number): string {
  return t('restockAdmin.sent', { count: sent });
}

/** A paged list as the page shows it: the items so far, whether more are coming, what went wrong. */
function pagedList<T>(state: DataFetchState<T[]> & { reload: () => void }) {
  return {
    items: state.status === 'success' ? state.data : (state.partial ?? []),
    loading: state.status === 'pending',
    error: state.status === 'failed' ? toStoreApiError(state.error).message : null,
    reload: state.reload,
  };
}

/** The site owner's view of back-in-stock sign-ups: groups, their sign-ups, and sending. */
export function RestockAdmin(_props: RestockAdminProps) {
  const fetchGroups = useCallback(
    (cursor?: string) =>
      fetchRestockGroups(cursor).then((page) => ({
        items: page.signUpGroups,
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      })),
    [],
  );
  const groups = pagedList(usePagedDataFetch(fetchGroups));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();

  const send = async (requests: Pick<RestockSignUpGroup, 'productId' | 'variantId'>[]) => {
    if (sending || requests.length === 0) return;
    setSending(true);
    setStatus(t('restockAdmin.sending'));
    try {
      const [first] = requests;
      const { sent } =
        requests.length === 1 && first
          ? await sendRestockEmails({ productId: first.productId, variantId: first.variantId })
          : await sendAllRestockEmails(requests.map(({ productId, variantId }) => ({ productId, variantId })));
      setStatus(sentMessage(sent));
      setSelected(new Set());
      setOpen(null);
      groups.reload();
    } catch (problem) {
      setStatus(toStoreApiError(problem).message);
    }
    setSending(false);
  };

  const toggle = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <section className="store-restock-admin" aria-labelledby={`${ids}-title`} aria-busy={groups.loading || undefined}>
      <h2 id={`${ids}-title`}>{t('restockAdmin.title')}</h2>
      <p className="store-restock-admin__status" role="status">
        {groups.loading ? t('restockAdmin.loading') : status}
      </p>
      {groups.error ? (
        <p className="store-restock-admin__error" role="alert">
          {groups.error}
        </p>
      ) : null}
      {!groups.loading && !groups.error && groups.items.length === 0 ? <p>{t('restockAdmin.nobody')}</p> : null}
      {groups.items.length > 0 ? (
        <>
          <table className="store-restock-admin__groups">
            <caption className="store-visually-hidden">{t('restockAdmin.groups')}</caption>
            <ColumnHeads
              heads={[
                <span className="store-visually-hidden">{t('restockAdmin.select')}</span>,
                t('restockAdmin.product'),
                t('restockAdmin.variant'),
                t('restockAdmin.signUps'),
                <span className="store-visually-hidden">{t('restockAdmin.actions')}</span>,
              ]}
            />
            <tbody>
              {groups.items.map((group) => {
                const key = groupKey(group);
                const label = `${group.productName}${group.variantName ? ` (${group.variantName})` : ''}`;
                return (
                  <GroupRows
                    key={key}
                    group={group}
                    label={label}
                    selected={selected.has(key)}
                    open={open === key}
                    sending={sending}
                    onSelect={(on) => toggle(key, on)}
                    onToggleOpen={() => setOpen((current) => (current === key ? null : key))}
                    onSend={() => void send([group])}
                  />
                );
              })}
            </tbody>
          </table>
          <button
            type="button"
            className="store-button"
            aria-disabled={sending || selected.size === 0 ? true : undefined}
            onClick={() => void send(groups.items.filter((g) => selected.has(groupKey(g))))}
          >
            {t('restockAdmin.sendSelected', { count: selected.size })}
          </button>
        </>
      ) : null}
    </section>
  );
}

interface GroupRowsProps {
  group: RestockSignUpGroup;
  label: string;
  selected: boolean;
  open: boolean;
  sending: boolean;
  onSelect(on: boolean): void;
  onToggleOpen(): void;
  onSend(): void;
}

function GroupRows({ group, label, selected, open, sending, onSelect, onToggleOpen, onSend }: GroupRowsProps) {
  const listId = useId();
  return (
    <>
      <tr>
        <td>
          <input
            type="checkbox"
            aria-label={t('restockAdmin.selectGroup', { label })}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </td>
        <td>{group.productName}</td>
        <td>{group.variantName}</td>
        <td>{formatNumber(group.count)}</td>
        <td className="store-restock-admin__actions">
          <button type="button" aria-expanded={open} aria-controls={listId} onClick={onToggleOpen}>
            {open ? t('restockAdmin.hide') : t('restockAdmin.view')}
            <span className="store-visually-hidden">{t('restockAdmin.for', { label })}</span>
          </button>
          <button type="button" aria-disabled={sending ? true : undefined} onClick={() => !sending && onSend()}>
            {t('restockAdmin.send')}
            <span className="store-visually-hidden">{t('restockAdmin.for', { label })}</span>
          </button>
        </td>
      </tr>
      {open ? (
        <tr id={listId}>
          <td colSpan={5}>
            <SignUps productId={group.productId} variantId={group.variantId} label={label} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function SignUps({ productId, variantId, label }: { productId: string; variantId: string; label: string }) {
  const fetchSignUps = useCallback(
    (cursor?: string) =>
      fetchRestockSignUps(productId, variantId, cursor).then((page) => ({
        items: page.signUps,
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      })),
    [productId, variantId],
  );
  const list = pagedList(usePagedDataFetch<RestockSignUp>(fetchSignUps));
  return (
    <div aria-busy={list.loading || undefined}>
      {list.error ? <p role="alert">{list.error}</p> : null}
      <table className="store-restock-admin__signups">
        <caption>{t('restockAdmin.signUpsFor', { label })}</caption>
        <ColumnHeads heads={[t('restockAdmin.email'), t('restockAdmin.signedUp'), t('restockAdmin.mailingList')]} />
        <PlainRows
          rows={list.items.map((signUp) => ({
            key: signUp.id,
            cells: [
              signUp.email,
              formatDate(signUp.createdOn, DATE_TIME_MEDIUM),
              signUp.isJoinMailingList ? t('restockAdmin.yes') : t('restockAdmin.no'),
            ],
          }))}
        />
      </table>
      {list.loading ? <p role="status">{t('restockAdmin.loading')}</p> : null}
    </div>
  );
}

export const RESTOCK_ADMIN_STYLES = `
store-restock-admin { display: block; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-restock-admin table { border-collapse: collapse; width: 100%; margin: ${space(0.5)} 0 ${space(1)}; }
.store-restock-admin th, .store-restock-admin td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid ${themed('--store-divider-color')}; vertical-align: top; }
.store-restock-admin__actions { display: flex; gap: ${space(0.5)}; flex-wrap: wrap; }
.store-restock-admin__actions button { font: inherit; color: var(--store-text-color, buttontext); padding: .3rem .6rem; border: 1px solid ${themed('--store-muted-text-color')}; border-radius: ${themed('--store-radius')}; background: ${themed('--store-background-color')}; cursor: pointer; }
.store-restock-admin__error { color: ${themed('--store-error-color')}; font-weight: 600; }
.store-restock-admin__signups caption { text-align: left; font-weight: 600; }
`;
