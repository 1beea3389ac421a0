import { describe, expect, it } from 'vitest';
import { hasControlCharacters, headerText, isDeliverableEmail, isValidEmail } from './email';

/** Control characters an attacker puts in a product name or an address. */
const CONTROLS = ['\0', '\r', '\n', '\t', '\u0085', '\u009b', '\u007f', '\u2028', '\u2029'];

describe('isValidEmail (the shopper widgets, storefront spec)', () => {
  it('accepts a local part, @ and a domain ending in 2 to 4 letters', () => {
    expect(isValidEmail('shopper@example.com')).toBe(true);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.info')).toBe(true);
  });

  it('refuses addresses without @, with spaces or with a longer or missing ending', () => {
    for (const value of ['shopper.example.com', 'shop per@example.com', 'a@b.museum', 'a@b', '@example.com', ''])
      expect(isValidEmail(value)).toBe(false);
  });

  it('refuses control characters', () => {
    for (const c of CONTROLS) expect(isValidEmail(`a${c}b@example.com`), JSON.stringify(c)).toBe(false);
  });

  it('refuses addresses longer than 256 characters', () => {
    expect(isValidEmail(`${'a'.repeat(244)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(245)}@example.com`)).toBe(false);
  });
});

describe('isDeliverableEmail (the server)', () => {
  it('accepts real addresses, whatever the length of their top-level domain', () => {
    for (const value of [
      'owner@shop.example',
      'x@y.store',
      'a@b.co',
      'first.last+tag@mail.example.co.uk',
      "o'brien@shop.museum",
      'kund@bäckerei.de',
      'a@b.xn--p1ai',
    ])
      expect(isDeliverableEmail(value), value).toBe(true);
  });

  it('refuses control characters anywhere: NUL, CR, LF, NEL, C1, U+2028/9', () => {
    for (const c of CONTROLS) {
      expect(isDeliverableEmail(`a${c}b@example.com`), JSON.stringify(c)).toBe(false);
      expect(isDeliverableEmail(`ab@exam${c}ple.com`), JSON.stringify(c)).toBe(false);
      expect(isDeliverableEmail(`ab@example.com${c}`), JSON.stringify(c)).toBe(false);
    }
  });

  it('refuses what no mail server takes', () => {
    for (const value of [
      '',
      'a@b',
      'a@b.c',
      'a@b.c0m',
      '@example.com',
      'a@@example.com',
      'a@b@example.com',
      'a b@example.com',
      '"a"@example.com',
      'a<b>@example.com',
      '.a@example.com',
      'a.@example.com',
      'a..b@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@example..com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(64)}.com`,
      `a@${'b.'.repeat(126)}com`,
    ])
      expect(isDeliverableEmail(value), value).toBe(false);
  });
});

describe('header values', () => {
  it('lose every control character, so no value starts another header line', () => {
    expect(headerText('Lamp\r\nBcc: everyone@example.com')).toBe('Lamp Bcc: everyone@example.com');
    expect(headerText(`a${CONTROLS.join('')}b`)).toBe('a b');
    expect(headerText('\nDesk\u2028')).toBe('Desk');
    expect(hasControlCharacters(headerText(`x${CONTROLS.join('y')}z`))).toBe(false);
    expect(headerText('Walnut desk · Ø 80 cm')).toBe('Walnut desk · Ø 80 cm');
  });
});
