import { MOBILE_MEDIA } from '../../contract/breakpoints';
import { inherited, space, themed } from '../ui/theme';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { cartStore } from '../../runtime/cart/cart-store';
import { useCart } from '../../runtime/cart/use-cart.hooks';
import { emit } from '../../runtime/events';
import { StoreApiError } from '../../runtime/http/errors';
import type { CartEntry } from '../../contract/cart';
import { formatMoney } from '../../runtime/i18n/format';
import { ROUTES, storePageUrl } from '../../runtime/session/navigate';
import { storeContext } from '../../runtime/session/store-context';
import { AlertDialog } from '../ui/dialog';
import { LazyEntryForm } from './lazy-entry-form';
import { CART_STRINGS } from '../../contract/widget-messages/cart';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { translator } from '../../runtime/i18n/t';

const t = translator({ ...CART_STRINGS, ...ERROR_STRINGS });

/** Cart page strings (storefront spec, section 8): their English defaults. */
export const CART_MESSAGES = {
  updateQuantity: CART_STRINGS['cart.updateQuantity'],
  remove: CART_STRINGS['cart.removeFailed'],
  updateForm: CART_STRINGS['cart.updateForm'],
  openForm: CART_STRINGS['cart.openForm'],
  tryAgain: CART_STRINGS['cart.tryAgain'],
  offline: CART_STRINGS['cart.offline'],
  empty: CART_STRINGS['cart.empty'],
} as const;

/** 'To check out, your order subtotal must be {subtotal} or more.' */
export function minimumSubtotalMessage(subtotal: string): string {
  return t('cart.minimumSubtotal', { subtotal });
}

/**
 * What a failed cart change tells the shopper: no connection, the server's reason when it gave
 * one the shopper can act on (not enough stock, say), else 'Please try again.'
 */
export function failureMessage(error: unknown): string {
  if (error instanceof StoreApiError) {
    if (error.status === 0 && error.message === t('error.network')) return t('cart.offline');
    // Not enough stock, an expired session, too many requests: the shopper can act on these.
    if ([400, 403, 409, 429].includes(error.status)) return error.message;
  }
  return t('cart.tryAgain');
}

export type CartPageProps = WidgetHostProps;

interface Alert {
  title: string;
  message: string;
}

/** The cart page at /cart: entries, quantities, removal, answers of additional fields, totals. */
export function CartPage({ host }: CartPageProps) {
  const cart = useCart((state) => state.cart);
  const status = useCart((state) => state.status);
  const loadError = useCart((state) => state.error);
  const shown = status === 'ready' || status === 'skipped' || status === 'error';
  // Analytics: the cart was viewed, once it is on screen (the census adds the cart's figures).
  useEffect(() => {
    if (shown) emit('store-commerce', { event: 'view-cart' }, host);
  }, [shown, host]);
  const recalculating = useCart((state) => state.recalculating);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [editing, setEditing] = useState<CartEntry | null>(null);
  const ids = useId();

  if (status === 'idle' || status === 'loading') {
    return (
      <p className="store-cart-page__loading" role="status">
        {t('cart.loading')}
      </p>
    );
  }
  if (status === 'error' && !cart) {
    // The cart could not be read: say so, never that it is empty.
    return (
      <div className="store-cart-page">
        <p role="alert">{loadError === t('error.network') ? t('cart.offline') : t('cart.tryAgain')}</p>
        <button type="button" className="store-button" onClick={() => void cartStore().getState().ensureLoaded()}>
          {t('cart.retry')}
        </button>
      </div>
    );
  }
  if (!cart || cart.entries.length === 0) {
    return (
      <div className="store-cart-page store-cart-page--empty">
        <p>{t('cart.empty')}</p>
        <p>
          <a href={storePageUrl('/shop')}>{t('cart.continueShopping')}</a>
        </p>
      </div>
    );
  }

  const currency = cart.currencyCode || storeContext().currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const store = cartStore();
  const report = (title: string) => (error: unknown) => setAlert({ title, message: failureMessage(error) });
  const belowMinimum = cart.minimumSubtotalCents !== undefined && cart.subtotalCents < cart.minimumSubtotalCents;

  return (
    <div className="store-cart-page" aria-busy={recalculating || undefined}>
      <ul className="store-cart-page__entries" aria-label={t('cart.entries')}>
        {cart.entries.map((entry) => (
          <EntryRow
            key={entry.id}
            entry={entry}
            lineTotal={money(entry.purchasePriceCents * entry.quantity)}
            onQuantity={(quantity) =>
              void store
                .getState()
                .updateQuantity(entry.id, quantity)
                .catch(report(t('cart.updateQuantity')))
            }
            onRemove={() =>
              void store
                .getState()
                .removeEntry(entry.id)
                .catch(report(t('cart.removeFailed')))
            }
            onEdit={() => setEditing(entry)}
          />
        ))}
      </ul>
      <h2 id={`${ids}-totals`} className="store-visually-hidden">
        {t('cart.summary')}
      </h2>
      <dl className="store-cart-page__totals" aria-labelledby={`${ids}-totals`}>
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{money(cart.subtotalCents)}</dd>
        </div>
        <div>
          <dt>{t('cart.tax')}</dt>
          <dd>{money(cart.taxCents)}</dd>
        </div>
        <div>
          <dt>{t('cart.shipping')}</dt>
          <dd>{money(cart.shippingCostCents)}</dd>
        </div>
        {cart.discountCents > 0 ? (
          <div>
            <dt>{t('cart.discount')}</dt>
            <dd>{money(-cart.discountCents)}</dd>
          </div>
        ) : null}
        <div className="store-cart-page__grand-total">
          <dt>{t('cart.total')}</dt>
          <dd>{money(cart.grandTotalCents)}</dd>
        </div>
      </dl>
      {belowMinimum ? (
        <p className="store-cart-page__minimum" id={`${ids}-minimum`} role="status">
          {minimumSubtotalMessage(money(cart.minimumSubtotalCents as number))}
        </p>
      ) : null}
      <a
        className="store-button store-cart-page__checkout"
        href={belowMinimum ? undefined : storePageUrl(ROUTES.checkout)}
        role="link"
        aria-disabled={belowMinimum ? true : undefined}
        aria-describedby={belowMinimum ? `${ids}-minimum` : undefined}
      >
        {t('cart.checkout')}
      </a>
      <LazyEntryForm
        entry={editing}
        onClose={() => setEditing(null)}
        onFailure={(title, error) => setAlert({ title, message: failureMessage(error) })}
      />
      {/* The alert comes with the page: it must show when the connection is gone. */}
      {alert ? <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(null)} /> : null}
    </div>
  );
}

