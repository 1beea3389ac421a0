import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute } from '../index';
import { GENERATED_FILE, generatedSource } from './i18n/cldr-units.generate';
import { CLDR_UNITS_RELEASE } from './i18n/cldr-units.generated';
import { parseRational, toDecimalText } from './i18n/rational';
import { UNITS, unitName } from './i18n/unit-table';

function render(template: string, data: unknown, locale?: string): string {
  const { output, errors } = execute(template, data, locale === undefined ? {} : { locale });
  expect(errors).toEqual([]);
  return output;
}

describe('unit', () => {
  it('converts exactly between units of one category', () => {
    expect(render('{n|unit in:inch out:centimeter}', { n: 1 })).toBe('2.5cm');
    expect(render('{n|unit in:mile out:foot format:long group}', { n: '1' })).toBe('5,280 feet');
    expect(render('{n|unit in:fahrenheit out:celsius maxfrac:3}', { n: 212 })).toBe('100°C');
    expect(render('{n|unit in:liter-per-100kilometers out:mile-per-gallon}', { n: 10 })).toBe('23.5mpg');
  });

  it("takes its default units from the locale's measurement system", () => {
    expect(render('{n|unit in:kilometer}', { n: 10 })).toBe('6.2mi');
    expect(render('{n|unit in:kilometer}', { n: 10 }, 'fr-FR')).toBe('10km');
    expect(render('{n|unit in:celsius format:long}', { n: 100 }, 'de-DE')).toBe('100 Grad Celsius');
    expect(render('{.units-metric?}metric{.or}us{.end}', {}, 'de-DE')).toBe('metric');
    expect(render('{.units-metric? length}metric{.or}us{.end}', {}, 'en-US')).toBe('us');
  });

  it('formats sequences, dropping zero parts and signing only the first', () => {
    expect(render('{n|unit in:second sequence:hour,minute,second format:long}', { n: 3600 })).toBe('1 hour');
    expect(render('{n|unit in:inch sequence:foot,inch}', { n: -14 })).toBe('-1′ 2″');
  });

  it('prints nothing for unknown units, unreadable amounts and divisions by zero', () => {
    expect(render('{n|unit in:furlongs-per-fortnight}', { n: 1 })).toBe('');
    // What is no number is given back as it is, as the reference does.
    expect(render('{n|unit in:inch}', { n: 'twelve' })).toBe('twelve');
    expect(render('{n|unit in:mile-per-gallon out:liter-per-100kilometers}', { n: 0 })).toBe('');
    expect(render('{n|unit out:}', { n: 1 })).toBe('');
  });

  it('clamps digit counts', () => {
    expect(render('{n|unit in:meter out:meter maxfrac:500}', { n: '0.5' })).toBe('0.5m');
    expect(render('{n|unit in:meter out:meter minfrac:500}', { n: '0.5' })).toBe(`0.5${'0'.repeat(19)}m`);
  });

  it('has a readable factor and offset for every unit', () => {
    for (const [name, unit] of UNITS) {
      expect(parseRational(unit.factor), name).toBeDefined();
      if (unit.offset !== undefined) expect(parseRational(unit.offset), name).toBeDefined();
    }
    expect(render('{n|unit in:revolution out:radian maxfrac:4}', { n: 1 })).toBe('6.2832rad');
  });

  it('reads unit names in the plural', () => {
    expect(unitName('Kilograms')).toBe('kilogram');
    expect(unitName('liters-per-kilometer')).toBe('liter-per-kilometer');
    expect(unitName('amps')).toBe('ampere');
    expect(unitName('parsnips')).toBeUndefined();
  });

  it('never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.string(), fc.constantFrom('1e-9999', '1e9999', '-0', '.5', '9'.repeat(400))),
        fc.constantFrom(
          'in:byte',
          'in:celsius out:kelvin',
          'in:mile-per-gallon',
          'out:gigabit',
          'in:x',
          'compact:zzz in:day',
        ),
        fc.constantFrom('', 'format:long', 'sequence:hour,minute', 'group maxfrac:99', 'minfrac:-3'),
        fc.constantFrom('en-US', 'fr-FR', 'ja', 'qq'),
        (n, a, b, locale) => {
          expect(typeof execute(`{n|unit ${a} ${b}}`, { n }, { locale }).output).toBe('string');
        },
      ),
    );
  });
});

