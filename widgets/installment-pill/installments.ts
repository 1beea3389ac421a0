import { formatMoney } from '../../runtime/i18n/format';
import { INSTALLMENTS_STRINGS } from '../../contract/widget-messages/installments';
import { translator } from '../../runtime/i18n/t';

const t = translator(INSTALLMENTS_STRINGS);

/** Buy-now-pay-later services by shopper locale (storefront spec, section 4). */
const PROVIDERS: Readonly<Record<string, Provider>> = {
  en_US: 'Afterpay',
  en_CA: 'Afterpay',
  fr_CA: 'Afterpay',
  en_AU: 'Afterpay',
  en_NZ: 'Afterpay',
  // The same service under its UK-market name.
  en_GB: 'Clearpay',
};

export type Provider = 'Afterpay' | 'Clearpay' | 'Klarna';

/** Interest-free payments a price is split into. */
export const PAYMENTS = 4;

/**
 * The service for a shopper language and account country ("en", "GB"), or undefined where there
 * is none. `enabled` says whether the site has a provider's numbered flag on: the locale's own
 * service (Afterpay 64, Clearpay 68) comes first; without it, Klarna (70) where installments are
 * offered at all. Without `enabled`, the locale's own service.
 */
export function providerFor(
  language: string,
  country: string,
  enabled: (provider: Provider) => boolean = () => true,
): Provider | undefined {
  const own = PROVIDERS[`${language.trim().toLowerCase()}_${country.trim().toUpperCase()}`];
  if (!own) return undefined;
  if (enabled(own)) return own;
  return enabled('Klarna') ? 'Klarna' : undefined;
}

export interface InstallmentLimits {
  /** Cents; a price must be above this. */
  minCents: number;
  /** Cents; a price must not be above this. */
  maxCents: number;
}

export type InstallmentOffer =
  { kind: 'payments'; text: string } | { kind: 'over'; text: string } | { kind: 'up-to'; text: string };

/**
 * What the pill says for a price (storefront spec, sections 4, 5, 9): in range (above the
 * minimum, not above the maximum) 'or 4 interest-free payments of {amount} with'; below
 * 'available for orders over {min}'; above 'available for orders up to {max}'.
 */
export function installmentOffer(priceCents: number, limits: InstallmentLimits, currency: string): InstallmentOffer {
  if (priceCents <= limits.minCents) {
    return { kind: 'over', text: t('installments.over', { amount: formatMoney(limits.minCents, currency) }) };
  }
  if (priceCents > limits.maxCents) {
    return { kind: 'up-to', text: t('installments.upTo', { amount: formatMoney(limits.maxCents, currency) }) };
  }
  const payment = formatMoney(Math.round(priceCents / PAYMENTS), currency);
  return { kind: 'payments', text: t('installments.payments', { n: PAYMENTS, amount: payment }) };
}
