import { describe, expect, it } from 'vitest';
import { originProblem, readServerSettings } from './server-settings';

describe('the settings read from the environment', () => {
  it('names every malformed setting at once', () => {
    const settings = readServerSettings({
      STORE_MODE: 'staging',
      PUBLIC_ORIGIN: 'shop.example',
      VISITOR_RATE_LIMIT: '20 per 10',
      SCARCE_STOCK: '-1',
      ALLOWED_ORIGINS: 'https://ok.example,nowhere',
      ASSET_BASE_URL: 'cdn',
    });
    expect(settings.problems).toEqual([
      'STORE_MODE must be demo or production, not staging.',
      'PUBLIC_ORIGIN must be an http(s) origin such as https://shop.example, not shop.example.',
      'VISITOR_RATE_LIMIT must look like 5/60 (5 calls per 60 seconds), not 20 per 10.',
      'SCARCE_STOCK must be a whole number of at least 0, not -1.',
      'ALLOWED_ORIGINS must list origins such as https://theme.example,http://localhost:8080, not nowhere.',
      'ASSET_BASE_URL must be an http(s) URL such as https://cdn.example/storefront, not cdn.',
    ]);
  });

  it('refuses a PUBLIC_ORIGIN with a path, a query or a fragment, saying why, instead of cutting it', () => {
    for (const value of [
      'https://shop.example/shop',
      'https://shop.example/?x=1',
      'https://shop.example?',
      'https://shop.example/#top',
    ]) {
      const { publicOrigin, problems } = readServerSettings({ PUBLIC_ORIGIN: value });
      expect(publicOrigin, value).toBeUndefined();
      expect(problems, value).toEqual([
        `PUBLIC_ORIGIN must be an http(s) origin such as https://shop.example, without a path, query or fragment (the store answers at the root of its origin), not ${value}.`,
      ]);
    }
    expect(originProblem('https://owner:secret@shop.example')).toContain('without a user name or password');
    expect(originProblem('ftp://shop.example')).toBeDefined();
  });

  it('takes an origin alone, with or without its slash, and well-formed settings', () => {
    for (const value of ['https://shop.example', 'https://shop.example/', 'http://localhost:4173']) {
      const settings = readServerSettings({ PUBLIC_ORIGIN: value, VISITOR_RATE_LIMIT: '20/10', SCARCE_STOCK: '0' });
      expect(settings.problems, value).toEqual([]);
      expect(settings.publicOrigin).toBe(new URL(value).origin);
      expect(settings.rateLimit).toEqual({ limit: 20, windowMs: 10_000 });
      expect(settings.scarceStock).toBe(0);
    }
  });
});
