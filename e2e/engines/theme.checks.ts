import { test as base, expect } from '@playwright/test';
import { chromiumEngine } from './chromium-engine';
import type { CookiePolicy, Engine, EngineBrowser, EngineName, ShopperPage } from './driver';
import { firefoxEngine } from './firefox-engine';
import { startTestServers, type Sites, type TestServers, type ThemePages } from './servers';
import { webkitEngine } from './webkit-engine';
import { TEMPLATE_ASSETS, templatePage } from '../themes/start-bootstrap';

/**
 * README's snippet in public templates no one here wrote (e2e/themes/), on another site, in every
 * engine and both builds: nothing moves, the theme's CSS changes nothing of the widgets' look, the
 * theme's classes dress them as its own controls, nothing overflows on a phone or in a narrow card,
 * and every focus ring is seen whole.
 */

const ENGINES: Record<EngineName, Engine> = { chromium: chromiumEngine, firefox: firefoxEngine, webkit: webkitEngine };

type Build = 'react' | 'lite';
const DIST: Record<Build, string> = { react: 'dist', lite: 'dist/lite' };

/** Bootstrap's own height for its controls, as the Bootstrap recipe of docs/theming.md sets it. */
const BOOTSTRAP_RECIPE = ':root { --store-control-height: calc(1.5em + .75rem + 2px); }';

const PAGES: ThemePages = {
  ...TEMPLATE_ASSETS,
  '/shop-item.html': (sites) => templatePage('shop-item', sites, { watchShifts: true }),
  '/shop-homepage.html': (sites) => templatePage('shop-homepage', sites, { watchShifts: true }),
  '/shop-item-alone.html': (sites) => templatePage('shop-item', sites, { watchShifts: true, withoutStore: true }),
  '/shop-item-unstyled.html': (sites) => templatePage('shop-item', sites, { themeCss: false }),
  '/shop-item-dressed.html': (sites) =>
    templatePage('shop-item', sites, { watchShifts: true, handOver: true, themeRules: BOOTSTRAP_RECIPE }),
};

/** Each test gets a fresh store behind the build it names; scripts come slowly, as on a phone's network. */
const test = base.extend<
  { build: Build; sites: Sites; shopper: ShopperPage },
  { engine: EngineName; policy: CookiePolicy; engineBrowser: EngineBrowser; servers: Record<Build, TestServers> }
>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  policy: ['default', { option: true, scope: 'worker' }],
  build: ['react', { option: true }],
  servers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const [react, lite] = await Promise.all(
        (['react', 'lite'] as const).map((build) =>
          startTestServers({ pages: PAGES, distDir: DIST[build], scriptDelayMs: 250 }),
        ),
      );
      await provide({ react: react as TestServers, lite: lite as TestServers });
      await Promise.all([react?.close(), lite?.close()]);
    },
    { scope: 'worker' },
  ],
  engineBrowser: [
    async ({ engine, policy }, provide) => {
      const missing = ENGINES[engine].missing();
      if (missing) throw new Error(`${engine} is not installed: ${missing}. Run: node scripts/ensure-browsers.mjs`);
      const browser = await ENGINES[engine].launch(policy);
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  sites: async ({ servers, build }, provide) => {
    const store = await servers[build].freshStore();
    await provide({ store: servers[build].store, theme: servers[build].theme });
    await store.close();
  },
  shopper: async ({ engineBrowser, sites }, provide) => {
    void sites;
    const page = await engineBrowser.newPage();
    await provide(page);
    await page.close();
  },
});

/** Waits until every widget of the page has its code and has drawn (the pill's comes once the page is interactive), then two frames. */
async function settled(page: ShopperPage): Promise<void> {
  await page.waitFor(
    'every widget to draw',
    () => {
      const buttons = [...document.querySelectorAll('store-add-to-cart')];
      const pill = document.querySelector('store-installment-pill');
      const link = document.querySelector('store-cart-link a[aria-label]');
      return (
        (!pill || pill.querySelector('.store-installment-pill')) &&
        (!document.querySelector('store-cart-link') || link) &&
        buttons.every((tag) => tag.querySelector('[data-phase]:not([data-phase=""])'))
      );
    },
    [],
    30_000,
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

interface Shifts {
  cls: number;
  shifts: string[];
  moved: string[];
  frames: number;
}

/** What moved since the page's first frame, and stops watching. */
function shiftsSoFar(page: ShopperPage): Promise<Shifts> {
  return page.evaluate(() => {
    const log = (window as unknown as { __shifts: Shifts & { stop: boolean } }).__shifts;
    log.stop = true;
    return { cls: log.cls, shifts: log.shifts, moved: log.moved, frames: log.frames };
  });
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** Sizes the viewport, and names the width the page got (MiniBrowser's window has a minimum width). */
async function sized(page: ShopperPage, width: number, height: number): Promise<string> {
  await page.viewport(width, height);
  await page.goto('about:blank');
  const got = await page.evaluate(() => innerWidth);
  return got === width ? `${width} px` : `${width} px (${page.engine}: ${got} px, its narrowest window)`;
}

for (const build of ['react', 'lite'] as const) {
  test.describe(build, () => {
    test.use({ build });

    test('nothing of the theme moves as the widgets load: shop item and shop homepage, phone and wide screen', async ({
      shopper,
      sites,
      engine,
    }) => {
      for (const { width, height } of VIEWPORTS) {
        const label = await sized(shopper, width, height);
        // The template alone moves nothing: what moves below is the widgets' doing.
        await shopper.goto(`${sites.theme}/shop-item-alone.html`);
        await shopper.waitFor('the template to load', () => document.readyState === 'complete', []);
        await shopper.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect((await shiftsSoFar(shopper)).moved, `the template alone, on ${label}`).toEqual([]);
        for (const page of ['shop-item', 'shop-homepage']) {
          await shopper.goto(`${sites.theme}/${page}.html`);
          await settled(shopper);
          const seen = await shiftsSoFar(shopper);
          expect(seen.frames, `${page} on ${label}: frames watched`).toBeGreaterThan(2);
          expect(seen.moved, `${page} on ${label}: landmarks that moved`).toEqual([]);
          if (engine === 'chromium') expect(seen.shifts, `${page} on ${label}: layout shifts`).toEqual([]);
        }
      }
    });
  });
}
