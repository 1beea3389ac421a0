import { MONEY_NATIVE_CLASS } from '../../contract/class-names';
import { currencyDigits } from '../../contract/currencies';
import { formatMoney } from '../../runtime/i18n/format';
import { storeContext } from '../../runtime/session/store-context';

/** The platform markup this module brings to life (the `money-native` formatter's amounts); the loader's registry takes it from here. */
export const ENHANCES = `.${MONEY_NATIVE_CLASS}`;

/**
 * A platform amount: digits with optional thousands commas in groups of three ("2,400.00",
 * "1,234,567.01", "4800"), an optional dot and fraction, an optional minus.
 */
const PLATFORM_AMOUNT = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * A platform amount in minor units of `currency`, rounded half away from zero to the
 * currency's digits ("4,800.00" JPY is 4800, "2,400.00" USD 240000); undefined when the text
 * is not a plain amount.
 */
export function platformAmountMinorUnits(text: string, currency: string): bigint | undefined {
  const match = PLATFORM_AMOUNT.exec(text.trim());
  if (!match) return undefined;
  const [, minus, whole = '0', fraction = ''] = match;
  const digits = currencyDigits(currency);
  const padded = fraction.padEnd(digits + 1, '0');
  let minor = BigInt(whole.replaceAll(',', '') + padded.slice(0, digits));
  if (Number(padded[digits]) >= 5) minor += 1n;
  return minus ? -minor : minor;
}

/**
 * The platform's price formatters print amounts as bare numbers in
 * `<span class="sqs-money-native">2,400.00</span>` (US layout, two decimals whatever the
 * currency); this shows them in the store currency and locale ("$2,400.00", "2 400,00 €",
 * "¥4,800"), once per element. Text that is not a plain amount is left alone.
 */
export function enhance(element: Element): void {
  if (!(element instanceof HTMLElement) || element.dataset.storeEnhanced) return;
  element.dataset.storeEnhanced = 'true';
  const { currency } = storeContext();
  const minor = platformAmountMinorUnits(element.textContent ?? '', currency);
  if (minor !== undefined) element.textContent = formatMoney(minor, currency);
}
