/**
 * Generated inputs for the formatters and predicates, rendered by our engine and by the
 * reference engine (@squarespace/template-engine, a dev dependency used for comparison only).
 * Outputs must be identical unless an entry of INTENTIONAL_DIFFERENCES covers the case.
 * `differential.test.ts` runs a bounded number of cases per family; `npm run conformance --
 * --differential[=RUNS]` runs more.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { coveredDifference, stubbedByReference } from './intentional-differences';
import { renderOurs, type Render } from './render-case';
import { readCldrInstant, zonedTime } from './plugins/i18n/zoned-time';
import { DEFAULT_TIME_ZONE } from '../contract/store-context';
import { RECORD_TYPE_PREDICATE_NAMES } from './plugins/content/item';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: {
    code: unknown;
    json: unknown;
    enableExpr: boolean;
    enableInclude: boolean;
    cldr?: unknown;
    now?: number;
  }): {
    ctx: { render(): string };
    errors: unknown[];
  };
}
const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
const reference = new Compiler();

// The reference formats i18n only through a CLDR instance of its own engine, built from its packs.
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (language: string) => string }) => { get(locale: string): unknown };
};
const packs = join(dirname(require.resolve('@phensley/cldr/package.json')), 'packs');
const cldr = new CLDRFramework({ loader: (language) => readFileSync(join(packs, `${language}.json`), 'utf8') });

/** The reference's CLDR instance for a locale (its `cldr` execute option). */
export const referenceCldr = (locale: string): unknown => cldr.get(locale);

export function renderReference({ source, json, locale, now }: Render): string {
  const { code } = reference.parse(source);
  const options = { cldr: cldr.get(locale ?? 'en-US'), ...(now === undefined ? {} : { now }) };
  return reference.execute({ code, json, enableExpr: true, enableInclude: true, ...options }).ctx.render();
}

/** Plain data, as JSON.parse makes it (fast-check may build prototype-less objects). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

/** Missing, wrong-typed and edge values for any field. */
const anyScalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    1,
    -1,
    2,
    1.5,
    '',
    ' ',
    'x',
    '0',
    '1',
    '2',
    '10',
    '1.0',
    ' 4',
    '4e1',
    '.4e1',
    '0x4',
  ),
  fc.constantFrom('<a href="q">T&amp;</a>', 'it\'s "so"', 'Ünïcödé', '1500x983', '100x', 'x100', 'true', 'false'),
  fc.integer({ min: -5, max: 20 }),
  fc.string({ maxLength: 4 }),
);
/**
 * The same without `<`, `>`, `&` and `"`: the reference writes many attribute values unescaped
 * (see 'unescaped attributes' in intentional-differences.ts), so markup families use these.
 */
const attrScalar = anyScalar.filter((v) => typeof v !== 'string' || !/[<>&"]/.test(v));

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyScalar },
  { weight: 1, arbitrary: fc.array(anyScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'x', 'value', 'type'), anyScalar, { maxKeys: 2 }) },
);

/** A record whose listed fields are each present or not, with values from `value`. */
function someFields(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(fields, { requiredKeys: [] });
}

const predicateRender = (name: string, node: fc.Arbitrary<unknown>) =>
  node.map((n): Render => ({ source: `{.section n}{.${name}}Y{.or}N{.end}{.or}E{.end}`, json: plain({ n }) }));

const PROMOTED = [
  'MAP',
  'EMBED',
  'IMAGE',
  'CODE',
  'QUOTE',
  'TWITTER',
  'LINK',
  'VIDEO',
  'FOURSQUARE',
  'INSTAGRAM',
  'FORM',
];
const BACKGROUNDS = ['undefined', 'upload', 'instagram', 'video', 'none'];

