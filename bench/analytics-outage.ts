/**
 * Does a slow or dead analytics server delay an add to cart? The bench server answers the
 * analytics calls normally, 5 s late (a slow server: each call holds its connection that long),
 * or not at all (the connection is dropped, as when nothing listens), while a shopper opens a
 * product page and adds to cart. Measured in the page: from the click to the end of the cart
 * POST's response, and from the click to 'Added!' (which the button shows 1 s after success by
 * design).
 */
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { isAnalyticsCall } from '../server-mock/routes/analytics';

/** What the analytics endpoints do. */
export type AnalyticsMode = 'normal' | 'slow' | 'down';
export const ANALYTICS_MODES: readonly AnalyticsMode[] = ['normal', 'slow', 'down'];

/** How late a slow analytics server answers. */
export const SLOW_MS = 5000;

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** The app's fetch with the analytics calls behaving as `mode()` says, and a way to wait for the late ones. */
export interface AnalyticsGate {
  fetch: Fetch;
  /** Resolves once every request taken in has been answered (slow analytics calls included). */
  settled(): Promise<void>;
}

/** Wraps the app's fetch so the analytics calls behave as `mode()` says; everything else is untouched. */
export function analyticsGate(fetch: Fetch, mode: () => AnalyticsMode): AnalyticsGate {
  const inFlight = new Set<Promise<unknown>>();
  const handle: Fetch = async (request, env) => {
    if (!isAnalyticsCall(new URL(request.url).pathname) || mode() === 'normal') return fetch(request, env);
    if (mode() === 'down') {
      // Nothing answers: the connection just goes away.
      env.incoming.socket.destroy();
      return new Response(null, { status: 503 });
    }
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return fetch(request, env);
  };
  return {
    fetch(request, env) {
      const answer = Promise.resolve(handle(request, env));
      const done = answer.catch(() => undefined).finally(() => inFlight.delete(done));
      inFlight.add(done);
      return answer;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

/** Runs in the page before its scripts: notes the click on the add button, 'Added!', and the cart POST. */
const PROBE = `
window.__atc = {};
addEventListener('click', (e) => {
  if (e.target instanceof Element && e.target.closest('.sqs-add-to-cart-button, .store-add-to-cart__button')) {
    window.__atc.clickAt ??= performance.now();
  }
}, true);
new MutationObserver(() => {
  const button = document.querySelector('.sqs-add-to-cart-button, .store-add-to-cart__button');
  if (window.__atc.clickAt !== undefined && button && button.textContent.trim() === 'Added!') window.__atc.addedAt ??= performance.now();
}).observe(document, { subtree: true, childList: true, characterData: true });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const t = window.__atc;
    const path = new URL(entry.name).pathname;
    if (t.clickAt === undefined || entry.startTime < t.clickAt || !path.startsWith('/api/commerce/')) continue;
    // The shop's own calls of the add (stock, then the POST): how long each waited to be sent.
    t.shopWait = Math.max(t.shopWait ?? 0, entry.requestStart - entry.startTime);
    if (path === '/api/commerce/shopping-cart/entries') t.postEnd ??= entry.responseEnd;
  }
}).observe({ type: 'resource' });
`;

/** One add to cart: milliseconds from the click to the cart POST's end and to 'Added!'. */
export interface AddTiming {
  postMs: number;
  addedMs: number;
  /** The longest a call of the add (stock check, cart POST) waited before it could be sent: for a free connection, mostly. */
  shopWaitMs: number;
}

/**
 * When the shopper clicks: as soon as the button is ready; 1.5 s later (the button-render call is
 * out too); or a second time, once the button is back from 'Added!' (the first add's click and
 * add-to-cart event are still out as well).
 */
export type ClickMoment = 'at once' | 'after 1.5 s' | 'again after the first add';
export const CLICK_MOMENTS: readonly ClickMoment[] = ['at once', 'after 1.5 s', 'again after the first add'];

/** Opens the product page in a fresh browser context (new visitor, new connections) and adds to cart once. */
export async function timeAddToCart(browser: Browser, url: string, moment: ClickMoment): Promise<AddTiming> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await page.goto(url);
    const button = page.locator('.sqs-add-to-cart-button').first();
    await button.waitFor();
    await page.waitForFunction(
      () => document.querySelector('.sqs-add-to-cart-button')?.getAttribute('data-phase') === 'idle',
    );
    if (moment === 'after 1.5 s') await page.waitForTimeout(1500);
    if (moment === 'again after the first add') {
      await button.click();
      await page.waitForFunction(
        () => (window as unknown as { __atc: { addedAt?: number } }).__atc.addedAt !== undefined,
      );
      await page.waitForFunction(
        () => document.querySelector('.sqs-add-to-cart-button')?.getAttribute('data-phase') === 'idle',
      );
      // Measure the second add from scratch.
      await page.evaluate(() => {
        (window as unknown as { __atc: object }).__atc = {};
      });
    }
    await button.click();
    const handle = await page.waitForFunction(
      () => {
        const t = (window as unknown as { __atc: { clickAt?: number; addedAt?: number; postEnd?: number } }).__atc;
        return t.clickAt !== undefined && t.addedAt !== undefined && t.postEnd !== undefined ? t : null;
      },
      undefined,
      { timeout: 30_000 },
    );
    const t = (await handle.jsonValue()) as { clickAt: number; addedAt: number; postEnd: number; shopWait: number };
    return { postMs: t.postEnd - t.clickAt, addedMs: t.addedAt - t.clickAt, shopWaitMs: t.shopWait };
  } finally {
    await context.close();
  }
}
