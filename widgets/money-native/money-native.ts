import { MONEY_NATIVE_CLASS } from '../../contract/class-names';
import { currencyDigits } from '../../contract/currencies';
import { formatMoney } from '../../contract/money';
import { storeContext } from '../../runtime/session/store-context';

/** The platform markup this module brings to life (the `money-native` formatter's amounts); the loader's registry takes it from here. */
export const ENHANCES = `.${MONEY_NATIVE_CLASS}`;

/**
 * The platform's price formatters print amounts as bare numbers in
 * `<span class="sqs-money-native">100.00</span>`; this shows them in the store currency
 * ("$100.00"), once per element. Text that is not a plain amount is left alone.
 */
export function enhance(element: Element): void {
  if (!(element instanceof HTMLElement) || element.dataset.storeEnhanced) return;
  element.dataset.storeEnhanced = 'true';
  const text = element.textContent?.trim() ?? '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return;
  const { currency } = storeContext();
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const digits = currencyDigits(currency);
  const minor = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  element.textContent = formatMoney(text.startsWith('-') ? -minor : minor, currency);
}
