/**
 * Numbers as decimal text. The i18n formatters keep numbers as the text they were written in
 * ("1.0" stays "1.0": its plural category is "other", not "one") and hand that text to
 * `Intl.NumberFormat`, which formats numeric strings exactly.
 */
import { boundedCache } from '../money/bounded-cache';
import { DEFAULT_LOCALE, resolveLocale } from '../money/resolve-locale';

const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?$/;

/**
 * The decimal text of a finite number, or of a string holding one ("12", "-0.50", ".5", "1e3",
 * whitespace around it allowed); undefined for anything else (NaN, "1,000", objects, booleans).
 */
export function numberText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!NUMBER_RE.test(text)) return undefined;
  return Number.isFinite(Number(text)) ? text.replace(/^\+/, '') : undefined;
}

/** The render's locale as a tag Intl has data for ("en" when it has none). */
export function renderLocale(tag: unknown): string {
  return resolveLocale(tag) ?? DEFAULT_LOCALE;
}

const pluralRules = boundedCache<Intl.PluralRules>();

/** Fraction digits as written: "1.0" has 1, "1" none, "1.5e2" none (150). */
function visibleFractionDigits(text: string): number {
  if (/[eE]/.test(text)) {
    const n = Number(text);
    const fraction = String(n).split('.')[1];
    return Math.min(fraction?.length ?? 0, 20);
  }
  return Math.min(text.split('.')[1]?.length ?? 0, 20);
}

/**
 * The CLDR plural category of a number written as `text` in `locale`: cardinal
 * ("one", "few", …) or ordinal ("two" for 2nd in English). Visible fraction digits count:
 * "1" is "one" in English, "1.0" is "other".
 */
export function pluralCategory(text: string, locale: string, type: Intl.PluralRuleType = 'cardinal'): string {
  const digits = visibleFractionDigits(text);
  const rules = pluralRules(`${locale} ${type} ${digits}`, () =>
    type === 'ordinal'
      ? new Intl.PluralRules(locale, { type })
      : new Intl.PluralRules(locale, { type, minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
  return rules.select(Number(text));
}

/** The plural categories `locale` uses (for its cardinals or ordinals). */
export function pluralCategories(locale: string, type: Intl.PluralRuleType = 'cardinal'): readonly string[] {
  return pluralRules(`${locale} ${type} categories`, () => new Intl.PluralRules(locale, { type })).resolvedOptions()
    .pluralCategories;
}