interface EntryRowProps {
  entry: CartEntry;
  lineTotal: string;
  onQuantity(quantity: number): void;
  onRemove(): void;
  onEdit(): void;
}

function EntryRow({ entry, lineTotal, onQuantity, onRemove, onEdit }: EntryRowProps) {
  const ids = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const options = Object.entries(entry.chosenVariant.attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

  // A typed quantity counts when the field is left or Enter is pressed; nonsense snaps back.
  const commit = () => {
    if (draft === null) return;
    const quantity = Number(draft);
    setDraft(null);
    if (Number.isInteger(quantity) && quantity >= 1 && quantity <= 9999 && quantity !== entry.quantity)
      onQuantity(quantity);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };

  return (
    <li className="store-cart-page__entry">
      <div className="store-cart-page__item">
        {entry.url ? <a href={storePageUrl(entry.url)}>{entry.title}</a> : <span>{entry.title}</span>}
        {options ? <span className="store-cart-page__options">{options}</span> : null}
      </div>
      <label className="store-cart-page__quantity" htmlFor={`${ids}-quantity`}>
        <span className="store-visually-hidden">{t('cart.quantityOf', { title: entry.title })}</span>
        <input
          id={`${ids}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          step={1}
          value={draft ?? String(entry.quantity)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
      </label>
      <span className="store-cart-page__line-total">{lineTotal}</span>
      <span className="store-cart-page__actions">
        {entry.additionalFieldsFormId ? (
          <button type="button" onClick={onEdit}>
            {t('cart.editDetails')}
            <span className="store-visually-hidden">{t('cart.editDetailsOf', { title: entry.title })}</span>
          </button>
        ) : null}
        <button type="button" onClick={onRemove}>
          {t('cart.remove')}
          <span className="store-visually-hidden">{t('cart.removeWhat', { title: entry.title })}</span>
        </button>
      </span>
    </li>
  );
}

export const CART_PAGE_STYLES = `
store-cart-page { display: block; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-cart-page__entries { list-style: none; padding: 0; margin: 0 0 ${space(1.5)}; display: grid; gap: ${space(0.75)}; }
.store-cart-page__entry { display: grid; grid-template-columns: minmax(0, 1fr) auto auto auto; gap: ${space(1)}; align-items: center; padding: ${space(0.75)} 0; border-bottom: 1px solid ${themed('--store-divider-color')}; }
.store-cart-page__item { display: grid; }
.store-cart-page__options { color: ${themed('--store-muted-text-color')}; font-size: .9em; }
.store-cart-page__quantity input { font: inherit; width: 5rem; padding: .35rem .4rem; border: 1px solid ${themed('--store-border-color')}; border-radius: ${themed('--store-radius')}; }
.store-cart-page__actions { display: flex; gap: ${space(0.5)}; }
.store-cart-page__actions button { font: inherit; color: var(--store-text-color, buttontext); padding: .3rem .6rem; border: 1px solid ${themed('--store-muted-text-color')}; border-radius: ${themed('--store-radius')}; background: ${themed('--store-background-color')}; cursor: pointer; }
.store-cart-page__totals { display: grid; gap: .25rem; max-width: 20rem; margin: 0 0 ${space(1)} auto; }
.store-cart-page__totals div { display: flex; justify-content: space-between; }
.store-cart-page__totals dt, .store-cart-page__totals dd { margin: 0; }
.store-cart-page__grand-total { font-weight: 700; border-top: 1px solid var(--store-divider-color, #ccc); padding-top: .25rem; }
.store-cart-page__minimum { color: ${themed('--store-error-color')}; font-weight: 600; text-align: right; }
.store-cart-page__checkout { display: block; width: max-content; margin-left: auto; text-decoration: none; }
.store-cart-page__checkout[aria-disabled="true"] { opacity: .5; cursor: not-allowed; }
@media ${MOBILE_MEDIA} { .store-cart-page__entry { grid-template-columns: 1fr auto; } }
`;
