import { describe, expect, it } from 'vitest';
import { RESTOCK_SETTINGS_KEY, setSetting } from '../store/settings';
import { jsonScripts, RAW_IN_PAGE_JSON } from '../testing/json-scripts';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

/** What a CSV import or the owner's settings can put into a page's JSON. */
const HOSTILE = ['<!--<script>XSSd', '</script><script>alert(1)</script>', 'line\u2028sep\u2029end', 'a & b > c'];
const NAME = HOSTILE.join(' ');

describe('JSON written into pages', () => {
  it('holds hostile product names and settings on every page type, and parses back', async () => {
    store.db.prepare("UPDATE products SET name = ? WHERE id = 'prod-brass-lantern'").run(NAME);
    setSetting(store.db, RESTOCK_SETTINGS_KEY, JSON.stringify({ captcha: false, successText: NAME }));
    const v = store.visitor();
    expect((await v.add('prod-brass-lantern', 'LANTERN-1', 1)).status).toBe(200);
    const pages = [
      '/shop/p/brass-lantern',
      '/qa/tag/brass-lantern',
      '/shop',
      '/search?q=XSSd',
      '/cart',
      '/checkout',
      '/',
      '/contact',
      '/journal',
      '/journal/winter-market',
      '/events',
      '/gallery',
      '/no-such-page',
    ];
    for (const path of pages) {
      const response = await v.call('GET', path);
      expect(response.status, path).toBeLessThan(500);
      const scripts = jsonScripts(await response.text());
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const text of scripts) {
        expect(text, path).not.toMatch(RAW_IN_PAGE_JSON);
        const json = JSON.parse(text) as {
          '@type'?: string;
          name?: string;
          restockSettings?: { successText?: string };
          item?: { title?: string };
        };
        // The product's schema.org JSON-LD beside the store context.
        if (json['@type'] === 'Product') {
          expect(json.name, path).toBe(NAME);
          continue;
        }
        expect(json.restockSettings?.successText, path).toBe(NAME);
        if (path.includes('brass-lantern')) expect(json.item?.title, path).toBe(NAME);
      }
    }
  });
});
