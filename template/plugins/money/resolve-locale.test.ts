import { describe, expect, it } from 'vitest';
import { resolveLocale } from './resolve-locale';

describe('resolveLocale', () => {
  it('returns canonical tags of locales Intl has data for', () => {
    expect(resolveLocale('en-US')).toBe('en-US');
    expect(resolveLocale('de_DE')).toBe('de-DE');
    expect(resolveLocale(' sv-se ')).toBe('sv-SE');
    expect(resolveLocale('es-US')).toBe('es-US');
    expect(resolveLocale('en')).toBe('en');
  });

  it('maps en-UK, which is not a real region, to en-GB as CLDR aliases it', () => {
    expect(resolveLocale('en-UK')).toBe('en-GB');
    expect(resolveLocale('en_UK')).toBe('en-GB');
  });

  it('gives undefined for malformed tags, languages without data and non-strings', () => {
    for (const tag of ['none', 'xx-YY', 'xx_YY', 'qq-QQ', 'und', 'en-US-x-!!', '', '  ', '-', 'en--US', 'i-klingon'])
      expect(resolveLocale(tag), tag).toBeUndefined();
    for (const tag of [undefined, null, 12, {}, ['en']]) expect(resolveLocale(tag)).toBeUndefined();
  });
});