const assetUrl = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('/foo/bar.jpg', 'https://images.example.com/a b.png', '/i.jpg?x=1') },
  { weight: 1, arbitrary: attrScalar },
);
const size = fc.oneof(
  fc.constantFrom('1500x983', '100x100', '2500x1', '0x0', '', 'x', '100x', 'axb', ' 10x20 '),
  attrScalar,
);
const variantsList = fc.oneof(
  fc.constantFrom(
    '1500x983,100w,300w,500w,750w,1000w,1500w,2500w',
    '100w,300w',
    '',
    'junk',
    '750w',
    'w',
    '100w,w',
    'w,300w',
    '300w,100w',
    '640w,100w',
    '2500w',
    '100w,,300w',
  ),
  attrScalar,
);
const image = someFields({
  assetUrl,
  originalSize: size,
  mediaFocalPoint: fc.oneof(someFields({ x: attrScalar, y: attrScalar }), attrScalar),
  systemDataVariants: variantsList,
  componentKey: attrScalar,
  altText: attrScalar,
  title: attrScalar,
  body: fc.oneof(fc.constantFrom('<p>A <b>b</b></p>', ''), attrScalar),
  filename: fc.oneof(fc.constantFrom('a.jpg', '', 'b c.png'), attrScalar),
  licensedAssetPreview: fc.oneof(fc.constant({ a: 1 }), attrScalar),
});

/**
 * The records the image predicates read, in the shapes the platform sends: an image record (its
 * own systemDataId, no mainImageId), a post or product naming its main image, and anything else.
 */
const imageRecord = fc.oneof(
  fc.record({ recordType: fc.constant(2), systemDataId: fc.constantFrom('5f1a', ''), assetUrl }),
  someFields({ mainImageId: anyValue, systemDataId: anyValue, mainImage: fc.constant({ assetUrl: '/a.jpg' }) }),
  anyValue,
);

const optionValue = fc.constantFrom('Red', 'Blue', 'S', 'M', 'x y', 1, true, null, '');
const variant = someFields({
  attributes: fc.oneof(fc.dictionary(fc.constantFrom('Color', 'Size', 'fit'), optionValue, { maxKeys: 3 }), attrScalar),
  price: attrScalar,
  onSale: attrScalar,
  qtyInStock: attrScalar,
  unlimited: attrScalar,
});
const product = fc
  .record({
    id: fc.oneof(fc.constant('p1'), attrScalar),
    structuredContent: someFields({
      productType: fc.oneof(fc.constantFrom(1, 2, 3, 4), attrScalar),
      variants: fc.oneof(fc.array(variant, { maxLength: 4 }), attrScalar),
      variantOptionOrdering: fc.oneof(
        fc.array(fc.constantFrom('Color', 'Size', 'fit', ''), { maxLength: 3 }),
        attrScalar,
      ),
      isSubscribable: attrScalar,
    }),
  })
  .map(plain);

const socialItem = someFields({
  systemDataId: attrScalar,
  mainImageId: attrScalar,
  mainImage: fc.oneof(someFields({ assetUrl: attrScalar }), attrScalar),
  assetUrl: attrScalar,
  recordType: attrScalar,
  fullUrl: attrScalar,
  title: attrScalar,
});

