import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('accepts a local part, @ and a domain ending in 2 to 4 letters', () => {
    expect(isValidEmail('shopper@example.com')).toBe(true);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.info')).toBe(true);
  });

  it('refuses addresses without @, with spaces or with a longer or missing ending', () => {
    for (const value of ['shopper.example.com', 'shop per@example.com', 'a@b.museum', 'a@b', '@example.com', ''])
      expect(isValidEmail(value)).toBe(false);
  });

  it('refuses addresses longer than 256 characters', () => {
    expect(isValidEmail(`${'a'.repeat(244)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(245)}@example.com`)).toBe(false);
  });
});
