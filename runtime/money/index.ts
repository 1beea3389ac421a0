export { formatMoney, type FormatMoneyOptions } from './format-money';
export { CURRENCIES, DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode, type CurrencyInfo } from './currencies';