/** Names as shop owners write them: apostrophes, curly quotes, accents, CJK, spaces and hyphens. */
const ownerText = fc.oneof(
  fc.constantFrom(
    "Maker's Notes",
    'Maker’s Notes',
    'Zoë O’Brien',
    '“Quoted” tag',
    'Café & Bar',
    '日本語',
    'Ünïcödé tag',
    '  two  spaces ',
    'a-b--c',
    'Tab\tand\nline',
    'x',
    '',
  ),
  fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', '-', "'", '’', 'é', '語', '_', '.', '&'), maxLength: 8 }),
  attrScalar,
);
const termList = fc.oneof(
  { weight: 4, arbitrary: fc.array(ownerText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('0', '1', 'a'), ownerText, { maxKeys: 2 }) },
  { weight: 1, arbitrary: attrScalar },
);
const classedItem = someFields({
  promotedBlockType: fc.oneof(fc.constantFrom('image', 'video', 'Block Type'), ownerText),
  categories: termList,
  tags: termList,
  author: fc.oneof(someFields({ displayName: ownerText }), attrScalar),
  // Written into the class attribute as it is there ('unescaped attributes').
  recordTypeLabel: fc.oneof(
    fc.constantFrom('text', 'image', 'store-item', 'event'),
    ownerText.filter((v) => typeof v !== 'string' || !/[<>&"]/.test(v)),
  ),
  starred: attrScalar,
  recordType: fc.oneof(fc.constantFrom(1, 11, '11'), attrScalar),
  // Stock as the platform sends it; flags written as text are the commerce predicates' own question.
  structuredContent: someFields({
    productType: fc.constantFrom(1, 2, 3),
    variants: fc.array(
      someFields({ onSale: fc.boolean(), unlimited: fc.boolean(), qtyInStock: fc.integer({ min: -1, max: 3 }) }),
      { maxLength: 2 },
    ),
  }),
});

/** Every printable ASCII character, and letters beyond ASCII (accents, CJK, an emoji). */
const ASCII_PUNCTUATION = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const anyTitle = fc.oneof(
  fc.string({ unit: fc.constantFrom(...ASCII_PUNCTUATION, 'a', 'Z', '0'), maxLength: 12 }),
  fc.constant(ASCII_PUNCTUATION),
  fc.string({ unit: fc.constantFrom('a', ' ', 'é', 'Ü', '’', '日', '😀', '+', '('), maxLength: 6 }),
  anyScalar,
);
const calendarEvent = someFields({
  title: anyTitle,
  startDate: fc.integer({ min: 0, max: 2_000_000_000_000 }),
  endDate: fc.integer({ min: 0, max: 2_000_000_000_000 }),
  location: fc.oneof(
    someFields({ addressLine1: anyTitle, addressLine2: anyTitle, addressCountry: anyTitle }),
    anyScalar,
  ),
});

/** The locales the i18n families render in. */
export const I18N_LOCALES = ['en-US', 'fr-FR', 'de-DE', 'ja-JP', 'pl-PL', 'es-ES', 'en-GB', 'pt-BR'] as const;
const locale = fc.constantFrom(...I18N_LOCALES);
const NOW = 1627849845000; // 2021-08-01 16:30:45 in New York

const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 2, 3, 5, 11, 21, 22, 101, 0.5, 1.5, 2.25, -0.125, 12345.678, -1234.5, 1e9 + 0.5),
  fc.constantFrom('1234.5', '-0.001', '0.0', '17.0', ' 3', '1e3', 'abc', '', null, true),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 100),
  fc.integer({ min: -3, max: 1_000_000 }),
);
/** Numbers for `decimal`, large ones too: compact forms of four integer digits and more ("1,235T", "1235万"). */
const decimalNumber = fc.oneof(
  number,
  fc.constantFrom(12_345_678, 1_234_567_890_123, -987_654_321_012_345, 1_234_567_890_123_456),
);
const DECIMAL_STYLES = [
  '',
  ' style:decimal',
  ' style:short',
  ' style:long',
  ' style:percent',
  ' style:percent-scaled',
  ' style:permille',
  ' style:permille-scaled',
  ' style:scientific',
];
const DIGIT_OPTIONS = [
  'maxfrac:0',
  'maxfrac:1',
  'minfrac:2',
  'minint:3',
  'minint:0',
  'minint:30',
  'maxsig:2',
  'minsig:3',
  'grouping:false',
  'no-group',
  'round:floor',
  'round:ceil',
  'round:truncate',
  'round:half-even',
  'mode:significant-maxfrac',
];
const options = (names: readonly string[], max = 3) =>
  fc.uniqueArray(fc.constantFrom(...names), { maxLength: max }).map((o) => o.map((x) => ` ${x}`).join(''));

