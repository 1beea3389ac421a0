/**
 * The one reviewed list of places where our engine renders differently from the reference
 * engine (@squarespace/template-engine 2.10.10), each with its reason and what proves us right:
 * a public vector that passes here and not there, or a line of the platform spec. Each entry is
 * tested in `differential.test.ts`; the generated comparisons (`differential-cases.ts`) leave
 * out exactly the renders an entry covers.
 */
import { parseDecimalOptions } from './plugins/i18n/decimal';
import { numberText } from './plugins/i18n/number-text';
import { readMoney } from './plugins/money/read-money';
import { renderOurs, type Render } from './render-case';
import { isObject } from './values';

export type DifferenceKind = 'reference stub' | 'reference bug' | 'spec' | 'newer data';

export interface IntentionalDifference {
  /** The formatters and predicates concerned. */
  names: readonly string[];
  kind: DifferenceKind;
  reason: string;
  /** A vector (under ../shared/vectors/template/plugins/resources) that passes here and not in the reference. */
  vector?: string;
  /** Else the test in differential.test.ts that shows the difference and its proof. */
  test?: string;
}

export const INTENTIONAL_DIFFERENCES: Readonly<Record<string, IntentionalDifference>> = {
  'significant-maxfrac': {
    names: ['decimal'],
    kind: 'reference bug',
    reason:
      'the reference ignores mode:significant-maxfrac, so its fraction digits (3.14159 stays 3.14159 at maxfrac:3)',
    vector: 'i18n/f-decimal-2.html',
  },
  unit: {
    names: ['unit'],
    kind: 'reference stub',
    reason: 'even with its CLDR data the reference gives the number back, unconverted and without a unit',
    vector: 'i18n/f-unit-length-en-US.html',
  },
  'legacy money': {
    names: ['money-format', 'moneyFormat', 'money-string', 'i18n-money-format'],
    kind: 'reference stub',
    reason: 'the reference gives every value back as it is; we format amounts (what holds none we give back too)',
    vector: 'f-money-string-1.html',
  },
  'unescaped attributes': {
    names: [
      'variants-select',
      'image-meta',
      'image',
      'image-srcset',
      'social-button',
      'social-button-inline',
      'item-classes',
      'comments',
      'comment-link',
      'like-button',
    ],
    kind: 'reference bug',
    reason:
      "the reference writes item ids, component keys, URLs, post types, comment counts, option names in the variant select's label and the text given to image-srcset into markup unescaped; a quote breaks the markup",
    test: 'attribute values are escaped where the reference writes them raw',
  },
  'focal point not a number': {
    names: ['image-meta', 'image', 'child-image-meta', 'cover-image-meta', 'video'],
    kind: 'spec',
    reason:
      'spec section 5, "Default focal point 0.5,0.5"; the reference prints "NaN" for a coordinate that is no number',
    test: 'a focal point coordinate that is no number gives the default focal point',
  },
  'default date format': {
    names: ['date'],
    kind: 'spec',
    reason: '{t|date} without a pattern: spec section 9, "Default date format \'LLL\'"; the reference prints nothing',
    test: "{t|date} without a pattern: 'LLL' (spec, section 9), nothing in the reference",
  },
  'units-metric?': {
    names: ['units-metric?'],
    kind: 'reference stub',
    reason: 'the reference raises "not yet implemented" (spec section 8); vectors length-in and mass-in branch on it',
    test: 'units-metric?: the length-in and mass-in vectors pass here; the reference raises',
  },
  'free-if-zero': {
    names: ['money'],
    kind: 'spec',
    reason: 'spec section 5: "A Free label is required when the free-if-zero money option is set"',
    test: 'money free-if-zero: the Free label for zero, an error without one (spec, section 5)',
  },
  'dates after 2037': {
    names: ['date', 'datetime-interval'],
    kind: 'newer data',
    reason: 'IANA zone data through Intl; the reference zone table stops at 2037',
    test: 'dates after 2037 keep their summer time (IANA data, issue 16)',
  },
  'missing instants': {
    names: ['date', 'datetime', 'datetime-interval', 'relative-time', 'timesince', 'message', 'google-calendar-url'],
    kind: 'spec',
    reason:
      'spec section 8, "formatters return an empty string on missing data" (section 5: timesince gives "Invalid date."); the reference reads a missing instant as 0 and prints a 1969 date, and a calendar link to 1970 for an event without a start or an end that is a number',
    test: 'a missing instant prints nothing (spec, section 8); the reference prints a 1969 date',
  },
  'markup without an item': {
    names: ['comments', 'comment-link', 'like-button'],
    kind: 'spec',
    reason:
      'spec section 8, "formatters return an empty string on missing data": for a value that is no item (text, a number, a list) the reference writes a comment container or link with empty ids (`id="comments-"`), or a like button for no item; we write nothing',
    test: 'markup without an item: nothing, not a comment link with empty ids',
  },
  'calendar title beyond ASCII': {
    names: ['google-calendar-url'],
    kind: 'reference bug',
    reason:
      'the reference encodes the title with escape(): Latin-1 bytes and %u escapes ("Caf%E9", "%u65E5") that the calendar service does not read as UTF-8; we percent-encode UTF-8 ("Caf%C3%A9"), as the Java engine and its own location do, and encode ASCII as it does',
    test: 'google-calendar-url: a title beyond ASCII in UTF-8, not Latin-1 or %u escapes',
  },
  'interval greatest difference': {
    names: ['datetime-interval'],
    kind: 'reference bug',
    reason:
      'the reference takes the largest field that differs among the skeleton\'s own fields only: a range over different years without the year in its skeleton loses the years ("Jun 17 – Jan 21" for 2016 to 2003), and a month range within one month repeats the month ("Jan – Jan 1970"); Intl (ICU) writes the years, and the month once',
    test: 'datetime-interval: the years of a range over different years, one month for a range within it',
  },
  'dates before 1970': {
    names: ['date'],
    kind: 'reference bug',
    reason: 'its %z prints fractional minutes and its %s wraps at 2^31 seconds',
    test: 'dates before 1970: LMT as the reference; its fractional %z and 32-bit %s are not copied',
  },
  'no case for 1': {
    names: ['message', 'plural'],
    kind: 'reference bug',
    reason:
      'a plural message with no case for exactly 1 prints nothing there (`item{0 plural other{s}}` is "1 item"); the reference falls back to other',
    vector: 'i18n/f-message-plural-en-US.html',
  },
  'plural without its argument': {
    names: ['message', 'plural'],
    kind: 'reference bug',
    reason:
      'a plural or selectordinal whose argument the formatter is not given (`{msg|message}`) prints "NaN" there ("NaN items"); we read it as 0, as both engines read a given argument that holds no number',
    test: 'plural without its argument: 0, as an argument that holds no number, not "NaN"',
  },
  'number argument without a number': {
    names: ['message', 'plural', 'money'],
    kind: 'spec',
    reason:
      'spec section 8, "formatters return an empty string on missing data", as the decimal and money formatters do in both engines; a number or money argument of a message that holds no number (null, "abc", an amount of true) is formatted as 0 (true as 1) in the reference',
    test: 'number argument without a number: nothing, as the decimal and money formatters, not 0',
  },
  'offset to zero': {
    names: ['message', 'plural'],
    kind: 'reference bug',
    reason:
      'with a plural offset the reference signs a zero difference ("1.0" minus 1 is "-0.0") and drops the fraction digits of a zero it starts from ("0.0" minus 1 is "-1", while "2.5" minus 1 is "1.5"); we keep the visible fraction digits and write zero unsigned',
    test: 'offset to zero: "1.0" minus 1 is "0.0" and "0.0" minus 1 is "-1.0"',
  },
  'directed rounding near zero': {
    names: ['decimal', 'money', 'currency'],
    kind: 'reference bug',
    reason:
      'the reference rounds away from zero (round:ceil, round:floor, round:up) to 0 when every digit lies past the first dropped place: ceil of 0.05 at maxfrac:0 is 0 there, 1 in Intl, and ceil of 2.05 is 3 in both',
    test: 'directed rounding near zero: ceil of 0.05 is 1, as Intl and as the reference has it for 2.05',
  },
  'UTC zone names': {
    names: ['datetime', 'message'],
    kind: 'newer data',
    reason:
      'Intl\'s CLDR names the UTC zone itself ("Coordinated Universal Time", "UTC"); the reference pack has no name for it and prints Greenwich Mean Time\'s',
    test: 'the UTC zone by its own CLDR name, not Greenwich Mean Time',
  },
  'compact names': {
    names: ['decimal', 'money'],
    kind: 'newer data',
    reason: 'CLDR 37 (the reference pack) names a French thousand "1 millier" in the long style, newer CLDR "mille"',
    test: 'compact names of newer CLDR data: "mille", not "1 millier"',
  },
  'scientific rounding': {
    names: ['decimal'],
    kind: 'reference bug',
    reason:
      'with fraction digits the reference rounds the number itself before it takes the coefficient (0.5 at maxfrac:0 is "0", -0.125 at minfrac:1 "-1.0E-1"), and a coefficient rounded up to 10 keeps its exponent (999989 at maxfrac:1 is "10E+5"); we round the coefficient, as CLDR\'s scientific pattern and Intl do ("5E-1", "-1.2E-1", "1E+6")',
    test: 'scientific rounding: the coefficient is rounded, not the number, and a carry moves the exponent',
  },
  'zero outside the decimal style': {
    names: ['decimal'],
    kind: 'reference bug',
    reason:
      'the reference pads zero to its significant digits in the decimal style only (0 at minsig:3 is "0.00", but "0%" and "0‰"), and writes a scientific zero with an exponent ("0.00E-2"); we write zero with the same digits in every style and no exponent, as Intl does ("0.00%", "0.00")',
    test: 'zero outside the decimal style: its digits as in the decimal style, and no exponent',
  },
  'preprocessor tags': {
    names: ['{^…}'],
    kind: 'reference stub',
    reason:
      "tags scoped to the platform's preprocessor (`{^.section a}`, `{^.end}`) run in that pass only, and the platform's compiler drops them from a render; the reference has them on its to-do list and prints them as text",
    test: 'preprocessor tags: left out of a render, not printed as text',
  },
  'infinity and NaN as text': {
    names: ['decimal'],
    kind: 'spec',
    reason:
      'spec section 8, "formatters return an empty string on missing data": the text "Infinity" or "NaN" holds no amount, as any other text that is no number; the reference\'s decimal parser reads them and prints "∞" and "NaN"',
    test: 'infinity and NaN as text: nothing, as other text that is no number',
  },
  'default currency': {
    names: ['money', 'currency', 'message'],
    kind: 'spec',
    reason:
      'spec section 9, "default currency USD": an amount whose money object names no currency is in US dollars; the reference prints nothing',
    test: 'default currency: a money object without a currency code is in US dollars',
  },
  'currency names for many': {
    names: ['money'],
    kind: 'newer data',
    reason:
      'CLDR 37 (the reference pack) has no currency names of the plural category "many", so a round million in fr, es and pt is named in the singular there ("1 000 000 euro"); newer CLDR names it in the plural',
    test: 'currency names of newer CLDR data: a round million in the plural',
  },
};

