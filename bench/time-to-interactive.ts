/**
 * Time to interactive of the product page's add button, as a shopper on a slow phone gets it
 * (4x CPU slowdown, Fast 3G, cold cache: bench/layout-shift.ts's conditions). "Interactive" is the
 * button answering a click: from the moment the page's HTML has it, the shopper clicks it every
 * 50 ms (with an in-stock variant chosen in the page's own selects) until the button leaves its
 * idle phase ('Adding…'); the cart POST that follows is noted too. The baseline is the same page
 * with `storefront.js` blocked: when its `load` event comes. Used by bench/run.ts; runs alone with
 * `npx tsx bench/time-to-interactive.ts` after a build (React and lite builds).
 */
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { storeServer } from './bytes';
import { slowPhonePage } from './layout-shift';

/** The page, and a variant of it that is in stock (the seed catalog's linen shirt, S in sand). */
export const TTI_PAGE = '/shop/p/linen-shirt';
const CHOICE = { Size: 'S', Color: 'Sand' };
/** Issue 36: the add button answers at most this long after the page without the script has loaded. */
export const MAX_TTI_AFTER_MS = 300;
const ROUNDS = 3;

/** Runs in the page before its scripts: chooses the variant, clicks, and notes when the button answers and when the cart POST starts. */
const PROBE = `
window.__tti = {};
document.addEventListener('DOMContentLoaded', () => {
  for (const [name, value] of Object.entries(${JSON.stringify(CHOICE)})) {
    const select = document.querySelector('select[data-variant-option-name="' + name + '"]');
    if (select) select.value = value;
  }
  const timer = setInterval(() => {
    if (window.__tti.interactiveAt !== undefined) return clearInterval(timer);
    window.__tti.clicks = (window.__tti.clicks || 0) + 1;
    document.querySelector('.sqs-add-to-cart-button')?.click();
  }, 50);
});
new MutationObserver(() => {
  const phase = document.querySelector('.sqs-add-to-cart-button')?.dataset.phase;
  if (phase && phase !== 'idle') window.__tti.interactiveAt ??= performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-phase'] });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (new URL(entry.name).pathname === '/api/commerce/shopping-cart/entries') window.__tti.postAt ??= entry.startTime;
  }
}).observe({ type: 'resource' });
`;

interface Probe {
  interactiveAt: number;
  postAt: number;
  clicks: number;
}

/** One load with the script: ms from navigation start until the button answered a click, and until the cart POST started. */
async function loadAndClick(browser: Browser, url: string): Promise<{ interactiveMs: number; postMs: number }> {
  const { context, page } = await slowPhonePage(browser, { blockScript: false, initScript: PROBE });
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const handle = await page.waitForFunction(
      () => {
        const t = (window as unknown as { __tti: Partial<Probe> }).__tti;
        return t.interactiveAt !== undefined && t.postAt !== undefined ? t : null;
      },
      null,
      { timeout: 120_000, polling: 100 },
    );
    const t = (await handle.jsonValue()) as Probe;
    return { interactiveMs: Math.round(t.interactiveAt), postMs: Math.round(t.postAt) };
  } finally {
    await context.close();
  }
}

/** One load without the script: ms from navigation start to the `load` event. */
async function baselineLoad(browser: Browser, url: string): Promise<number> {
  const { context, page } = await slowPhonePage(browser, { blockScript: true, initScript: '' });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const start = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    );
    return Math.round(start);
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export interface TimeToInteractive {
  baselineLoadMs: number[];
  interactiveMs: number[];
  postMs: number[];
  /** Medians: the button answered this long after the page without the script had loaded. */
  afterBaselineMs: number;
  medianBaselineLoadMs: number;
  medianInteractiveMs: number;
  medianPostMs: number;
}

/** Medians of `rounds` loads with and without the script, interleaved, on the store at `base`. */
export async function timeToInteractive(browser: Browser, base: string, rounds = ROUNDS): Promise<TimeToInteractive> {
  const baselineLoadMs: number[] = [];
  const interactiveMs: number[] = [];
  const postMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    baselineLoadMs.push(await baselineLoad(browser, `${base}${TTI_PAGE}`));
    const loaded = await loadAndClick(browser, `${base}${TTI_PAGE}`);
    interactiveMs.push(loaded.interactiveMs);
    postMs.push(loaded.postMs);
  }
  const medianBaselineLoadMs = median(baselineLoadMs);
  const medianInteractiveMs = median(interactiveMs);
  return {
    baselineLoadMs,
    interactiveMs,
    postMs,
    afterBaselineMs: medianInteractiveMs - medianBaselineLoadMs,
    medianBaselineLoadMs,
    medianInteractiveMs,
    medianPostMs: median(postMs),
  };
}

/** One line for the bench's output. */
export function describeTti(build: string, t: TimeToInteractive): string {
  return (
    `  ${build.padEnd(6)} add button answers a click at ${t.medianInteractiveMs} ms (cart POST at ${t.medianPostMs} ms), ` +
    `page without the script loaded at ${t.medianBaselineLoadMs} ms: ${t.afterBaselineMs} ms after ` +
    `(goal at most ${MAX_TTI_AFTER_MS} ms; runs ${t.interactiveMs.join(', ')} / ${t.baselineLoadMs.join(', ')} ms)`
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`Time to interactive of ${TTI_PAGE}'s add button, 4x CPU + Fast 3G, cold cache, median of ${ROUNDS}`);
    for (const [build, dir] of [
      ['React', 'dist'],
      ['lite', 'dist/lite'],
    ] as const) {
      const server = await storeServer(dir);
      try {
        console.log(describeTti(build, await timeToInteractive(browser, server.base)));
      } finally {
        server.close();
      }
    }
  } finally {
    await browser.close();
  }
}