const CURRENCIES = ['USD', 'EUR', 'JPY', 'GBP', 'PLN', 'CHF', 'SEK', 'BRL', 'KWD', 'CAD'];
const money = fc.oneof(
  { weight: 6, arbitrary: fc.record({ decimalValue: number, currencyCode: fc.constantFrom(...CURRENCIES) }) },
  { weight: 1, arbitrary: fc.record({ value: number, currency: fc.constantFrom(...CURRENCIES) }) },
  { weight: 1, arbitrary: number },
  // No currency named: the spec's default ('default currency' in intentional-differences.ts).
  { weight: 1, arbitrary: fc.record({ decimalValue: number }) },
);
const CURRENCY_OPTIONS = [
  'style:symbol',
  'style:accounting',
  'style:name',
  'style:short',
  'style:code',
  'symbol:narrow',
  'grouping:false',
];
const CURRENCY_DIGITS = [
  '',
  ' maxfrac:0',
  ' minfrac:3',
  ' minsig:3',
  ' maxsig:2',
  ' minfrac:3 maxfrac:1',
  ' maxfrac:1 minfrac:3',
  ' minsig:3 maxsig:2',
  ' minsig:2 maxfrac:0',
  ' round:floor',
  ' round:ceil maxfrac:0',
  ' round:truncate maxfrac:1',
  ' round:half-even maxfrac:0',
  ' round:up minsig:1',
  ' round:down maxsig:1',
  ' round:up',
  ' round:half-up maxfrac:1',
  ' round:half-down maxfrac:0',
];

const DAY = 86_400_000;
const instant = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 60 * 365 }).map((d) => d * DAY + ((d * 7919) % DAY)) },
  { weight: 1, arbitrary: fc.constantFrom(NOW, NOW + 1, '1582571080000', 'x', null, '') },
);
const ZONES = [undefined, 'America/Los_Angeles', 'Europe/Paris', 'Asia/Tokyo', 'UTC'];
const zone = fc.constantFrom(...ZONES);
const website = (timeZone: string | undefined) => (timeZone === undefined ? {} : { website: { timeZone } });

/** i18n families: one render in one of I18N_LOCALES, the reference given that locale's CLDR data. */
const i18n = (render: fc.Arbitrary<Render>) =>
  fc.tuple(render, locale).map(([r, l]): Render => ({ ...r, json: plain(r.json), locale: l, now: NOW }));

const NUMBER_MESSAGES = [
  '{0 decimal}',
  '{0 number maxfrac:1}',
  '{0 decimal style:percent}',
  '{0 decimal style:short}',
  '{0 decimal minsig:3 grouping:false}',
  '{0 money}',
];

const DATE_MESSAGES = ['{0 datetime}', '{0 datetime short}', '{0 datetime date:medium}', '{0 datetime skeleton:yMMMd}'];

const PLURAL_MESSAGES = [
  '{0 plural one{# ONE} other{# OTHER}}',
  '{0 plural one{A} few{F} many{M} other{O}}',
  '{0 plural zero{Z} two{T} other{# O}}',
  '{0 plural =0{none} =1{just one} other{#}}',
  '{0 plural offset:1 one{# more} other{# more}}',
  '{0 plural offset:1 =2{just # of us} other{# more}}',
  '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}',
  '{0 selectordinal other{#.}}',
  'item{0 plural other{s}}',
];
// Plural messages also in locales with more categories, where a missing one falls back to 'other'.
const PLURAL_LOCALES = [...I18N_LOCALES, 'ru-RU', 'ar-EG', 'cs-CZ'];

