/**
 * The installment pill's rules (storefront spec, sections 4, 5, 9): which buy-now-pay-later
 * service a shopper locale gets and what the pill says for a price. Pure: the widget writes the
 * text with the store context's language settings, and the server writes the same text into the
 * page so the pill shows before the widget's code arrives.
 */
import { formatMoney } from './money';
import { translate, type MessageSettings } from './translate';
import { INSTALLMENTS_STRINGS } from './widget-messages/installments';

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
export function installmentOffer(
  priceCents: number,
  limits: InstallmentLimits,
  currency: string,
  settings: MessageSettings,
): InstallmentOffer {
  const money = (cents: number) => formatMoney(cents, currency, { locale: settings.locale });
  const t = (key: keyof typeof INSTALLMENTS_STRINGS, values: Record<string, string | number>) =>
    translate(INSTALLMENTS_STRINGS, key, values, settings);
  if (priceCents <= limits.minCents) {
    return { kind: 'over', text: t('installments.over', { amount: money(limits.minCents) }) };
  }
  if (priceCents > limits.maxCents) {
    return { kind: 'up-to', text: t('installments.upTo', { amount: money(limits.maxCents) }) };
  }
  const payment = money(Math.round(priceCents / PAYMENTS));
  return { kind: 'payments', text: t('installments.payments', { n: PAYMENTS, amount: payment }) };
}
