import { describe, expect, it } from 'vitest';
import { parseMoneyOptions } from './parse-money-options';

describe('parseMoneyOptions', () => {
  it('reads styles, symbol width and grouping', () => {
    expect(parseMoneyOptions(['style:short'])).toEqual({ style: 'short' });
    expect(parseMoneyOptions(['style:standard', 'symbol:narrow'])).toEqual({ style: 'symbol', narrow: true });
    expect(parseMoneyOptions(['style=name'])).toEqual({ style: 'name' });
    expect(parseMoneyOptions(['group'])).toEqual({ grouping: true });
    expect(parseMoneyOptions(['grouping:false'])).toEqual({ grouping: false });
    expect(parseMoneyOptions(['no-group'])).toEqual({ grouping: false });
  });

  it('reads rounding modes by their CLDR names', () => {
    expect(parseMoneyOptions(['round:half-up'])).toEqual({ roundingMode: 'halfExpand' });
    expect(parseMoneyOptions(['rounding:truncate'])).toEqual({ roundingMode: 'trunc' });
    expect(parseMoneyOptions(['round:ceil'])).toEqual({ roundingMode: 'ceil' });
  });

  it('reads digit counts, negative ones as 0', () => {
    expect(
      parseMoneyOptions(['minInt:3', 'maxfrac:1', 'MINFRAC:0', 'maxSig:999', 'minimumSignificantDigits:-2']),
    ).toEqual({
      minimumIntegerDigits: 3,
      maximumFractionDigits: 1,
      minimumFractionDigits: 0,
      maximumSignificantDigits: 999,
      minimumSignificantDigits: 0,
    });
  });

  it('ignores what it does not know', () => {
    expect(
      parseMoneyOptions([
        'style:fancy',
        'symbol:wide',
        'round:sideways',
        'maxFrac:',
        'maxFrac:x',
        'maxFrac:1.5',
        'foo',
        '',
      ]),
    ).toEqual({});
    expect(parseMoneyOptions(['toString', 'style:constructor', 'round:__proto__', 'constructor:1'])).toEqual({});
  });
});
