import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance';
import { execute } from '../index';
import { SHARED_RESOURCES as VECTORS, skipSharedVectors } from '../../testing/shared-vectors';
import { pluralCategories } from './i18n/number-text';

/** Output of a template against `data`, failing the test on any render error. */
function render(template: string, data: unknown, locale?: string): string {
  const { output, errors } = execute(template, data, locale === undefined ? {} : { locale });
  expect(errors).toEqual([]);
  return output;
}

describe('decimal', () => {
  it('formats numbers and numeric strings in the render locale', () => {
    expect(render('{@|decimal}', 1234.5678)).toBe('1,234.568');
    expect(render('{@|decimal}', '1234.5678', 'de-DE')).toBe('1.234,568');
    expect(render('{@|decimal no-group maxfrac:1}', '12345.67')).toBe('12345.7');
    expect(render('{@|decimal style:short}', '12345.67')).toBe('12K');
    expect(render('{@|decimal minfrac:2}', 3)).toBe('3.00');
  });

  it('shows significant digits in every style as the platform defaults them', () => {
    expect(render('{@|decimal style:short minsig:3}', 35368.56)).toBe('35.4K');
    expect(render('{@|decimal style:short minsig:3}', 1613.42)).toBe('1.61K');
    expect(render('{@|decimal style:long maxsig:2}', 2)).toBe('2');
    expect(render('{@|decimal style:short maxsig:2}', 0.01)).toBe('0.01');
    expect(render('{@|decimal style:scientific minsig:3}', 782.93)).toBe('7.83E+2');
    expect(render('{@|decimal style:scientific maxsig:2}', 1)).toBe('1');
    expect(render('{@|decimal style:scientific maxsig:2}', 1.25)).toBe('1.2');
    expect(render('{@|decimal style:percent maxsig:2}', 0.1234)).toBe('12%');
  });

  it('gives the scientific coefficient minint integer digits, lowering the exponent', () => {
    expect(render('{@|decimal style:scientific minint:3}', 0.5)).toBe('500E-3');
    expect(render('{@|decimal style:scientific minint:3}', 12345.678)).toBe('100E+2');
    expect(render('{@|decimal style:scientific minsig:3 minint:3}', '-0.001', 'pl-PL')).toBe('-100E-5');
  });

  it('keeps the defaults for a mode without the digit counts it names', () => {
    expect(render('{@|decimal mode:significant}', 1.23456)).toBe('1.235');
    expect(render('{@|decimal style:short mode:significant-maxfrac}', 640535)).toBe('641K');
  });

  it('clamps digit counts to 0..50 instead of failing', () => {
    expect(render('{@|decimal minfrac:999}', 1.5)).toBe(`1.5${'0'.repeat(49)}`);
    expect(render('{@|decimal maxfrac:-4}', 1.5)).toBe('2');
    expect(render('{@|decimal minsig:90 maxsig:3}', 1.5)).toBe(`1.5${'0'.repeat(48)}`);
  });

  // Node 20's Intl stops at 20 fraction and 21 significant digits; the spec's 0..50 holds.
  it('shows up to 50 fraction digits, rounded and in the locale', () => {
    const long = '0.123456789012345678901234567890123';
    expect(render('{@|decimal maxfrac:30}', long)).toBe('0.12345678901234567890123456789');
    expect(render('{@|decimal maxfrac:50 minfrac:50}', '1')).toBe(`1.${'0'.repeat(50)}`);
    expect(render('{@|decimal minfrac:25}', '-1234567.5', 'de-DE')).toBe(`-1.234.567,5${'0'.repeat(24)}`);
    expect(render('{@|decimal minfrac:22}', '12', 'ar-EG')).toBe(`١٢٫${'٠'.repeat(22)}`);
    expect(render('{@|decimal maxfrac:25}', `0.${'9'.repeat(28)}`)).toBe('1');
    expect(render('{@|decimal maxfrac:22 round:floor}', '-0.00000000000000000000015')).toBe(`-0.${'0'.repeat(21)}2`);
  });

  it('shows up to 50 significant digits, as the fraction digits they mean for the value', () => {
    const pi = '3.14159265358979323846264338327950288';
    expect(render('{@|decimal maxsig:30}', pi)).toBe('3.14159265358979323846264338328');
    expect(render('{@|decimal minsig:25}', '0.5')).toBe(`0.5${'0'.repeat(24)}`);
    expect(render('{@|decimal maxsig:25}', `9.${'9'.repeat(30)}`)).toBe('10');
    // A longer integer is rounded at its 30th digit, not at Intl's 21st.
    expect(render('{@|decimal maxsig:30}', '123456789012345678901234567890123')).toBe(
      '123,456,789,012,345,678,901,234,567,890,000',
    );
    // Styles other than plain decimals keep Intl's limits.
    expect(render('{@|decimal style:percent maxfrac:30}', '0.5')).toBe('50%');
  });

  it('never throws, whatever the digit options', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.stringMatching(/^-?\d{0,40}\.?\d{0,40}$/)),
        fc.array(
          fc.tuple(
            fc.constantFrom('minfrac', 'maxfrac', 'minsig', 'maxsig', 'minint'),
            fc.integer({ min: -5, max: 60 }),
          ),
          {
            maxLength: 3,
          },
        ),
        fc.constantFrom('', ' style:permille', ' mode:significant', ' mode:significant-maxfrac', ' round:ceil'),
        (n, digits, extra) => {
          const args = digits.map(([k, v]) => ` ${k}:${v}`).join('') + extra;
          const { output, errors } = execute(`{@|decimal${args}}`, n);
          expect(errors).toEqual([]);
          expect(typeof output).toBe('string');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('groups compact numbers as the locale groups plain ones', () => {
    expect(render('{x|decimal style:short}', { x: 1_234_567_890_123_456 })).toBe('1,235T');
    expect(render('{x|decimal style:short}', { x: 12_345_678 }, 'ja-JP')).toBe('1,235万');
    // Spanish groups from five digits on, compact numbers too.
    expect(render('{x|decimal style:short}', { x: 1_234_567_890_123_456 }, 'es-ES')).toBe('1235\u00a0B');
  });

  it('writes no integer digit before a fraction at minint:0, and up to 50 integer digits', () => {
    expect(render('{x|decimal minint:0}', { x: 0.5 })).toBe('.5');
    expect(render('{x|decimal minint:0}', { x: -0.5 }, 'de-DE')).toBe('-,5');
    expect(render('{x|decimal minint:0 minfrac:1}', { x: 0 })).toBe('0.0');
    expect(render('{x|decimal minint:30}', { x: 1 })).toBe(`${'000,'.repeat(9)}001`);
    expect(render('{x|decimal minint:60 no-group}', { x: 7 })).toBe(`${'0'.repeat(49)}7`);
    expect(render('{x|decimal style:scientific minint:30}', { x: 0.01 })).toBe(`1${'0'.repeat(29)}E-31`);
  });

  it('prints nothing for what is not a number', () => {
    for (const data of [null, true, {}, [], 'abc', '1,000', 'NaN', 'Infinity', '1e99999'])
      expect(render('{@|decimal}', data)).toBe('');
  });
});

describe('message', () => {
  it('takes positional and named arguments; a named one keeps its position too', () => {
    expect(render('{m|message a b=c}', { m: '{0}-{b}-{zz}-{1}', a: 'A', c: 3 })).toBe('A-3--3');
    expect(render('{m|message n=a b}', { m: '{n} {1}', a: 'Bob', b: 'here' })).toBe('Bob here');
  });

  it('gives a date-time interval without date fields the month and day when the days differ', () => {
    const json = { m: '{0;1 datetime-interval EEE}', s: 1582663910000, e: 1583763910000 };
    expect(render('{m|message s e}', json)).toBe('Tue, 2/25 – Mon, 3/9');
  });

  it('picks plural cases from the number as written, in the locale', () => {
    const m = '{0 plural one{# one} few{# few} many{# many} other{# other}}';
    expect(render('{m|message n}', { m, n: '1' })).toBe('1 one');
    expect(render('{m|message n}', { m, n: '1.0' })).toBe('1.0 other');
    expect(render('{m|message n}', { m, n: 22 }, 'pl-PL')).toBe('22 few');
    expect(render('{m|message n}', { m, n: 25 }, 'pl-PL')).toBe('25 many');
    expect(render('{m|message n}', { m: '{0 plural =0{none} one{#} other{#}}', n: 0 })).toBe('none');
    expect(render('{m|message n}', { m: '{0 plural offset:1 one{# more} other{# more}}', n: 3 })).toBe('2 more');
  });

  it('reads a date argument as the platform does: null as 0, true as 1, text up to its first non-digit', () => {
    const m = '{0 datetime short}';
    for (const t of [null, true, false, [5], {}, '0x10'])
      expect(render('{m|message t}', { m, t })).toBe('12/31/69, 7:00\u202fPM');
    expect(render('{m|message t}', { m, t: '1582571080000.5x' })).toBe('2/24/20, 2:04\u202fPM');
    for (const t of ['', 'x']) expect(render('{m|message t}', { m, t })).toBe('');
    expect(render('{m|message missing}', { m })).toBe('');
  });

  it('reads a plural value that is no number as 0, true as 1 and a money object as its amount', () => {
    const m = '{0 plural =0{none} one{# one} other{# other}}';
    for (const n of [null, '', 'abc', ' 3', false, [2], {}]) expect(render('{m|plural n}', { m, n })).toBe('none');
    expect(render('{m|plural n}', { m, n: true })).toBe('1 one');
    expect(render('{m|plural n}', { m, n: { decimalValue: '2.50' } })).toBe('2.50 other');
    expect(render('{m|plural n}', { m: '{0 plural offset:1 other{#}}', n: 'abc' })).toBe('-1');
    expect(render('{m|plural n}', { m: '{0 selectordinal other{#.}}', n: '.4' })).toBe('0.4.');
  });

  it('falls back to other for a category the message has no case for, in every locale', () => {
    const m = '{0 plural one{# ONE} other{# OTHER}}';
    // locale: the number and what it prints, for each number
    const cases: Record<string, [number, string][]> = {
      'pl-PL': [
        [0, '0 OTHER'],
        [1, '1 ONE'],
        [2, '2 OTHER'],
        [5, '5 OTHER'],
        [1.5, '1.5 OTHER'],
      ],
      'ru-RU': [
        [0, '0 OTHER'],
        [21, '21 ONE'],
      ],
      'ar-EG': [
        [0, '0 OTHER'],
        [2, '2 OTHER'],
      ],
      'cs-CZ': [[1.5, '1.5 OTHER']],
      'fr-FR': [
        [0, '0 ONE'],
        [1.5, '1.5 ONE'],
      ],
    };
    for (const [locale, numbers] of Object.entries(cases)) {
      for (const [n, out] of numbers) expect(render('{m|message n}', { m, n }, locale)).toBe(out);
    }
    expect(render('{m|message n}', { m: '{0 plural zero{Z} other{O}}', n: 0 }, 'pl-PL')).toBe('O');
    expect(render('{m|message n}', { m: '{0 selectordinal one{#st} other{#th}}', n: 2 })).toBe('2th');
    // Exactly 1 with no case for it prints nothing (vector i18n/f-message-plural-en-US).
    expect(render('{m|message n}', { m: 'item{0 plural other{s}}', n: 1 })).toBe('item');
    expect(render('{m|message n}', { m: 'item{0 plural other{s}}', n: 21 }, 'ru-RU')).toBe('items');
  });

  it('prints # as the number in plain digits', () => {
    const m = '{0 plural one{# one} other{# other}}';
    expect(render('{m|message n}', { m, n: '1e3' })).toBe('1000 other');
    expect(render('{m|message n}', { m, n: 1e21 })).toBe('1000000000000000000000 other');
    expect(render('{m|message n}', { m, n: '1.50' })).toBe('1.50 other');
    expect(render('{m|message n}', { m, n: -3 })).toBe('-3 other');
  });

  // The platform spec, section 5, says the parser "rejects invalid plural keys for a locale"; read as "keys
  // Intl's categories for the locale lack" it would turn three vectors into errors:
  // f-message-plural-1, i18n/f-message-plural-en-US and i18n/f-message-plural-pl-PL use zero,
  // two, few and many in en-US and zero and two in pl-PL, and expect output. So the keys are
  // checked against CLDR's categories (any locale's), as the platform's own parser does.
  it('accepts every CLDR category as a key, even one the locale never selects (the plural vectors)', () => {
    const m = '{0 plural zero{# ZERO} one{# ONE} two{# TWO} few{# FEW} many{# MANY} other{# OTHER}}';
    expect(pluralCategories('en-US')).toEqual(['one', 'other']);
    expect(render('{m|message n}', { m, n: 2 })).toBe('2 OTHER');
    expect(render('{m|message n}', { m, n: 1 })).toBe('1 ONE');
    expect(pluralCategories('pl-PL')).not.toContain('zero');
    expect(render('{m|message n}', { m, n: 0 }, 'pl-PL')).toBe('0 MANY');
    expect(render('{m|message n}', { m, n: 22 }, 'pl-PL')).toBe('22 FEW');
    const ordinal = '{0 selectordinal zero{Z} many{M} other{#.}}';
    expect(pluralCategories('en-US', 'ordinal')).not.toContain('zero');
    expect(render('{m|message n}', { m: ordinal, n: 4 })).toBe('4.');
  });

  it('rejects keys that are no CLDR category, as error text', () => {
    for (const key of ['bogus', 'One', 'other2', '=x', 'few-many'])
      expect(render('{m|message n}', { m: `{0 plural ${key}{x} other{y}}`, n: 1 })).toMatch(
        new RegExp(`^Message error: Invalid plural key '${key.replace(/[-=]/g, '\\$&')}' at offset \\d+$`),
      );
    expect(render('{m|message n}', { m: '{0 selectordinal first{x} other{y}}', n: 1 })).toMatch(
      /^Message error: Invalid selectordinal key 'first'/,
    );
  });

  it('writes a range of weekday and time over different days as its two instants, in the skeleton alone', () => {
    const [s, e] = [Date.UTC(2021, 7, 3, 19, 51), Date.UTC(2021, 7, 9, 14, 25)];
    for (const m of ['{0;1 datetime-interval Ehm}', '{0;1 datetime-interval skeleton:Ehm}'])
      expect(render('{m|message s e}', { m, s, e })).toBe('Tue, 3:51 PM – Mon, 10:25 AM');
    // One day: the weekday once, beside the range of times.
    const sameDay = { m: '{0;1 datetime-interval Ehm}', s, e: s + 8_400_000 };
    expect(render('{m|message s e}', sameDay)).toBe('Tue, 3:51 – 6:11 PM');
    expect(render('{m|message s e}', { ...sameDay, m: '{0;1 datetime-interval EEEEhm}' })).toBe(
      'Tuesday, 3:51 – 6:11 PM',
    );
  });

  it('prints # in a select case as the argument the select read, as written', () => {
    const m = '{0 select a{A #} other{O #}}';
    expect(
      ['a', '0.0', 5, true, null, { decimalValue: '3.50' }, [1]].map((n) => render('{m|message n}', { m, n })),
    ).toEqual(['A a', 'O 0.0', 'O 5', 'O true', 'O ', 'O 3.50', 'O ']);
    // The innermost case's argument; outside every case `#` is text.
    const nested = '# {0 plural other{{0 select x{#} other{[#]}}}} #';
    expect(render('{m|message n}', { m: nested, n: '2.0' })).toBe('# [2.0] #');
  });

  it('prints # in an exact plural case before the offset is taken', () => {
    const m = '{0 plural offset:1 =2{exact #} other{other #}}';
    expect(render('{m|message n}', { m, n: '2.0' })).toBe('exact 2.0');
    expect(render('{m|message n}', { m, n: 5 })).toBe('other 4');
  });

  it('takes ICU identifiers as select keys, as error text otherwise', () => {
    expect(render('{m|message n}', { m: '{0 select é_1{yes} other{no}}', n: 'é_1' })).toBe('yes');
    for (const key of ['2.0', 'a-b', 'a#'])
      expect(render('{m|message n}', { m: `{0 select ${key}{x} other{y}}`, n: key })).toMatch(
        /^Message error: Invalid select key/,
      );
  });

  it('selects, ordinals and quoting', () => {
    const m = "{0 select a{is A} other{isn''t A}} '{0}' {1 selectordinal one{#st} two{#nd} few{#rd} other{#th}}";
    expect(render('{m|message x n}', { m, x: 'a', n: 22 })).toBe('is A {0} 22nd');
    expect(render('{m|message x n}', { m, x: 'b', n: 13 })).toBe("isn't A {0} 13th");
  });

  it('formats numbers and money arguments', () => {
    const m = '{0 decimal maxfrac:1} {1 money style:code}';
    expect(render('{m|message n p}', { m, n: '1234.56', p: { value: '5', currency: 'EUR' } }, 'de-DE')).toBe(
      '1.234,6 5,00 EUR',
    );
  });

  it('returns syntax errors as text', () => {
    expect(render('{m|message n}', { m: '{0 plural one{x}}', n: 1 })).toMatch(/^Message error: .*'other'/);
    expect(render('{m|message n}', { m: '{0 select a{x}}', n: 1 })).toMatch(/^Message error: .*'other'/);
    expect(render('{m|message n}', { m: '{0 plural bogus{x} other{y}}', n: 1 })).toMatch(/^Message error: .*'bogus'/);
    expect(render('{m|message n}', { m: 'a {0', n: 1 })).toMatch(/^Message error: Unclosed/);
    expect(render('{m|message n}', { m: 'a } b', n: 1 })).toMatch(/^Message error: Unmatched/);
    expect(render('{m|message n}', { m: '{'.repeat(200), n: 1 })).toMatch(/^Message error/);
  });

  it('prints nothing for a message that is not text', () => {
    for (const m of [null, 1, {}, []]) expect(render('{m|message}', { m })).toBe('');
  });

  it('never throws, whatever the message and arguments', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[{}#'a-z0-9 :;=.]{0,40}$/),
        fc.anything(),
        fc.constantFrom('en-US', 'pl-PL', 'ja', 'xx', ''),
        (m, a, locale) => {
          const { output } = execute('{m|message a}', { m, a }, { locale });
          expect(typeof output).toBe('string');
        },
      ),
    );
  });
});

describe('plural', () => {
  it('is message under another name', () => {
    expect(render('{m|plural n}', { m: 'The {0 selectordinal one{#st} other{#th}}', n: 1 })).toBe('The 1st');
  });
});

describe.skipIf(skipSharedVectors)('shared vectors', () => {
  let results: ReturnType<typeof runConformance> = [];
  beforeAll(() => {
    results = runConformance([VECTORS]);
  });

  it('pairs every units template with its outputs', () => {
    const pairs = results.filter((r) => /units[\\/][a-z]+-out-[A-Za-z-]+\.html$/.test(r.file));
    expect(pairs).toHaveLength(20);
  });

  it('passes every i18n and date-time vector', () => {
    const ours = results.filter((r) => r.area === 'i18n' || r.area === 'date-time');
    expect(ours).toHaveLength(81);
    expect(ours.filter((r) => r.outcome !== 'pass')).toEqual([]);
  });
});
