/**
 * Layout shift and largest contentful paint of demo pages in Chromium, as a shopper on a slow phone
 * sees them: 4x CPU slowdown (`Emulation.setCPUThrottlingRate`), DevTools' Fast 3G
 * (`Network.emulateNetworkConditions`), cold cache. The baseline is the same page with
 * `storefront.js` blocked, in the same run. Used by bench/run.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** DevTools' "Fast 3G" preset: 562.5 ms of latency, about 1.4 Mbit/s down and 0.7 Mbit/s up. */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
export const CPU_SLOWDOWN = 4;

/** What one load of a page measured: CLS (shifts without recent input) and LCP, in ms, with what the LCP was. */
export interface PaintMetrics {
  cls: number;
  lcpMs: number;
  lcpElement: string;
  /** The elements that moved, with the shift they took part in. */
  shifted: Record<string, number>;
}

/** Runs in the page from its first moment: collects layout shifts and LCP candidates. */
const OBSERVE = `
window.__paint = { cls: 0, lcp: 0, lcpElement: '', shifted: {} };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__paint.cls += entry.value;
    for (const source of entry.sources || []) {
      const node = source.node;
      const name = node && node.nodeType === 1 ? node.localName + (typeof node.className === 'string' && node.className ? '.' + node.className.split(' ')[0] : '') : node ? '#text' : '?';
      window.__paint.shifted[name] = Number(((window.__paint.shifted[name] || 0) + entry.value).toFixed(4));
    }
  }
}).observe({ type: 'layout-shift', buffered: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__paint.lcp = entry.startTime;
    const el = entry.element;
    window.__paint.lcpElement = el ? el.localName + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') : '';
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * A page in a fresh context (cold cache) under the slow-phone conditions, with `initScript` run
 * before the page's own scripts and, with `blockScript`, `storefront.js` refused (the baseline).
 */
export async function slowPhonePage(
  browser: Browser,
  options: { blockScript: boolean; viewport?: { width: number; height: number }; initScript: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (options.blockScript) await page.route('**/storefront.js*', (route) => route.abort());
  await page.addInitScript(options.initScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * Loads `url` once in a fresh context under the slow-phone conditions, waits until the page has
 * loaded, the network is quiet and (with `waitForWidgets`) every widget has its code, then reads the metrics.
 */
export async function paintMetrics(
  browser: Browser,
  url: string,
  options: { blockScript: boolean; waitForWidgets?: boolean; viewport?: { width: number; height: number } },
): Promise<PaintMetrics> {
  const { context, page } = await slowPhonePage(browser, { ...options, initScript: OBSERVE });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  if (options.waitForWidgets && !options.blockScript) {
    // Every widget on the page has its code (the near-viewport reviews aside). A function, not a
    // string: the store's policy refuses eval.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('store-') && e.localName !== 'store-reviews')
          .every((e) => customElements.get(e.localName)),
      null,
      { timeout: 120_000 },
    );
  }
  if (!options.blockScript) await page.waitForLoadState('networkidle', { timeout: 120_000 });
  // Two frames, so the last shifts and paints are reported.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const metrics = await page.evaluate(
    () =>
      (
        window as unknown as {
          __paint: { cls: number; lcp: number; lcpElement: string; shifted: Record<string, number> };
        }
      ).__paint,
  );
  await context.close();
  return {
    cls: Number(metrics.cls.toFixed(3)),
    lcpMs: Math.round(metrics.lcp),
    lcpElement: metrics.lcpElement,
    shifted: metrics.shifted,
  };
}