const DATETIME_OPTIONS = [
  '',
  ' short',
  ' medium',
  ' long',
  ' full',
  ' date:short',
  ' time:medium',
  ' time:full',
  ' date:long time:short',
  ' date:full time:full',
  ' skeleton:yMMMd',
  ' date:yMMMd',
  ' time:hm',
  ' yMMMEd',
  ' Hm',
  ' date:medium skeleton:yMMMd',
  ' date:short skeleton:hm',
  ' medium wrap:full',
  ' date:full context:begin-sentence',
];
const INTERVAL_OPTIONS = [
  '',
  ' yMMM',
  ' yMMMd',
  ' hm',
  ' Hm',
  ' MMMd',
  ' yMd',
  ' skeleton:yMMMEd',
  ' context:begin-sentence',
  ' Ehm',
  ' MMMdhm',
  ' yMMMEdjm',
  ' EEEEhm',
];
/** The year, or the year and month, of an instant in a website zone, as the CLDR date formatters read it. */
function zonedField(value: unknown, timeZone: string | undefined, field: 'year' | 'month'): string | undefined {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const read = readCldrInstant(value, zone);
  if (!read?.ok) return undefined;
  const { year, month } = zonedTime(read.ms, zone);
  return field === 'year' ? String(year) : `${year}-${month}`;
}
const RELATIVE_OPTIONS = [
  'allowWeeks:true',
  'context:begin-sentence',
  'numericOnly:true',
  'width:short',
  'width:narrow',
  'field:year',
  'field:month',
  'field:week',
  'field:day',
  'field:hour',
  'field:minute',
  'field:second',
  'field:bogus',
  'context:bogus',
  'maxfrac:1',
];
/** Spans from NOW for the relative-time family: seconds to years, both ways. */
const span = fc.oneof(
  fc.constantFrom(0, 1, -1, 999, 1000, -1000, 30_000, 59_000, 60_000, 90_000),
  fc.integer({ min: -400, max: 400 }).map((n) => n * 60_000),
  fc.integer({ min: -90, max: 90 }).map((n) => n * 3_600_000),
  fc.integer({ min: -60, max: 60 }).map((n) => n * DAY),
  fc.integer({ min: -30, max: 30 }).map((n) => n * 7 * DAY),
  fc.integer({ min: -1000, max: 1000 }).map((n) => n * 13 * DAY + 3_600_000),
);