/** Whether a value holds an amount the legacy money formatters format (a number, numeric text, a money object). */
function holdsAmount(value: unknown): boolean {
  const money = readMoney(value);
  return money !== undefined && (money.amount !== undefined || isObject(value));
}

/**
 * Whether a generated render is one an entry above covers (the reference prints its stub there),
 * so the generated comparison leaves it out.
 */
export function stubbedByReference(source: string, json: unknown): boolean {
  const legacy = /\{x\|(money-format|moneyFormat|money-string|i18n-money-format|unit)\}/.exec(source);
  if (legacy) {
    const x = isObject(json) ? json.x : undefined;
    if (legacy[1] === 'unit') return typeof x === 'number' || (typeof x === 'string' && x.trim() !== '');
    return holdsAmount(x);
  }
  return false;
}

/**
 * Whether `decimal` or money with a directed rounding mode gives zero in the reference where we round
 * away from it, and rounding toward zero instead gives the reference's output
 * ('directed rounding near zero').
 */
function roundedToZero(locale: string | undefined, render: Render | undefined, theirs: string): boolean {
  const directed = /\|(decimal|money|currency)[^}]* round:(ceil|floor|up)\b/;
  if (!render || !directed.test(render.source) || /[1-9]/.test(theirs)) return false;
  const source = render.source.replace(/ round:(ceil|floor|up)\b/g, ' round:truncate');
  return renderOurs({ ...render, locale, source }) === theirs;
}

