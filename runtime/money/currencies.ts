/**
 * The currency table for `runtime/census` (analytics), which still imports it from here;
 * everything else imports `contract/currencies` directly. Remove once census does too.
 */
export { CURRENCIES, isCurrencyCode } from '../../contract/currencies';