const I18N_CASES: Record<string, fc.Arbitrary<Render>> = {
  datetime: i18n(
    fc
      .tuple(instant, fc.constantFrom(...DATETIME_OPTIONS), zone)
      .map(([t, o, z]) => ({ source: `{t|datetime${o}}`, json: { t, ...website(z) } })),
  ),
  'datetime-interval': fc
    .tuple(
      instant,
      fc.oneof(
        instant,
        span.map((d) => NOW + d),
      ),
      fc.constantFrom(...INTERVAL_OPTIONS),
      zone,
      locale,
    )
    // Not past 2037, where the reference zone table ends ('dates after 2037' in intentional-differences.ts).
    .filter(([s, e]) => Math.max(Number(s) || 0, Number(e) || 0) < Date.UTC(2037, 0, 1))
    // Nor a skeleton without the year over different years, nor a month skeleton within one month
    // ('interval greatest difference').
    .filter(([s, e, o, z]) => !/^ MMMd$/.test(o) || zonedField(s, z, 'year') === zonedField(e, z, 'year'))
    .filter(([s, e, o, z]) => o !== ' yMMM' || zonedField(s, z, 'month') !== zonedField(e, z, 'month'))
    .map(([s, e, o, z, l]): Render => ({
      source: `{s,e|datetime-interval${o}}`,
      json: plain({ s, e, ...website(z) }),
      locale: l,
      now: NOW,
    })),
  'relative-time': i18n(
    fc
      .tuple(span, options(RELATIVE_OPTIONS, 3), fc.constantFrom('{t|relative-time$}', '{s,t|relative-time$}'))
      .map(([d, o, source]) => ({ source: source.replace('$', o), json: { t: NOW + d, s: NOW } })),
  ),

  'message plural': fc
    .tuple(fc.constantFrom(...PLURAL_MESSAGES), fc.oneof(number, anyScalar), fc.constantFrom(...PLURAL_LOCALES))
    // Exactly 1 (true reads as 1) with no case for it prints nothing ('no case for 1' in intentional-differences.ts).
    .filter(([msg, n]) => !((String(n) === '1' || n === true) && !/ one\{|=1\{/.test(msg)))
    // Nor an offset of 1 from "0.0" or "1.0" ('offset to zero' in intentional-differences.ts).
    .filter(([msg, n]) => !msg.includes('offset') || !String(n).includes('.') || ![0, 1].includes(Number(n)))
    .map(([msg, n, l]) => ({ source: '{msg|message n}', json: { msg, n }, locale: l, now: NOW })),
  'message select': fc
    .tuple(
      fc.constantFrom(
        '{0 select a{A #} other{O #}}',
        '{0 select 1{one #} true{yes #} x_y{xy #} other{#}}',
        '{0 select a{A {0 plural one{# one} other{# many}}} other{[#]}}',
        '{0 plural one{{0 select 1{#!} other{#?}}} other{{0 select x{#} other{(#)}}}}',
        'before # {0 select x{in #} other{out #}} after #',
      ),
      fc.oneof(
        number,
        anyScalar,
        fc.constantFrom('a', '2.0', 'x'),
        fc.record({ decimalValue: number, currencyCode: fc.constant('EUR') }),
        fc.array(anyScalar, { maxLength: 2 }),
      ),
    )
    // Exactly 1 without a case for it prints nothing ('no case for 1' in intentional-differences.ts).
    .filter(([msg, n]) => {
      const amount = typeof n === 'object' && n !== null && !Array.isArray(n) ? n.decimalValue : n;
      return !msg.startsWith('{0 select a{A {0 plural') || ![1, '1', true].includes(amount as never);
    })
    .map(([msg, n]) => ({ source: '{msg|message n}', json: plain({ msg, n }), locale: 'en-US', now: NOW })),
  decimal: i18n(
    fc
      .tuple(decimalNumber, fc.constantFrom(...DECIMAL_STYLES), options(DIGIT_OPTIONS))
      // The reference ignores mode:significant-maxfrac and so its fraction digits ('significant-maxfrac' in intentional-differences.ts).
      .filter(([, , o]) => !o.includes('mode:significant-maxfrac') || !/frac:/.test(o))
      .map(([x, style, o]) => ({ source: `{x|decimal${style}${o}}`, json: { x } })),
  ),
  'money currency': i18n(
    fc
      .tuple(
        money,
        options(CURRENCY_OPTIONS),
        fc.constantFrom(...CURRENCY_DIGITS),
        fc.constantFrom('money', 'currency'),
      )
      .map(([x, o, digits, name]) => ({ source: `{x|${name}${o}${digits}}`, json: { x } })),
  ),
  'message with numbers': i18n(
    fc
      .tuple(
        fc.constantFrom(...NUMBER_MESSAGES),
        fc.oneof(
          number,
          anyScalar,
          fc.record({ decimalValue: number, currencyCode: fc.constant('EUR') }),
          fc.record({ decimalValue: number }),
        ),
      )
      .map(([msg, n]) => ({ source: '{msg|message n}', json: { msg, n } })),
  ),
  'message with dates': i18n(
    fc
      .tuple(fc.constantFrom(...DATE_MESSAGES), fc.oneof(instant, fc.constantFrom(true, false, [5], {})), zone)
      .map(([msg, t, z]) => ({ source: '{msg|message t}', json: { msg, t, ...website(z) } })),
  ),
};

/** The families compared, each a generator of renders. */
export const DIFFERENTIAL_CASES: Readonly<Record<string, fc.Arbitrary<Render>>> = {
  'collection-page?': predicateRender(
    'collection-page?',
    someFields({
      collection: fc.oneof(someFields({ type: fc.oneof(fc.constantFrom(10, '10', '10.0'), anyScalar) }), anyScalar),
    }),
  ),
  'index?': predicateRender(
    'index?',
    someFields({
      collection: fc.oneof(
        someFields({ folder: anyScalar, folderBehavior: fc.oneof(fc.constant(1), anyScalar) }),
        anyScalar,
      ),
    }),
  ),
  'main-image? child-images?': fc.oneof(
    predicateRender('main-image?', imageRecord),
    predicateRender(
      'child-images?',
      imageRecord.map((record) => ({ items: [record, { mainImageId: 'second' }] })),
    ),
  ),
  'external-link?': predicateRender(
    'external-link?',
    someFields({
      externalLink: fc.oneof(
        someFields({ url: fc.constantFrom('https://example.com/x', ''), title: fc.constantFrom('Shop', '') }),
        fc.constantFrom('https://example.com/x', '/shop', ''),
        anyValue,
      ),
    }),
  ),
  'record-type predicates': fc
    .tuple(
      fc.constantFrom(...RECORD_TYPE_PREDICATE_NAMES.map(([name]) => name), 'external-video?'),
      someFields({
        recordType: fc.oneof(
          fc.constantFrom(1, 2, 4, 5, 8, 11, 12, 14, -1, 0, 99),
          fc.constantFrom('2', '2.0', ' 8', '8abc', '1e1', '0x2', '', 'x'),
          anyScalar,
        ),
        promotedBlockType: fc.oneof(
          fc.constantFrom('video', 'image', 'quote', 'link', 'gallery', 'map', 'Video'),
          anyScalar,
        ),
      }),
    )
    .map(([name, node]) => ({ source: `{.section n}{.${name}}Y{.or}N{.end}{.or}E{.end}`, json: plain({ n: node }) })),
  'promoted*?': fc
    .tuple(
      fc.constantFrom(...PROMOTED),
      fc.oneof(fc.constantFrom(...PROMOTED.map((p) => p.toLowerCase()), 'Map', 'VIDEO'), anyScalar),
    )
    .map(([name, type]) => ({ source: `{.promoted${name}?}Y{.or}N{.end}`, json: plain({ promotedBlockType: type }) })),
  'background-source-*?': fc
    .tuple(fc.constantFrom(...BACKGROUNDS), fc.oneof(fc.constantFrom(-1, 1, 2, 3, 4, '4', '-1', '3.0'), anyScalar))
    .map(([name, source]) => ({
      source: `{.background-source-${name}?}Y{.or}N{.end}`,
      json: plain({ backgroundSource: source }),
    })),
  'debug?': fc
    .tuple(anyValue, fc.constantFrom('', ' a', ' a b', ' 1'))
    .map(([a, args]) => ({ source: `{.debug?${args}}Y{.or}N{.end}`, json: plain({ a, debug: a }) })),
  'plural? singular? round mod': fc
    .tuple(anyValue, fc.constantFrom('{.plural?}P{.or}p{.end}', '{.singular?}S{.or}s{.end}', '{@|round}', '{@|mod 3}'))
    .map(([n, body]) => ({ source: `{.section n}${body}{.or}-{.end}`, json: plain({ n }) })),
  'social-button social-button-inline': fc
    .tuple(
      fc.oneof(socialItem, attrScalar),
      fc.oneof(someFields({ shareButtonOptions: anyValue }), attrScalar),
      fc.constantFrom('social-button', 'social-button-inline'),
    )
    .map(([item, website, name]) => ({ source: `{item|${name}}`, json: plain({ item, website }) })),
  datetimefield: fc
    .tuple(anyValue, fc.constantFrom('', ' year', ' month:long', ' hour minute'))
    .map(([t, args]) => ({ source: `{t|datetimefield${args}}|{t|datetimefield${args}|json}`, json: plain({ t }) })),
  'cart-subtotal': anyValue.map((v) => ({ source: '{@|cart-subtotal}', json: plain(v) })),
  'legacy money (no amount)': fc
    .tuple(anyValue, fc.constantFrom('money-format', 'moneyFormat', 'money-string', 'i18n-money-format', 'unit'))
    .map(([x, name]) => ({ source: `{x|${name}}`, json: plain({ x }) })),
  'image-srcset image-meta image': fc
    .tuple(
      fc.oneof({ weight: 5, arbitrary: image }, { weight: 1, arbitrary: attrScalar }),
      fc.constantFrom('image-srcset', 'image-srcset 1', 'image-meta', 'image', 'image my-class', 'cover-image-meta'),
    )
    .map(([img, f]) => ({
      source: f === 'cover-image-meta' ? '{@|cover-image-meta}' : `{img|${f}}`,
      json: plain({ img, coverImage: img }),
    })),
  'child-image-meta': fc
    .tuple(fc.array(image, { maxLength: 3 }), fc.constantFrom('', ' 0', ' 1', ' 2', ' -1', ' x'))
    .map(([items, arg]) => ({ source: `{@|child-image-meta${arg}}`, json: plain({ items }) })),
  'variants-select': product.map((item) => ({ source: '{item|variants-select}', json: { item } })),
  'like-button comments comment-link': fc
    .tuple(
      fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: attrScalar },
        { weight: 1, arbitrary: fc.array(attrScalar, { maxLength: 2 }) },
      ),
      someFields({
        id: fc.oneof(fc.constant('5f1a'), attrScalar),
        fullUrl: fc.oneof(fc.constant('/journal/post'), attrScalar),
        publicCommentCount: fc.oneof(fc.constantFrom(0, 1, 2, 20), attrScalar),
        commentState: fc.oneof(fc.constantFrom(1, 2), attrScalar),
        likeCount: fc.oneof(fc.constantFrom(0, 18), attrScalar),
      }),
      someFields({
        simpleLikingEnabled: fc.oneof(fc.boolean(), attrScalar),
        disqusShortname: fc.oneof(fc.constantFrom('shop', ''), attrScalar),
        commentsEnabled: fc.oneof(fc.boolean(), attrScalar),
      }),
      fc.constantFrom(
        '<p>{item|like-button}</p>',
        '<p>{item|comments}</p>',
        '<p>{collection|comments}</p>',
        '<p>{item|comment-link}</p>',
        '{.section item}<p>{@|comment-link}{@|like-button}</p>{.end}',
      ),
    )
    // Now and then the value is no item: text, a number, a list.
    .map(([other, fields, websiteSettings, source]) => {
      const item = other === undefined ? fields : other;
      return {
        source,
        json: plain(source.includes('collection') ? { collection: item, websiteSettings } : { item, websiteSettings }),
      };
    }),
  'google-calendar-url': calendarEvent.map((event) => ({ source: '{@|google-calendar-url}', json: plain(event) })),
  'item-classes': fc
    .tuple(
      fc.array(classedItem, { minLength: 1, maxLength: 2 }),
      classedItem,
      fc.constantFrom(
        '{.repeated section items}{@|item-classes};{.end}',
        '{.section items.0}{@|item-classes}{.end}',
        '{items.0|item-classes}',
      ),
    )
    // The page around the items may hold fields of the same names: they are looked up from the item outwards.
    .map(([items, page, source]) => ({ source, json: plain({ ...page, items }) })),

  'missing formatter or predicate': fc
    .tuple(
      fc.constantFrom('{a|no-such}', '{a|html|no-such|json}', '{.no-such?}Y{.or}N{.end}', '{a|no-such x y}'),
      anyValue,
    )
    .map(([source, a]) => ({ source, json: plain({ a }) })),
  ...I18N_CASES,
};

export interface DifferentialResult {
  name: string;
  runs: number;
  /** The first render where the outputs differ, with both outputs. */
  failure?: string;
}

/** Runs each family `runs` times (a fixed seed unless FUZZ_SEED=random) and reports the first difference. */
export function runDifferential(runs: number, seed: number | undefined = 20261201): DifferentialResult[] {
  return Object.entries(DIFFERENTIAL_CASES).map(([name, arbitrary]) => {
    let compared = 0;
    const details = fc.check(
      fc.property(arbitrary, (render) => {
        if (stubbedByReference(render.source, render.json)) return true;
        compared++;
        const ours = renderOurs(render);
        const theirs = renderReference(render);
        return ours === theirs || coveredDifference(render.locale, ours, theirs, render);
      }),
      { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
    );
    const example = details.counterexample?.[0];
    return {
      name,
      runs: compared,
      ...(example
        ? {
            failure: `${JSON.stringify(example)}\n    ours:      ${JSON.stringify(renderOurs(example))}\n    reference: ${JSON.stringify(renderReference(example))}`,
          }
        : {}),
    };
  });
}
