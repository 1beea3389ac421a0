import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * No widget pushes content when it appears or loads: the server markup is laid out as the widget
 * will be. Worst case on purpose: the loader is held back until the page's own markup has painted,
 * so every widget arrives into a page already on screen. Layout shifts without recent input are
 * summed from the first moment of the document (the CLS of Core Web Vitals, one session).
 */
const MAX_CLS = 0.01;

type Collected = typeof globalThis & { __cls?: number; __shifted?: string[] };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const scope = globalThis as Collected;
    scope.__cls = 0;
    scope.__shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        scope.__cls = (scope.__cls ?? 0) + entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          scope.__shifted?.push(node instanceof Element ? `${node.localName}.${node.className}` : String(node));
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
});

/** Every same-origin page the home page links to, and a few more with widgets of their own. */
async function demoPages(page: Page): Promise<string[]> {
  await page.goto('/');
  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const extra = ['/checkout', '/newsletter', '/qa/tag/linen-shirt', '/qa/tag/ceramic-mug', '/qa/p/linen-shirt'];
  return [...new Set(['/', ...hrefs, ...extra])].filter((path) => !path.endsWith('.css'));
}

/** Opens `path` with the loader held until the page has painted, and waits until every widget is ready. */
async function openAfterPaint(page: Page, path: string): Promise<void> {
  let held: Route | undefined;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/storefront.js', async (route) => {
    held = route;
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  release();
  await page.waitForLoadState('load');
  // Every widget on the page has its code (the near-viewport reviews aside), then nothing is left to fetch.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => element.localName.startsWith('store-') && element.localName !== 'store-reviews')
      .every((element) => customElements.get(element.localName)),
  );
  await page.waitForLoadState('networkidle');
  // Two frames: the last layout is done and its shifts reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.unroute('**/storefront.js');
  expect(held, 'the page loads the storefront script').toBeDefined();
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 412, height: 823 },
]) {
  test(`no demo page shifts its layout when the widgets load (${viewport.name})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const paths = await demoPages(page);
    expect(paths).toEqual(expect.arrayContaining(['/shop', '/cart', '/qa/tag/linen-shirt']));
    expect(paths.filter((p) => p.startsWith('/shop/p/')).length).toBeGreaterThan(3);
    const results: Record<string, { cls: number; shifted: string[] }> = {};
    for (const path of paths) {
      await page.goto('about:blank');
      await openAfterPaint(page, path);
      results[path] = await page.evaluate(() => ({
        cls: Number(((globalThis as Collected).__cls ?? 0).toFixed(4)),
        shifted: [...new Set((globalThis as Collected).__shifted ?? [])],
      }));
    }
    const over = Object.entries(results).filter(([, r]) => r.cls > MAX_CLS);
    expect(over, JSON.stringify(results, null, 1)).toEqual([]);
  });
}
