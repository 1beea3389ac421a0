import { test as base, expect } from '@playwright/test';
import { chromiumEngine } from './chromium-engine';
import type { CookiePolicy, Engine, EngineBrowser, EngineName, ShopperPage } from './driver';
import { firefoxEngine } from './firefox-engine';
import { startTestServers, type Sites, type TestServers, type ThemePages } from './servers';
import { webkitEngine } from './webkit-engine';
import { TEMPLATE_ASSETS, templatePage } from '../themes/start-bootstrap';
import { FRAMEWORK_PAGES, FRAMEWORKS } from '../themes/frameworks';

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
  ...FRAMEWORK_PAGES,
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
        buttons.every(
          (tag) => tag.querySelector('[data-phase]:not([data-phase=""])') && !tag.querySelector('.store-add-to-cart--pending'),
        )
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

/** The widget parts whose look is compared, by name. */
const PARTS = {
  'add button': 'store-add-to-cart .store-add-to-cart__button',
  'option label': '.store-add-to-cart__option-label',
  'option select': '.store-add-to-cart__option select',
  'quantity label': '.store-add-to-cart__quantity label',
  'quantity input': '.store-add-to-cart__quantity input',
  offer: '.store-installment-pill',
  'offer provider': '.store-installment-pill__provider',
  'offer info button': '.store-installment-pill__info',
  'cart link': 'store-cart-link .store-cart-link',
  'cart count': '.store-cart-link__count',
};
const DIALOG_PARTS = {
  dialog: 'dialog.store-dialog',
  'dialog surface': '.store-dialog__panel',
  'dialog title': '.store-dialog__title',
  'dialog close': '.store-dialog__close',
  'dialog message': '.store-alert__message',
  'dialog OK': 'dialog .store-button',
};
/** What a theme's element-wide rules commonly change: none of it may differ. */
const LOOK = [
  'display',
  'box-sizing',
  'height',
  'margin-top',
  'margin-bottom',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-top-left-radius',
  'border-bottom-right-radius',
  'background-color',
  'background-image',
  'box-shadow',
  'color',
  'opacity',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-decoration-line',
  'vertical-align',
  'cursor',
  'appearance',
];

type Look = Record<string, Record<string, string>>;

/** The computed look of each part present, the add button's disabled cursor, and the look of the alert its click opens. */
async function widgetLook(page: ShopperPage): Promise<Look> {
  const read = (parts: Record<string, string>) =>
    page.evaluate(
      (_, selectors: Record<string, string>, props: string[]) => {
        const look: Record<string, Record<string, string>> = {};
        for (const [name, selector] of Object.entries(selectors)) {
          const element = document.querySelector(selector);
          if (!element) continue;
          const style = getComputedStyle(element);
          look[name] = Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]));
        }
        const button = document.querySelector(selectors['add button'] ?? ':not(*)');
        if (button) {
          button.setAttribute('aria-disabled', 'true');
          look['add button, disabled'] = { cursor: getComputedStyle(button).cursor };
          button.removeAttribute('aria-disabled');
        }
        return look;
      },
      parts,
      LOOK,
    );
  const look = await read(PARTS);
  // No option chosen: the click opens the alert ('Please select the Size and Color options.').
  await page.click('store-add-to-cart[data-item-id=prod-linen-shirt] .store-add-to-cart__button');
  await page.waitFor('the alert to open', () => document.querySelector('dialog[open] .store-alert__message'), []);
  const dialog = await read(DIALOG_PARTS);
  await page.press('Escape');
  return { ...look, ...dialog };
}

/** Where two looks differ: `part: property with / without`. */
function differences(withTheme: Look, without: Look): string[] {
  const found: string[] = [];
  for (const [part, style] of Object.entries(without)) {
    const other = withTheme[part];
    if (!other) {
      found.push(`${part}: missing`);
      continue;
    }
    for (const [property, value] of Object.entries(style)) {
      if (other[property] !== value) found.push(`${part}: ${property} ${other[property]} / ${value}`);
    }
  }
  return found;
}

for (const build of ['react', 'lite'] as const) {
  test.describe(build, () => {
    test.use({ build });

    test("a theme's global CSS changes nothing of the widgets' look: Bootstrap 5.2 and 5.3, Tailwind's preflight, Bulma, two resets", async ({
      shopper,
      sites,
    }) => {
      await shopper.viewport(1280, 900);
      const looks = async (path: string) => {
        await shopper.goto(`${sites.theme}${path}`);
        await settled(shopper);
        return widgetLook(shopper);
      };
      const template = differences(await looks('/shop-item.html'), await looks('/shop-item-unstyled.html'));
      expect(template, 'the Start Bootstrap template, with its stylesheet / without').toEqual([]);
      const bare = await looks('/frameworks/none.html');
      expect(Object.keys(bare)).toEqual(expect.arrayContaining([...Object.keys(PARTS), ...Object.keys(DIALOG_PARTS)]));
      for (const framework of Object.keys(FRAMEWORKS)) {
        expect(differences(await looks(`/frameworks/${framework}.html`), bare), `${framework} / none`).toEqual([]);
      }
    });
  });
}