describe('unit labels of CLDR 29', () => {
  const NBSP = '\u00a0';

  it('labels units in the CLDR 29 patterns of the table locales, French numbers grouped with U+00A0', () => {
    expect(render('{n|unit in:megabyte out:megabyte}', { n: 4 }, 'fr-FR')).toBe('4 Mo');
    expect(render('{n|unit in:cubic-kilometer out:cubic-kilometer format:long}', { n: 6.4 }, 'fr-FR')).toBe(
      '6,4 kilomètres cubes',
    );
    expect(render('{n|unit in:kilometer-per-hour out:kilometer-per-hour group}', { n: 13063680 }, 'fr')).toBe(
      `13${NBSP}063${NBSP}680km/h`,
    );
    expect(render('{n|unit in:byte out:byte}', { n: 4194304 }, 'en-US')).toBe('4194304byte');
    expect(render('{n|unit in:second sequence:year,month,day format:short}', { n: 1220703125 }, 'fr-FR')).toBe(
      '38 ans 8 m 5,8 j',
    );
  });

  it("picks the pattern of the number's plural category, as shown", () => {
    const bytes = (n: unknown, locale: string, digits = '') =>
      render(`{n|unit in:byte out:byte format:long ${digits}}`, { n }, locale);
    expect([bytes('1.5', 'fr-FR'), bytes(2, 'fr-FR')]).toEqual(['1,5 octet', '2 octets']);
    expect([1, 2, 5].map((n) => bytes(n, 'pl-PL'))).toEqual(['1 bajt', '2 bajty', '5 bajtów']);
    expect([bytes(1, 'en-US'), bytes(1, 'en-US', 'minfrac:1')]).toEqual(['1 byte', '1.0 bytes']);
    // French "many" (CLDR 38 and later) is "other" in CLDR 29, which has no pattern for it.
    expect(new Intl.PluralRules('fr').select(1000000)).toBe('many');
    expect(render('{n|unit in:byte out:byte format:long group}', { n: 1000000 }, 'fr-FR')).toBe(
      `1${NBSP}000${NBSP}000 octets`,
    );
  });

  it("falls back to the runtime's CLDR for other locales and for units CLDR 29 lacks", () => {
    const intl = (locale: string, unit: string, n: number) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow', maximumFractionDigits: 1 }).format(n);
    expect(render('{n|unit in:megabyte out:megabyte}', { n: 4 }, 'sv-SE')).toBe(intl('sv-SE', 'megabyte', 4));
    expect(render('{n|unit in:megabyte out:megabyte}', { n: 4 }, 'fr-CA')).toBe(intl('fr-CA', 'megabyte', 4));
    expect(render('{n|unit in:petabyte out:petabyte}', { n: 2 }, 'fr-FR')).toBe(intl('fr-FR', 'petabyte', 2));
    expect(render('{n|unit in:decade out:decade format:long}', { n: 2 }, 'fr-FR')).toBe('2 decades');
  });

  it('is generated from cldr-units-modern 29, and the generated module is up to date', async () => {
    expect(CLDR_UNITS_RELEASE).toBe('29.0.0');
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await generatedSource());
  });
});

describe('rational', () => {
  it('reads decimals and fractions, and writes cut decimals', () => {
    expect(toDecimalText(parseRational('1.50e2') as never)).toBe('150');
    expect(toDecimalText(parseRational('-1/3') as never, 5)).toBe('-0.33333');
    expect(parseRational('1/0')).toBeUndefined();
    expect(parseRational('abc')).toBeUndefined();
  });
});

describe('money free-if-zero', () => {
  const zero = { value: '0', currency: 'USD' };
  it('prints the Free label for zero amounts only', () => {
    expect(render('{m|money free-if-zero:Free}', { m: zero })).toBe('Free');
    expect(render('{m|money free-if-zero:Free}', { m: { value: '1', currency: 'USD' } })).toBe('$1.00');
  });

  it('requires the label', () => {
    const { output, errors } = execute('{m|money free-if-zero}', { m: zero });
    expect(output).toBe('$0.00');
    expect(errors[0]?.message).toContain('Free label');
  });
});
