import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute } from '../index';

/** Output of a one-variable template against `data`, failing the test on any render error. */
function render(template: string, data: unknown, locale?: string): string {
  const { output, errors } = execute(template, data, locale === undefined ? {} : { locale });
  expect(errors).toEqual([]);
  return output;
}

const usd = { decimalValue: '123456.7890', currencyCode: 'USD' };
const eur = { decimalValue: '123456.7890', currencyCode: 'EUR' };

describe('money', () => {
  it('formats a money object in the render locale (f-money-1)', () => {
    expect(render('{@|money}', usd)).toBe('$123,456.79');
    expect(render('{@|money style:short}', usd)).toBe('$123K');
    expect(render('{@|money style:name}', usd)).toBe('123,456.79 US dollars');
    expect(render('{@|money}', eur)).toBe('€123,456.79');
    expect(render('{@|money style:short}', eur)).toBe('€123K');
    expect(render('{@|money style:name}', eur)).toBe('123,456.79 euros');
    expect(render('{@|money}', eur, 'de-DE')).toBe('123.456,79\u00a0€');
  });

  it('reads value and currency too', () => {
    expect(render('{@|money style:code}', { value: '5', currency: 'jpy' })).toBe('5 JPY');
  });

  it('prints nothing for what is not a money object with a readable amount', () => {
    for (const data of [12345, '12345', null, { foo: 'bar' }, { decimalValue: 'abc', currencyCode: 'USD' }])
      expect(render('{@|money}', data)).toBe('');
  });

  it('falls back to USD for malformed currencies and to en for unusable locales', () => {
    expect(render('{@|money}', { value: '1', currency: 'dollars' })).toBe('$1.00');
    expect(render('{@|money}', eur, 'xx_YY')).toBe('€123,456.79');
  });
});

describe('bookkeeper-money-format', () => {
  it('formats cents as dollars in the render locale', () => {
    expect(render('{@|bookkeeper-money-format}', 12345)).toBe('$123.45');
    expect(render('{@|bookkeeper-money-format}', -12345)).toBe('-$123.45');
    expect(render('{@|bookkeeper-money-format}', 12345, 'de-DE')).toBe('123,45\u00a0$');
  });

  it('counts what is not a number as 0 (f-bookkeeper-money-format-3)', () => {
    expect(render('{@|bookkeeper-money-format}', 'A')).toBe('$0.00');
    expect(render('{@|bookkeeper-money-format}', null)).toBe('$0.00');
  });

  it('prints nothing without a usable render locale (f-bookkeeper-money-format-2)', () => {
    expect(render('{@|bookkeeper-money-format}', 12345, 'none')).toBe('');
  });
});

describe('money-format, moneyFormat, money-string', () => {
  it('format cents as #,##0.00 in US English whatever the locale', () => {
    for (const name of ['money-format', 'moneyFormat']) {
      expect(render(`{@|${name}}`, 12345)).toBe('123.45');
      expect(render(`{@|${name}}`, 123456789, 'de-DE')).toBe('1,234,567.89');
      // What holds no amount is given back as it is (the reference's behaviour, f-missing-2).
      expect(render(`{@|${name}}`, 'junk')).toBe('junk');
      expect(render(`{@|${name}}`, {})).toBe('');
    }
    expect(render('{@|money-string}', 12345)).toBe('<span class="sqs-money-native">123.45</span>');
    expect(render('{@|money-string}', -5)).toBe('<span class="sqs-money-native">-0.05</span>');
  });
});

describe('i18n-money-format', () => {
  const sek = [
    { currencyCode: 'SEK', decimalValue: 1234.56 },
    { currencyCode: 'SEK', decimalValue: -1234.56 },
  ];

  it('formats in the legacy layout of its locale argument', () => {
    const template = (locale: string) =>
      `{.repeated section @}{@|i18n-money-format ${locale}}{.alternates with}|{.end}`;
    expect(render(template('de-DE'), sek)).toBe('1.234,56 kr|-1.234,56 kr');
    expect(render(template('en-UK'), sek)).toBe('kr 1,234.56|kr -1,234.56');
    expect(render(template('es_US'), sek)).toBe('kr 1,234.56|kr -1,234.56');
  });

  it('uses the render locale without an argument, en for an unusable one', () => {
    expect(render('{@|i18n-money-format}', { currencyCode: 'EUR', decimalValue: 1 }, 'de-DE')).toBe('1,00€');
    expect(render('{@|i18n-money-format qq-QQ}', { currencyCode: 'EUR', decimalValue: 1 }, 'de-DE')).toBe('€1.00');
  });

  it('defaults to 0 USD for a money object; what is no money prints as it is', () => {
    expect(render('{@|i18n-money-format en-US}', {})).toBe('');
    expect(render('{@|i18n-money-format en-US}', 'VAL')).toBe('VAL');
    expect(render('{@|i18n-money-format en-US}', { decimalValue: 'x', currencyCode: 'EUR' })).toBe('€0.00');
  });
});

describe('percentage-format', () => {
  it('prints 2 or 3 fraction digits, or up to 3 with trim (f-percentage-format-1)', () => {
    expect(render('{@|percentage-format}', 123456)).toBe('123,456.00');
    expect(render('{@|percentage-format}', 12.3456)).toBe('12.346');
    expect(render('{@|percentage-format trim}', 12.5)).toBe('12.5');
    expect(render('{@|percentage-format}', '1234.5', 'fr-FR')).toBe('1\u202f234,50');
    expect(render('{@|percentage-format}', 'x')).toBe('0.00');
  });
});

describe('robustness', () => {
  const NAMES = [
    'money',
    'bookkeeper-money-format',
    'money-format',
    'moneyFormat',
    'money-string',
    'i18n-money-format',
    'percentage-format',
  ];
  const ARGS = [
    '',
    ' trim',
    ' style:short',
    ' style:name symbol:narrow',
    ' maxFrac:99 minSig:0',
    ' de_DE',
    ' none',
    ' en-US-x-!!',
  ];

  const amount = fc.oneof(
    fc.jsonValue(),
    fc.double(),
    fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e15, 1e300, Number.MAX_SAFE_INTEGER, 2 ** 64),
    fc.constantFrom('1e999999999', '-1e-999999999', '12345678901234567890', ' 12 ', '0x10', 'Infinity', '1,5'),
    fc.string(),
  );
  const currency = fc.oneof(fc.jsonValue(), fc.constantFrom('USD', 'jpy', 'XYZ', 'US', 'EURO', '', 'BHD'), fc.string());
  const money = fc.oneof(
    fc.record({ decimalValue: amount, currencyCode: currency }, { requiredKeys: [] }),
    fc.record({ value: amount, currency }, { requiredKeys: [] }),
  );
  const locale = fc.oneof(
    fc.constantFrom(
      'en-US',
      'de_DE',
      'en-UK',
      'fr-FR',
      'ar-EG',
      'none',
      'xx_YY',
      'en-US-x-!!',
      '',
      'und',
      'zh-Hant-TW',
    ),
    fc.string(),
  );

  it('never throws or reports a failed formatter, and always outputs a string', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES),
        fc.oneof(
          fc.constantFrom(...ARGS),
          fc.string().map((s) => ` ${s.replace(/[{}|\n]/g, '')}`),
        ),
        fc.oneof(amount, money, fc.anything()),
        locale,
        (name, args, data, renderLocale) => {
          const { output, errors } = execute(`{@|${name}${args}}`, data, { locale: renderLocale });
          expect(typeof output).toBe('string');
          expect(errors.filter((e) => /failed/.test(e.message))).toEqual([]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
