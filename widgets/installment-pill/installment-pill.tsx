import { inherited, space, themed } from '../ui/theme';
import { FOCUS_ROOM } from '../ui/control-styles';
import { useEffect, useMemo, useState } from 'react';
import { readPrice } from '../../contract/read-money';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { reportError } from '../../runtime/errors/error-reporter';
import { on } from '../../runtime/events';
import { http } from '../../runtime/http/client';
import { lastChosenVariant } from '../../runtime/product/chosen-variant';
import { payableCents, type Variant } from '../../runtime/product/types';
import { storeContext } from '../../runtime/session/store-context';
import { tagPrice } from '../../runtime/read-price';
import { isFeatureEnabled } from '../../runtime/loader-api';
import { INSTALLMENT_PROVIDER_FLAG } from '../../contract/feature-flags';
import { LazyDialog as Dialog } from '../ui/lazy-dialog';
import { useHostState } from '../ui/use-host-state';
import { installmentOffer, providerFor, type Provider } from './installments';
import { INSTALLMENTS_STRINGS } from '../../contract/widget-messages/installments';
import { translator } from '../../runtime/i18n/t';

const t = translator(INSTALLMENTS_STRINGS);

export interface InstallmentPillProps extends WidgetHostProps {
  /** Product id (`data-item-id`); the pill follows its chosen variant's price. */
  itemId?: string;
  /** `data-after-pay-available`: the item may be paid in installments; without it nothing shows. */
  afterPayAvailable?: boolean;
  /** Eligibility limits in cents, minor units (`data-after-pay-min`, `data-after-pay-max`). */
  afterPayMin?: string;
  afterPayMax?: string;
  /**
   * Shopper language and the store's Stripe account country (`data-shopper-language`, `data-stripe-account-country`),
   * which pick the provider: en_US, en_CA, fr_CA, en_AU, en_NZ use Afterpay; en_GB uses Clearpay (Klarna where that
   * one is off and flag 70 on); others show nothing.
   */
  shopperLanguage?: string;
  stripeAccountCountry?: string;
  /**
   * The price shown before a variant is chosen (`data-price`): minor units, cents, in `data-currency`,
   * or a money object as JSON (`{"decimalValue": "48.00", "currency": "USD"}`).
   */
  price?: string;
  /** Currency of `data-price` in minor units (`data-currency`), the store's by default. */
  currency?: string;
}

/** A price in minor units of a currency. */
interface Price {
  minor: number;
  currency: string;
}

/** `data-price`: minor units (with `data-currency`), or a money object as JSON (`{"decimalValue": "48.00", "currency": "USD"}`). */
function givenPrice(text: string | undefined, currency: string | undefined): Price | undefined {
  let value: unknown = text;
  if (text?.trim().startsWith('{')) {
    try {
      value = JSON.parse(text);
    } catch {
      // Left as text: the warning quotes it.
    }
  }
  return tagPrice(value, '<store-installment-pill> data-price', currency);
}

/** A limit in minor units of the price's currency; unreadable limits are reported as the pill's failure. */
function limit(text: string | undefined, currency: string): number | undefined {
  const read = readPrice(text, currency);
  return read && 'minor' in read ? read.minor : undefined;
}

/** Why an offered pill's limits are unusable (a text for the error report), or '' when they are fine. */
function limitsProblem(props: InstallmentPillProps, min: number | undefined, max: number | undefined): string {
  if (min === undefined || max === undefined) {
    return `needs data-after-pay-min and data-after-pay-max in cents (got ${JSON.stringify(props.afterPayMin)}, ${JSON.stringify(props.afterPayMax)})`;
  }
  return min > max ? `has data-after-pay-min ${min} above data-after-pay-max ${max}` : '';
}

/** What the shopper pays for a variant, in its currency. */
function shownPrice(variant: Variant | null | undefined): Price | undefined {
  const minor = payableCents(variant);
  return minor === undefined ? undefined : { minor, currency: variant?.currency ?? storeContext().currency };
}

/** The price of the variant chosen in the product's add-to-cart widget, else the given one. */
function useFollowedPrice(itemId: string, initial: Price | undefined): Price | undefined {
  const [price, setPrice] = useState(() => shownPrice(lastChosenVariant(itemId)) ?? initial);
  useEffect(
    () =>
      on('store-variant-change', (event) => {
        if (event.detail.itemId === itemId) setPrice(shownPrice(event.detail.variant) ?? initial);
      }),
    [itemId, initial],
  );
  return price;
}

