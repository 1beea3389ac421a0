import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** The pages whose Lighthouse SEO score must be 100 (mobile, Lighthouse's default). */
const PAGES = ['/shop/p/linen-shirt', '/shop', '/cart', '/contact', '/journal'];

test.describe('pages search engines read', () => {
  // Lighthouse audits the React build's pages only (playwright.config.ts): the score is the server's markup.
  test.setTimeout(300_000);

  test('Lighthouse scores SEO 100 on the product, shop, cart, contact and journal pages', async ({ baseURL }) => {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      const scores: Record<string, number | null> = {};
      const failing: Record<string, string[]> = {};
      for (const path of PAGES) {
        const result = await lighthouse(`${baseURL}${path}`, {
          port: chrome.port,
          onlyCategories: ['seo'],
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result?.lhr;
        scores[path] = lhr?.categories.seo?.score ?? null;
        failing[path] = Object.values(lhr?.audits ?? {})
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'manual' &&
              a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => `${a.id}: ${a.title}`);
      }
      console.log('Lighthouse SEO', JSON.stringify(scores));
      expect(failing).toEqual(Object.fromEntries(PAGES.map((p) => [p, []])));
      expect(scores).toEqual(Object.fromEntries(PAGES.map((p) => [p, 1])));
    } finally {
      await chrome.kill();
    }
  });
});