/** Zero written with any number of digits, a sign and (in the reference's scientific style) a negative exponent. */
const WRITTEN_ZERO = /^-?0+(?:[.,]0+)?(?:E-\d+)?$/;

/**
 * Whether a `decimal` render of zero differs only in zero's digits: padded to the significant
 * digits in percent and permille here, with an exponent in the reference's scientific style
 * ('zero outside the decimal style').
 */
function zeroDigitsOnly(render: Render | undefined, ours: string, theirs: string): boolean {
  const source = render?.source ?? '';
  if (/^\{x\|decimal style:scientific\b[^}]*\}$/.test(source))
    return WRITTEN_ZERO.test(ours) && WRITTEN_ZERO.test(theirs);
  if (!/^\{x\|decimal style:(percent|permille)\S*\b[^}]*\bm..sig:/.test(source)) return false;
  const zero = (text: string) => text.replace(/0+(?:[.,]0+)?/, '0');
  return /^\d/.test(ours) && /^\d/.test(theirs) && !/[1-9]/.test(ours + theirs) && zero(ours) === zero(theirs);
}

/** Scientific text whose coefficient rounded up to 1 (then zeros) written as 10 with the exponent one lower. */
function uncarried(text: string): string | undefined {
  const match = /^(-?)(10*)([.,]0+)?(?:E([+-]\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const lower = Number(exponent) - 1;
  return `${sign}${whole}0${fraction}${lower === 0 ? '' : `E${lower < 0 ? '-' : '+'}${Math.abs(lower)}`}`;
}

/**
 * Whether the reference's scientific output with fraction digits is ours for the number rounded
 * first to those fraction digits, a coefficient carried to 10 kept at its exponent and a
 * negative number rounded to zero signed ('scientific rounding').
 */
function roundedBeforeCoefficient(locale: string | undefined, render: Render | undefined, theirs: string) {
  if (!render || !/^\{x\|decimal style:scientific\b[^}]*\b(min|max)frac:/.test(render.source)) return false;
  const { minFrac, maxFrac } = parseDecimalOptions(render.source.slice(1, -1).split(' ').slice(2));
  const x = isObject(render.json) ? render.json.x : undefined;
  const round = / round:\S+/.exec(render.source.slice(0, -1))?.[0] ?? '';
  // A directed mode may round to zero first there too ('directed rounding near zero').
  const rounds = /ceil|floor|up/.test(round) ? [round, ' round:truncate'] : [round];
  return rounds.some((mode) => {
    const pre = renderOurs({ source: `{x|decimal maxfrac:${maxFrac ?? minFrac ?? 0} no-group${mode}}`, json: { x } });
    if (pre === '') return false;
    const ours = renderOurs({ ...render, locale, json: { x: pre } });
    const negativeZero = Number(numberText(x)) < 0 && !/[1-9]/.test(pre);
    const candidates = [ours, uncarried(ours), negativeZero ? `-${ours}` : undefined];
    return candidates.includes(theirs) || (WRITTEN_ZERO.test(ours) && WRITTEN_ZERO.test(theirs));
  });
}

/**
 * Whether a message of one number argument prints nothing here where the reference formats 0,
 * its argument holding no number ('number argument without a number').
 */
function formattedAsZero(locale: string | undefined, render: Render | undefined, ours: string, theirs: string) {
  const msg = isObject(render?.json) ? render.json.msg : undefined;
  if (ours !== '' || render?.source !== '{msg|message n}' || typeof msg !== 'string') return false;
  const kind = /^\{0 (decimal|number|money)\b[^{}]*\}$/.exec(msg)?.[1];
  if (!kind) return false;
  const n = isObject(render.json) ? render.json.n : undefined;
  // A money argument is formatted as zero (an amount of true as one) in its own currency there.
  const amount = isObject(n) && n.decimalValue === true ? '1' : '0';
  const zero = kind !== 'money' ? 0 : isObject(n) ? { ...n, decimalValue: amount } : { decimalValue: amount };
  return theirs === renderOurs({ ...render, locale, json: { msg, n: zero } });
}

/** The zone name in `locale` of `timeZone` at `style` (on a winter day). */
function zoneName(locale: string, timeZone: string, style: Intl.DateTimeFormatOptions['timeZoneName']): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(Date.UTC(2020, 0, 1));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Our render with the UTC zone's names as the reference prints them, Greenwich Mean Time's ('UTC zone names'). */
function withGreenwichNames(locale: string | undefined, render: Render | undefined, ours: string): string {
  const zone = isObject(render?.json) && isObject(render.json.website) ? render.json.website.timeZone : undefined;
  if (locale === undefined || zone !== 'UTC') return ours;
  const long = ours.split(zoneName(locale, 'UTC', 'long')).join(zoneName(locale, 'Europe/London', 'long'));
  return long.split(zoneName(locale, 'UTC', 'short')).join(zoneName(locale, 'UTC', 'shortOffset').replace(/\+0$/, ''));
}

/**
 * Whether an entry above covers the difference between two renders in a locale: the reference's
 * "NaN" focal points (see 'focal point not a number'), its older compact names ('compact names'),
 * its singular currency names of round millions ('currency names for many'), its rounding to zero
 * ('directed rounding near zero'), its names of UTC ('UTC zone names'), its scientific rounding
 * ('scientific rounding'), its zeros ('zero outside the decimal style'), its number arguments
 * formatted as 0 ('number argument without a number'), its empty amounts without a currency
 * ('default currency'), its calendar links ('calendar title beyond ASCII', 'missing instants') and
 * its comment and like markup for no item ('markup without an item').
 */
export function coveredDifference(locale: string | undefined, ours: string, theirs: string, render?: Render): boolean {
  const focal = (html: string) =>
    html.replace(/data-image-focal-point="[^"]*NaN[^"]*"/g, 'data-image-focal-point="0.5,0.5"');
  if (focal(ours) === focal(theirs)) return true;
  if (withGreenwichNames(locale, render, ours) === theirs) return true;
  if (locale === 'fr-FR' && /^-?mille$/.test(ours) && /^-?0*1(,0+)? millier$/.test(theirs)) return true;
  if (MANY_LOCALES.has(locale ?? '') && sameRoundMillion(ours, theirs)) return true;
  if (zeroDigitsOnly(render, ours, theirs) || roundedBeforeCoefficient(locale, render, theirs)) return true;
  if (formattedAsZero(locale, render, ours, theirs)) return true;
  if (inDefaultCurrency(locale, render, ours, theirs)) return true;
  if (calendarLinkCovered(locale, render, ours, theirs)) return true;
  if (markupWithoutItem(render, ours, theirs)) return true;
  return roundedToZero(locale, render, theirs);
}

/** The reference's markup of `comments`, `comment-link` and `like-button`, each on lines of its own. */
const SOCIAL_MARKUP =
  /\n {2}<(?:a|div) [^\n]*(?:\n {2}[^\n]*){0,3}<\/(?:a|div)>\n|\n {2}<span class="sqs-simple-like"[^\n]*(?:\n {2,4}<[^\n]*){3}\n/g;

/**
 * Whether a render of these formatters on a value that is no item prints nothing here where the
 * reference writes its markup with empty fields ('markup without an item').
 */
function markupWithoutItem(render: Render | undefined, ours: string, theirs: string): boolean {
  if (!render || !/\|(?:comments|comment-link|like-button)\}/.test(render.source)) return false;
  const json = isObject(render.json) ? render.json : {};
  if (isObject(json.item ?? json.collection)) return false;
  return theirs.replace(SOCIAL_MARKUP, '') === ours;
}

/** Text with the reference's escape() sequences beyond ASCII (`%E9`, `%u65E5`) as UTF-8 percent-encoding. */
function escapedAsUtf8(text: string): string {
  return text.replace(/(?:%u[\dA-F]{4}|%[89A-F][\dA-F])+/g, (run) =>
    encodeURIComponent(
      run
        .replace(/%u([\dA-F]{4})|%([\dA-F]{2})/g, (_, u: string | undefined, b: string) =>
          String.fromCharCode(parseInt(u ?? b, 16)),
        )
        .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
    ),
  );
}

/**
 * Whether a `google-calendar-url` render differs only in the reference's title escapes beyond
 * ASCII ('calendar title beyond ASCII'), or gives no link here where the reference links to
 * 1970 for a date that is no number ('missing instants').
 */
function calendarLinkCovered(locale: string | undefined, render: Render | undefined, ours: string, theirs: string) {
  if (!render?.source.includes('google-calendar-url')) return false;
  // Only the title is escaped so there; the location is UTF-8 in both.
  theirs = theirs.replace(/(?<=&text=)[^&]*/, escapedAsUtf8);
  if (ours !== '') return theirs === ours;
  const event = isObject(render.json) ? render.json : {};
  const at = (key: string) => (typeof event[key] === 'number' ? event[key] : 0);
  const dated = { ...event, startDate: at('startDate'), endDate: at('endDate') };
  return theirs === renderOurs({ ...render, locale, json: dated });
}

/** `value` with every money object that names no currency given the default one, or undefined when none lacks it. */
function withDefaultCurrency(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(withDefaultCurrency);
    return items.some((item, i) => item !== undefined && item !== value[i])
      ? items.map((item, i) => item ?? value[i])
      : undefined;
  }
  if (!isObject(value)) return undefined;
  if (Object.hasOwn(value, 'decimalValue') && !Object.hasOwn(value, 'currencyCode')) {
    return { ...value, currencyCode: 'USD' };
  }
  let changed: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const filled = withDefaultCurrency(field);
    if (filled !== undefined) (changed ??= { ...value })[key] = filled;
  }
  return changed;
}

/**
 * Whether the reference prints nothing for an amount whose money object names no currency, and
 * we print what the same data in US dollars gives ('default currency').
 */
function inDefaultCurrency(locale: string | undefined, render: Render | undefined, ours: string, theirs: string) {
  if (!render || theirs !== '' || ours === '') return false;
  const filled = withDefaultCurrency(render.json);
  return filled !== undefined && renderOurs({ ...render, locale, json: filled }) === ours;
}

/** Locales whose plural category "many" holds round millions. */
const MANY_LOCALES = new Set(['fr-FR', 'es-ES', 'pt-BR']);

/** The same whole number of millions (no fraction digits) followed by two different names. */
function sameRoundMillion(ours: string, theirs: string): boolean {
  const named = /^(-?\d[\d\s.]*\d)\s(\D+)$/;
  const [, number, name] = named.exec(ours) ?? [];
  const [, theirNumber, theirName] = named.exec(theirs) ?? [];
  if (number === undefined || number !== theirNumber || name === theirName) return false;
  return /^-?[1-9]\d*000000$/.test(number.replace(/[\s.]/g, ''));
}