/** "or 4 interest-free payments of $12.00 with Afterpay", and the info modal (storefront spec, sections 2, 4, 5). */
export function InstallmentPill(props: InstallmentPillProps) {
  // No pill unless the site has a provider's numbered flag on (64 Afterpay, 68 Clearpay, else 70 Klarna).
  const provider = providerFor(props.shopperLanguage ?? '', props.stripeAccountCountry ?? '', (p) =>
    isFeatureEnabled(INSTALLMENT_PROVIDER_FLAG[p]),
  );
  const given = useMemo(() => givenPrice(props.price, props.currency), [props.price, props.currency]);
  const price = useFollowedPrice(props.itemId ?? '', given);
  // The limits are in the currency of the price they are compared with.
  const currency = price?.currency ?? (props.currency || storeContext().currency);
  const min = limit(props.afterPayMin, currency);
  const max = limit(props.afterPayMax, currency);
  const misconfigured = Boolean(props.afterPayAvailable && provider) && limitsProblem(props, min, max);
  // A pill the page offers but cannot show is the server's failure: reported once, the page carries on.
  useEffect(() => {
    if (misconfigured) reportError(new Error(`<store-installment-pill> ${misconfigured}`), 'store-installment-pill');
  }, [misconfigured]);
  const hidden =
    !props.afterPayAvailable ||
    !provider ||
    Boolean(misconfigured) ||
    min === undefined ||
    max === undefined ||
    price === undefined;
  useHostState(props.host, hidden ? 'hidden' : 'shown');
  if (hidden) return null;
  const offer = installmentOffer(price.minor, { minCents: min, maxCents: max }, price.currency);
  return (
    <Pill
      provider={provider}
      offer={offer.text}
      inRange={offer.kind === 'payments'}
      language={props.shopperLanguage ?? ''}
      country={props.stripeAccountCountry ?? ''}
    />
  );
}

/** The ⓘ mark as an inline SVG in the text colour: the character is missing from many fonts. */
function InfoIcon() {
  return (
    <svg
      className="store-installment-pill__icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8" cy="4.75" r="1" fill="currentColor" />
      <path d="M8 7v5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

interface PillProps {
  provider: Provider;
  offer: string;
  inRange: boolean;
  language: string;
  country: string;
}

function Pill({ provider, offer, inRange, language, country }: PillProps) {
  const [info, setInfo] = useState<string | null>(null);

  const openInfo = () => {
    http()
      .get('/api/commerce/installments/info', { searchParams: { language, country, provider } })
      .text()
      .then(setInfo, (error: unknown) => {
        // A missing info page must not bother the shopper; it leaves a trace, and is no error report.
        console.warn(`The ${provider} information could not be loaded`, error);
      });
  };

  const name = (
    <span className={`store-installment-pill__provider store-installment-pill__provider--${provider.toLowerCase()}`}>
      {provider}
    </span>
  );
  return (
    <div className="store-installment-pill">
      {/* Two lines whatever the width: the box held before this code arrives is exact. */}
      <span className="store-installment-pill__line">{inRange ? offer : name}</span>{' '}
      <span className="store-installment-pill__line">
        {inRange ? name : offer}{' '}
        <button type="button" className="store-installment-pill__info" aria-haspopup="dialog" onClick={openInfo}>
          <InfoIcon />
          <span className="store-visually-hidden">{t('installments.about', { provider })}</span>
        </button>
      </span>
      <Dialog
        open={info !== null}
        title={t('installments.payWith', { provider })}
        onClose={() => setInfo(null)}
        closeOnBackdrop
        className="store-installment-pill__modal"
      >
        {/* Our own server's static page, not visitor input. */}
        <div className="store-installment-pill__content" dangerouslySetInnerHTML={{ __html: info ?? '' }} />
      </Dialog>
    </div>
  );
}

/** One line of the offer (its box is reserved: RESERVED_BOX); smaller text where the container is narrow. */
export const INSTALLMENT_LINE = '1.5rem';

export const INSTALLMENT_STYLES = `
store-installment-pill { display: flow-root; container-type: inline-size; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-installment-pill { margin: .25rem 0 ${space(1)}; padding: 0; font-size: .95rem; line-height: ${INSTALLMENT_LINE}; text-transform: none; letter-spacing: inherit; }
.store-installment-pill__line { display: block; }
.store-installment-pill__provider { font-weight: 700; }
.store-installment-pill__info { display: inline-block; margin: 0; font: inherit; line-height: 1; color: var(--store-text-color, buttontext); border: 0; border-radius: 50%; background: none; box-shadow: none; appearance: none !important; cursor: pointer; padding: 0 .25rem; vertical-align: -0.125em; scroll-margin: ${FOCUS_ROOM}; }
.store-installment-pill__info:focus-visible { outline: ${themed('--store-focus-ring')} !important; outline-offset: 2px !important; }
.store-installment-pill__icon { display: block; width: 1em; height: 1em; max-width: none; }
@container (max-width: 24rem) { .store-installment-pill { font-size: .8rem; } }
`;
