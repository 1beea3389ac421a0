/**
 * Unit labels of CLDR 29, the release the platform's unit vectors were made with (Node's ICU
 * has a later one: "4 Mo" became "4Mo", "tonnes" "t", …), for the locales of
 * `cldr-units.generated.ts`. Other locales, and units CLDR 29 lacks, have no patterns here.
 */
import { boundedCache } from '../money/bounded-cache';
import { CLDR_UNITS as GENERATED } from './cldr-units.generated';

/** A unit's pattern ("{0} Mo"), or one per plural category ({ one: "{0} octet", other: … }). */
export type CldrUnitPatterns = string | Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;

/** Patterns of the table's units, in its order (0 for a unit the locale lacks). */
type CldrWidthPatterns = readonly (CldrUnitPatterns | 0)[];

/** The narrow, short and long patterns of a locale. */
export type CldrWidths = readonly [narrow: CldrWidthPatterns, short: CldrWidthPatterns, long: CldrWidthPatterns];

/** The generated table: unit names, and by locale tag, each width's patterns in the same order. */
export interface CldrUnitTable {
  units: readonly string[];
  locales: Record<string, CldrWidths>;
}

const TABLE = GENERATED as CldrUnitTable;
const UNIT_INDEX = new Map(TABLE.units.map((unit, i) => [unit, i]));
const WIDTH_INDEX = { narrow: 0, short: 1, long: 2 } as const;

const tags = boundedCache<string>();

/** The table's tag for `locale` (its language and region: "fr-FR" for "fr" too), or ''. */
function tableTag(locale: string): string {
  return tags(locale, () => {
    try {
      const { language, region } = new Intl.Locale(locale).maximize();
      const tag = `${language}-${region ?? ''}`;
      return Object.hasOwn(TABLE.locales, tag) ? tag : '';
    } catch {
      return '';
    }
  });
}

/**
 * The CLDR 29 pattern of `unit` in `locale` at `width` for a number of plural `category`
 * (asked only when the unit's patterns differ by category; "other" when the release has none
 * for it: CLDR 29 has no French "many"). Undefined when the table lacks the locale or the unit.
 */
export function cldrUnitPattern(
  locale: string,
  width: 'narrow' | 'short' | 'long',
  unit: string,
  category: () => string,
): string | undefined {
  const tag = tableTag(locale);
  const index = UNIT_INDEX.get(unit);
  if (tag === '' || index === undefined) return undefined;
  const patterns = (TABLE.locales[tag] as CldrWidths)[WIDTH_INDEX[width]][index];
  if (!patterns) return undefined;
  if (typeof patterns === 'string') return patterns;
  const rule = category() as Intl.LDMLPluralRule;
  return (Object.hasOwn(patterns, rule) ? patterns[rule] : undefined) ?? patterns.other;
}
