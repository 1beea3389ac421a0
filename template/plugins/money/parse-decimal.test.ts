import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, MAX_INTEGER_DIGITS, parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  it('reads numbers and numeric strings into plain notation', () => {
    expect(parseDecimal(12345)).toBe('12345');
    expect(parseDecimal(-1234.56)).toBe('-1234.56');
    expect(parseDecimal('123456.7890')).toBe('123456.789');
    expect(parseDecimal('  +0012.50 ')).toBe('12.5');
    expect(parseDecimal('.5')).toBe('0.5');
    expect(parseDecimal('5.')).toBe('5');
    expect(parseDecimal('1e3')).toBe('1000');
    expect(parseDecimal('1.5E-3')).toBe('0.0015');
    expect(parseDecimal(1e-7)).toBe('0.0000001');
    expect(parseDecimal('-0')).toBe('0');
    expect(parseDecimal(-0)).toBe('0');
    expect(parseDecimal('0.000')).toBe('0');
  });

  it('rejects what is not a finite decimal', () => {
    for (const value of [
      'A',
      '',
      ' ',
      '-',
      '.',
      'e5',
      '0x10',
      '1,000',
      '1_000',
      '12abc',
      'Infinity',
      'NaN',
      '1e',
      '--1',
    ])
      expect(parseDecimal(value), value).toBeUndefined();
    for (const value of [NaN, Infinity, -Infinity, null, undefined, true, [], {}, 10n])
      expect(parseDecimal(value), String(value)).toBeUndefined();
  });

  it(`rejects amounts over ${MAX_INTEGER_DIGITS} integer digits, however they are written`, () => {
    expect(parseDecimal('999999999999999.99')).toBe('999999999999999.99');
    expect(parseDecimal('1000000000000000')).toBeUndefined();
    expect(parseDecimal(1e15)).toBeUndefined();
    expect(parseDecimal(Number.MAX_VALUE)).toBeUndefined();
    expect(parseDecimal('1e999999999')).toBeUndefined();
    expect(parseDecimal('0.0001e18')).toBe('100000000000000');
    expect(parseDecimal('0.0001e19')).toBeUndefined();
  });

  it('keeps tiny amounts bounded', () => {
    expect(parseDecimal('1e-999999999')).toBe('0');
    expect(parseDecimal(`0.${'0'.repeat(100)}1`)).toBe('0');
    expect(parseDecimal(Number.MIN_VALUE)).toBe('0');
  });

  it('round-trips every finite double it accepts', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e14, max: 1e14 }), (n) => {
        const decimal = parseDecimal(n);
        if (Math.abs(n) >= 1e-20) expect(Number(decimal)).toBe(Object.is(n, -0) ? 0 : n);
      }),
    );
  });
});

describe('parseDecimal normal form', () => {
  it('gives the same for text already in normal form as the general path does', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,16}(\.\d{1,45})?$/), (text) => {
        // The exponent forces the general path; the plain text may take the shortcut.
        expect(parseDecimal(text)).toBe(parseDecimal(`${text}e0`));
      }),
    );
  });
});

describe('parseDecimal remembered texts', () => {
  it('reads a text the same way every time, first read or not, short or long', () => {
    const long = `${'0'.repeat(70)}12.50`;
    for (let round = 0; round < 3; round++) {
      expect(parseDecimal(' 19.90 ')).toBe('19.9');
      expect(parseDecimal('19.90')).toBe('19.9');
      expect(parseDecimal('abc')).toBeUndefined();
      expect(parseDecimal(long)).toBe('12.5');
    }
  });

  it('stays right past the number of texts it remembers', () => {
    for (let i = 0; i < 2500; i++) expect(parseDecimal(`${i}.50`)).toBe(`${i}.5`);
    expect(parseDecimal('0.50')).toBe('0.5');
  });
});

describe('fromMinorUnits', () => {
  it('divides by 100 exactly', () => {
    expect(fromMinorUnits('12345')).toBe('123.45');
    expect(fromMinorUnits('-5')).toBe('-0.05');
    expect(fromMinorUnits('0.1')).toBe('0.001');
    expect(fromMinorUnits('999999999999999')).toBe('9999999999999.99');
  });
});
