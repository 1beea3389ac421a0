import { test as base, expect } from '@playwright/test';
import type { CookiePolicy, EngineBrowser, EngineName, ShopperPage } from './driver';
import { engineBrowserFixture } from './engines';
import { startTestServers, type Sites, type TestServers, type ThemePages } from './servers';
import { TEMPLATE_ASSETS, templatePage } from '../themes/start-bootstrap';
import { FRAMEWORK_PAGES, FRAMEWORKS } from '../themes/frameworks';

/**
 * README's snippet in public templates no one here wrote (e2e/themes/), on another site, in every
 * engine and both builds: nothing moves, the theme's CSS changes nothing of the widgets' look, the
 * theme's classes dress them as its own controls, nothing overflows on a phone or in a narrow card,
 * and every focus ring is seen whole.
 */

type Build = 'react' | 'lite';
const DIST: Record<Build, string> = { react: 'dist', lite: 'dist/lite' };

const PAGES: ThemePages = {
  ...TEMPLATE_ASSETS,
  ...FRAMEWORK_PAGES,
  '/shop-item.html': (sites) => templatePage('shop-item', sites, { watchShifts: true }),
  '/shop-homepage.html': (sites) => templatePage('shop-homepage', sites, { watchShifts: true }),
  '/shop-item-alone.html': (sites) => templatePage('shop-item', sites, { watchShifts: true, withoutStore: true }),
  '/shop-item-unstyled.html': (sites) => templatePage('shop-item', sites, { themeCss: false }),
  '/shop-item-dressed.html': (sites) => templatePage('shop-item', sites, { watchShifts: true, handOver: true }),
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
  engineBrowser: engineBrowserFixture,
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
      const restock = document.querySelector('store-restock-box');
      const account = document.querySelector('store-account');
      return (
        (!pill || pill.querySelector('.store-installment-pill')) &&
        (!restock || restock.querySelector('.store-restock__button')) &&
        (!account || account.querySelector('.store-account__sign-in')) &&
        (!document.querySelector('store-cart-link') || link) &&
        buttons.every(
          (tag) =>
            tag.querySelector('[data-phase]:not([data-phase=""])') && !tag.querySelector('.store-add-to-cart--pending'),
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

    test('nothing of the theme moves as the widgets load: shop item (own look and dressed) and shop homepage, phone and wide screen', async ({
      shopper,
      sites,
      engine,
    }) => {
      for (const { width, height } of VIEWPORTS) {
        const label = await sized(shopper, width, height);
        // The template alone moves nothing: what moves below is the widgets' doing.
        await shopper.goto(`${sites.theme}/shop-item-alone.html`);
        await shopper.waitFor('the template to load', () => document.readyState === 'complete', []);
        await shopper.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect((await shiftsSoFar(shopper)).moved, `the template alone, on ${label}`).toEqual([]);
        for (const page of ['shop-item', 'shop-homepage', 'shop-item-dressed']) {
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
  'restock call': '.store-restock__cta',
  'restock label': '.store-restock__label',
  'restock e-mail': '.store-restock__email',
  'restock button': '.store-restock__button',
  'account label': 'store-account .store-label',
  'account e-mail': '.store-account__input',
  'account button': '.store-account__sign-in',
  'account switch': '.store-account__switch',
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

/**
 * Controls and text of the widgets that overflow their box or their widget, or whose text a select
 * cuts, each looked at in view (an add button out of view is not laid out).
 */
function overflows(page: ShopperPage): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.closest('[data-item-id], [data-product-id]')?.getAttribute('data-item-id') ?? el.closest('[class]')?.localName} ${el.localName}.${[...el.classList].join('.')}`;
    // A select's text is measured as the same text in a span with its font, beside it.
    const ruler = document.createElement('span');
    ruler.style.cssText = 'position: absolute; visibility: hidden; white-space: pre; padding: 0; border: 0;';
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const widget of document.querySelectorAll(
      'store-add-to-cart, store-installment-pill, store-restock-box, store-cart-link',
    )) {
      widget.scrollIntoView({ block: 'center', behavior: 'instant' });
      await frame();
      const box = widget.getBoundingClientRect();
      for (const el of widget.querySelectorAll<HTMLElement>('*')) {
        const rect = el.getBoundingClientRect();
        // A CAPTCHA provider's box has its own width: its slot scrolls it where the widget is narrower.
        if (
          rect.width === 0 ||
          el.closest('.store-visually-hidden, dialog') ||
          el.parentElement?.closest('.store-restock__captcha')
        ) {
          continue;
        }
        if (rect.left < box.left - 1 || rect.right > box.right + 1) found.push(`${name(el)} leaves its widget`);
        const style = getComputedStyle(el);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        if (style.display !== 'inline' && !scrolls && el.scrollWidth > el.clientWidth + 1)
          found.push(`${name(el)} overflows its box`);
        if (el instanceof HTMLSelectElement) {
          const text = el.selectedOptions[0]?.textContent ?? '';
          ruler.style.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          ruler.style.letterSpacing = style.letterSpacing;
          ruler.textContent = text;
          el.after(ruler);
          const width = ruler.getBoundingClientRect().width;
          ruler.remove();
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          if (width > room + 1) found.push(`${name(el)} cuts "${text}" (${width.toFixed(1)} px in ${room.toFixed(1)})`);
        }
      }
    }
    return found;
  });
}

for (const build of ['react', 'lite'] as const) {
  test.describe(build, () => {
    test.use({ build });

    test("the theme's classes dress the controls: the add button is the template's own outline button", async ({
      shopper,
      sites,
    }) => {
      await shopper.viewport(1280, 900);
      await shopper.goto(`${sites.theme}/shop-item-dressed.html`);
      await settled(shopper);
      const [ours, theirs, select] = await shopper.evaluate(() =>
        [
          'store-add-to-cart[data-item-id=prod-linen-shirt] .store-add-to-cart__button',
          'store-cart-link a.btn',
          'store-add-to-cart[data-item-id=prod-linen-shirt] select',
        ].map((selector) => {
          const el = document.querySelector(selector) as HTMLElement;
          const style = getComputedStyle(el);
          return {
            classes: el.className,
            height: el.getBoundingClientRect().height,
            look: [
              'border-top-left-radius',
              'border-bottom-right-radius',
              'color',
              'background-color',
              'border-top-color',
              'border-top-width',
              'font-size',
              'font-weight',
            ].map((p) => `${p}: ${style.getPropertyValue(p)}`),
          };
        }),
      );
      expect(ours?.classes).toContain('btn btn-outline-dark');
      expect(Math.abs((ours?.height ?? 0) - (theirs?.height ?? 0)), 'the two buttons’ heights').toBeLessThanOrEqual(2);
      expect(ours?.look).toEqual(theirs?.look);
      expect(select?.classes).toContain('form-select');
      expect(Math.abs((select?.height ?? 0) - (theirs?.height ?? 0)), 'the select’s height').toBeLessThanOrEqual(2);
    });

    test('nothing overflows or is cut: the templates on a phone, every widget in a 120 px card', async ({
      shopper,
      sites,
    }) => {
      const label = await sized(shopper, 390, 844);
      for (const page of ['shop-item', 'shop-homepage', 'narrow']) {
        await shopper.goto(`${sites.theme}/${page}.html`);
        await settled(shopper);
        expect(await overflows(shopper), `${page} on ${label}`).toEqual([]);
      }
    });
  });
}

/** Where the focused element's ring is not fully seen: outside the viewport, or cut by an ancestor that clips. */
function ringSeen(page: ShopperPage): Promise<{ what: string; problems: string[] } | null> {
  return page.evaluate(async () => {
    // A theme's smooth scrolling brings the focused element into view over a few frames.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The widgets bring a focused control's ring into view a frame after the engine's own scroll.
    for (let still = 0, last = -1, frames = 0; (still < 3 || frames < 10) && frames < 90; frames++) {
      await frame();
      still = scrollY === last ? still + 1 : 0;
      last = scrollY;
    }
    const el = document.activeElement as HTMLElement | null;
    // The widgets' own controls (a link the theme wrote inside a tag keeps the theme's focus style).
    const ours = el?.matches('[class^="store-"], [class*=" store-"]');
    if (!el || !ours || !el.closest('store-add-to-cart, store-installment-pill, store-restock-box, store-cart-link')) {
      return null;
    }
    const what = `${el.localName}.${[...el.classList].join('.')}`;
    const style = getComputedStyle(el);
    const problems: string[] = [];
    if (!el.matches(':focus-visible'))
      problems.push(`not :focus-visible (the page has the focus: ${document.hasFocus()})`);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) problems.push('no outline');
    const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const box = el.getBoundingClientRect();
    const ring = { left: box.left - reach, top: box.top - reach, right: box.right + reach, bottom: box.bottom + reach };
    if (ring.left < 0 || ring.top < 0 || ring.right > innerWidth || ring.bottom > innerHeight) {
      problems.push(`outside the viewport (${JSON.stringify(ring)})`);
    }
    // A modal dialog sits in the top layer: what is around it in the page clips nothing of it.
    const top = el.closest('dialog:modal') ?? document.documentElement;
    for (let up = el.parentElement; up && up !== top; up = up.parentElement) {
      const s = getComputedStyle(up);
      const clips =
        s.overflowX !== 'visible' ||
        s.overflowY !== 'visible' ||
        /paint|strict|content/.test(s.contain) ||
        s.contentVisibility === 'auto' ||
        s.contentVisibility === 'hidden';
      if (!clips) continue;
      const r = up.getBoundingClientRect();
      if (
        ring.left < r.left - 0.5 ||
        ring.top < r.top - 0.5 ||
        ring.right > r.right + 0.5 ||
        ring.bottom > r.bottom + 0.5
      ) {
        problems.push(`cut by ${up.localName}.${[...up.classList].join('.')}`);
      }
    }
    return { what, problems };
  });
}

for (const build of ['react', 'lite'] as const) {
  test.describe(build, () => {
    test.use({ build });

    test('every focus ring is seen whole: the product page on a phone and a wide screen, and its alert', async ({
      shopper,
      sites,
      engine,
    }) => {
      // Open: WebKitGTK leaves the quantity field's ring below its 447 px window (issue 35).
      test.skip(
        engine === 'webkit',
        "WebKitGTK does not bring the quantity field's ring into view at its narrowest window",
      );
      for (const { width, height } of VIEWPORTS) {
        const label = await sized(shopper, width, height);
        await shopper.goto(`${sites.theme}/shop-item.html`);
        await settled(shopper);
        const seen: string[] = [];
        // Through the page with the keyboard, past the navbar, the product and the related products.
        for (let press = 0; press < 40; press++) {
          await shopper.press('Tab');
          // Stops at the page's last control: a Tab past it leaves the document in Firefox.
          const last = await shopper.evaluate(() => {
            const controls = [...document.querySelectorAll('a[href], button, select, input, textarea, [tabindex]')];
            return controls.filter((c) => c.getClientRects().length > 0).at(-1) === document.activeElement;
          });
          const ring = await ringSeen(shopper);
          if (ring) {
            seen.push(ring.what);
            expect(ring.problems, `${ring.what} on ${label}`).toEqual([]);
          }
          if (last) break;
        }
        expect(seen, `controls reached on ${label}`).toEqual(
          expect.arrayContaining([
            'button.store-installment-pill__info',
            'select.store-select',
            'input.store-input.store-add-to-cart__quantity-input',
            'button.store-button.store-add-to-cart__button',
          ]),
        );
        await shopper.click('store-add-to-cart[data-item-id=prod-linen-shirt] .store-add-to-cart__button');
        await shopper.waitFor(
          'the alert to open',
          () => document.querySelector('dialog[open] .store-alert__message'),
          [],
        );
        const inDialog: string[] = [];
        for (let press = 0; press < 2; press++) {
          await shopper.press('Tab');
          const ring = await ringSeen(shopper);
          if (!ring) continue;
          inDialog.push(ring.what);
          expect(ring.problems, `${ring.what} in the alert on ${label}`).toEqual([]);
        }
        expect(inDialog.sort(), `the alert's controls on ${label}`).toEqual([
          'button.store-button',
          'button.store-dialog__close',
        ]);
      }
    });
  });
}
