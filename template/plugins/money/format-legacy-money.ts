/**
 * The legacy `i18n-money-format` layout: Squarespace's money design standard from before CLDR
 * money formatting (the Java template compiler's LegacyMoneyFormatFactory: a fixed symbol set,
 * the pattern `#,##0.00` with the symbol on one side, Java's own locale separators). It is not
 * any CLDR version's currency format, which is why the vectors disagree with Intl in ways no
 * CLDR version or locale fallback explains. Where the output departs from `Intl.NumberFormat`
 * (ICU 78, CLDR 48; NBSP is U+00A0, NNBSP U+202F):
 *
 * | vector (locale)           | Intl                    | rule here                                   |
 * | ------------------------- | ----------------------- | ------------------------------------------- |
 * | `1.234,56 A$` (de-DE)     | `1.234,56NBSPAU$`       | fixed symbols, the same in every locale     |
 * | `1.234,56 C$` (de-DE)     | `1.234,56NBSPCA$`       | fixed symbols                               |
 * | `kr 1,234.56` (es-US)     | `SEKNBSP1,234.56`       | fixed symbols                               |
 * | `1NBSP235¥` (fr-FR)       | `1NNBSP235NBSPJPY`      | fixed symbols                               |
 * | `1.234,56€` (de-DE)       | `1.234,56NBSP€`         | no space next to a symbol that is no word   |
 * | `1.234,56 kr` (de-DE)     | `1.234,56NBSPSEK`       | U+0020, not NBSP, next to a letter          |
 * | `kr -1,234.56` (en-UK)    | `-SEKNBSP1,234.56`      | minus after a left symbol ending in letter  |
 * | `-1NBSP234,56$` (sv-SE)   | `−1NBSP234,56NBSPUS$`   | ASCII minus, not U+2212                     |
 * | `1NBSP234,56$` (fr-FR)    | `1NNBSP234,56NBSP$US`   | French grouping NBSP, not NNBSP             |
 *
 * The last two are Java's legacy (JRE/COMPAT, pre-CLDR) locale data, the default before JDK 9:
 * "-" for Swedish and U+00A0 for French grouping; CLDR has U+2212 for Swedish and moved French
 * grouping to U+202F in CLDR 34. "en-UK" is no locale (UK is not an ISO 3166 code): Java read
 * it as English, Intl canonicalises it to en-GB (see `resolve-locale.ts`); same separators.
 *
 * What still comes from Intl: the grouping and decimal separators of the locale, whether the
 * symbol goes before or after the number, the fraction digits of the currency (via the spec)
 * and the symbol of currencies outside the fixed set. The Java original placed the symbol by a
 * table of its own (after the number for da-DK, de-DE, fr-FR and sv-SE, before it everywhere
 * else); for every locale with a vector that table and CLDR agree, so the placement is CLDR's,
 * which differs from the old table only for locales it never listed or tested (it-IT, es-ES,
 * fr-CA, nb-NO …, where CLDR puts the symbol after the number).
 */
import { boundedCache } from './bounded-cache';
import { currencyDigits, formatDecimal, numberFormat } from './format-number';
import type { Decimal } from './parse-decimal';

/**
 * Symbols of the design standard, used in every locale. A product decision, not locale data,
 * so there is nothing in Intl to derive them from: CLDR's CAD symbol is "CA$" in English and
 * most locales ("C$" only in Dutch), AUD's is "A$" only in English, and "kr" is SEK's narrow
 * symbol, not its symbol, outside the Nordic locales. Other currencies take Intl's symbol in the locale.
 */
const LEGACY_SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  CAD: 'C$',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  NOK: 'kr',
  SEK: 'kr',
  USD: '$',
};

interface LegacyLayout {
  symbol: string;
  /** The symbol precedes the number, as in the locale's CLDR currency pattern. */
  symbolFirst: boolean;
  group: string;
  decimal: string;
}

const layouts = boundedCache<LegacyLayout>();

function legacyLayout(locale: string, currency: string): LegacyLayout {
  return layouts(`${locale} ${currency}`, () => {
    const money = numberFormat(locale, { style: 'currency', currency }).formatToParts(1);
    const symbolAt = money.findIndex((part) => part.type === 'currency');
    const integerAt = money.findIndex((part) => part.type === 'integer');
    // The separators that go with Latin digits (the pattern prints those): ar-EG gives "," and ".".
    const number = numberFormat(locale, { numberingSystem: 'latn', useGrouping: 'always', minimumFractionDigits: 1 });
    const parts = number.formatToParts(1000);
    const separator = (type: 'group' | 'decimal', fallback: string) =>
      parts.find((part) => part.type === type)?.value ?? fallback;
    return {
      symbol: LEGACY_SYMBOLS[currency] ?? money[symbolAt]?.value ?? currency,
      symbolFirst: symbolAt < integerAt,
      // CLDR 34 moved French grouping from U+00A0 to U+202F NARROW NO-BREAK SPACE; the vectors
      // have Java's pre-CLDR data, U+00A0 (which Swedish still has in CLDR).
      group: separator('group', ',').replace(/\u202f/g, '\u00a0'),
      decimal: separator('decimal', '.'),
    };
  });
}

/**
 * Formats an amount the legacy way: the number as `#,##0.00` (the currency's fraction digits,
 * groups of three, half-even rounding) with the locale's separators; the design-standard
 * symbol on the side the locale puts it, spaced from the number only when the symbol's edge
 * next to the number is a letter (`1.234,56 kr`, `kr 1,234.56`, `1.234,56€`); an ASCII minus
 * in front, except after a symbol on the left that ends with a letter (`kr -1,234.56`).
 */
export function formatLegacyMoney(amount: Decimal, currency: string, locale: string): string {
  const { symbol, symbolFirst, group, decimal } = legacyLayout(locale, currency);
  const digits = currencyDigits(currency);
  // en-US digits and separators are the pattern's own; then swapped for the locale's.
  const plain = formatDecimal(amount, 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const negative = plain.startsWith('-');
  const number = (negative ? plain.slice(1) : plain).replace(/[,.]/g, (ch) => (ch === ',' ? group : decimal));
  const minus = negative ? '-' : '';
  if (!symbolFirst) return `${minus}${number}${/^\p{L}/u.test(symbol) ? ' ' : ''}${symbol}`;
  if (/\p{L}$/u.test(symbol)) return `${symbol} ${minus}${number}`;
  return `${minus}${symbol}${number}`;
}
