import { afterEach, describe, expect, it, vi } from 'vitest';
import { colorWeight, hexColorValue, isDarkColor, luminance, parseColor } from './color';

afterEach(() => vi.restoreAllMocks());

describe('colour rules', () => {
  it('reads 3 to 6 hex digits, with or without #', () => {
    expect(hexColorValue('#fff')).toBe(0xffffff);
    expect(hexColorValue('a0b1c2')).toBe(0xa0b1c2);
    expect(hexColorValue('#12')).toBeUndefined();
    expect(hexColorValue('#1234567')).toBeUndefined();
  });

  it('weighs a colour light above half of 0xffffff', () => {
    expect(colorWeight('#800000')).toBe('light');
    expect(colorWeight('#7fffff')).toBe('dark');
    expect(colorWeight('')).toBeUndefined();
  });

  it('calls a colour dark when its luminance is below 0.65 of 256 (166.4)', () => {
    // Grey 166 has luminance 166 (dark); grey 167 has 167 (not dark).
    expect(isDarkColor('#a6a6a6')).toBe(true);
    expect(isDarkColor('#a7a7a7')).toBe(false);
    // Luminance weighs green most: pure yellow is light, pure blue dark.
    expect(isDarkColor('#ffff00')).toBe(false);
    expect(isDarkColor('#0000ff')).toBe(true);
    expect(luminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(255);
  });

  it('reads rgb() and hsl() colours', () => {
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColor('rgba(100% 0% 0% / 0.5)')).toEqual({ r: 255, g: 0, b: 0 });
    const white = parseColor('hsl(0, 0%, 100%)');
    expect(white).toEqual({ r: 255, g: 255, b: 255 });
    expect(isDarkColor('hsl(240deg 100% 25%)')).toBe(true);
  });

  it('logs "Invalid color model" for another model and gives no colour', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseColor('cmyk(0, 0, 0, 1)')).toBeUndefined();
    expect(isDarkColor('lab(50 0 0)')).toBeUndefined();
    expect(warn.mock.calls).toEqual([['Invalid color model'], ['Invalid color model']]);
  });

  it('logs through the log it is given (the template engine passes its error channel)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const log = vi.fn();
    expect(colorWeight('cmyk(0, 0, 0, 1)', log)).toBeUndefined();
    expect(isDarkColor('lab(50 0 0)', log)).toBeUndefined();
    expect(colorWeight('rgb(255, 255, 255)', log)).toBe('light');
    expect(log.mock.calls).toEqual([['Invalid color model'], ['Invalid color model']]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives no colour, and logs nothing, for a blank or missing value', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseColor('')).toBeUndefined();
    expect(parseColor(undefined)).toBeUndefined();
    expect(parseColor(42)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});
