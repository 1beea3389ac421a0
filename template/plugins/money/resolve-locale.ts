import { boundedCache } from './bounded-cache';

/** The spec's default locale, used when a locale is missing or unusable. */
export const DEFAULT_LOCALE = 'en';

const resolved = boundedCache<string | undefined>();

/**
 * The canonical BCP 47 tag of a locale that `Intl.NumberFormat` has data for, or undefined.
 *
 * Accepts Java-style tags with underscores (the i18n vectors are named `de_DE`, templates write
 * `de-DE`) and trims whitespace. Returns undefined for anything that is not a string, for tags
 * Intl rejects ("none" — a four-letter language subtag is not valid in Unicode locale ids —,
 * "en-US-x-!!") and for well-formed tags of languages it has no data for ("xx-YY", "qq-QQ").
 * The check matters: `new Intl.NumberFormat('xx-YY')` does not fail, it silently formats in the
 * host's default locale, which would make output depend on the machine.
 *
 * "en-UK" canonicalises to "en-GB": UK is not an ISO 3166 region code, CLDR aliases it to GB.
 */
export function resolveLocale(tag: unknown): string | undefined {
  if (typeof tag !== 'string') return undefined;
  return resolved(tag, () => {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'));
      return canonical !== undefined && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0
        ? canonical
        : undefined;
    } catch {
      return undefined; // RangeError: not a well-formed language tag
    }
  });
}
