import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../contract/money';
import { parseVariants } from './product/types';
import { siteUserInfo } from './session/cookies';

describe('parsers and formatters never throw on arbitrary input', () => {
  it('formatMoney always gives a sign, an optional symbol and a grouped number', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.string()),
        fc.oneof(fc.constantFrom('USD', 'JPY', 'SEK', 'EUR'), fc.string()),
        fc.record({ trimCents: fc.boolean(), grouping: fc.boolean(), valueOnly: fc.boolean() }, { requiredKeys: [] }),
        (amount, currency, options) => {
          const text = formatMoney(amount as number, currency, options);
          expect(text).toMatch(/^-?\D*[\d,]+(\.\d+)?( \S+)?$/);
          expect(text.replace(/\D/g, '').length).toBeLessThanOrEqual(17);
        },
      ),
    );
  });

  it('parseVariants accepts any text and keeps only well-formed entries', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        for (const variant of parseVariants(text)) {
          expect(typeof variant.sku).toBe('string');
          expect(Object.values(variant.attributes).every((v) => typeof v === 'string')).toBe(true);
        }
      }),
    );
  });

  it('siteUserInfo reads any cookie string', () => {
    fc.assert(
      fc.property(fc.string(), fc.json(), (junk, json) => {
        expect(typeof siteUserInfo(`SiteUserInfo=${junk}`).authenticated).toBe('boolean');
        expect(typeof siteUserInfo(`SiteUserInfo=${encodeURIComponent(json)}`).authenticated).toBe('boolean');
      }),
    );
  });
});
