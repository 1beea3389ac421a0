/**
 * Screenshots of the public shop templates with the store's widgets in them (e2e/themes/), in every
 * engine, on a phone and a wide screen: `npx tsx scripts/theme-screenshots.ts [OUT_DIR]` after a
 * build. ENGINES=chromium,firefox,webkit picks engines; THEME_OPTIONS='{"handOver":true}' serves
 * the pages with Bootstrap's classes handed to the widgets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumEngine } from '../e2e/engines/chromium-engine';
import type { Engine, EngineName } from '../e2e/engines/driver';
import { firefoxEngine } from '../e2e/engines/firefox-engine';
import { startTestServers } from '../e2e/engines/servers';
import { webkitEngine } from '../e2e/engines/webkit-engine';
import { TEMPLATE_ASSETS, templatePage, type ThemeOptions } from '../e2e/themes/start-bootstrap';

const ENGINES: Record<EngineName, Engine> = { chromium: chromiumEngine, firefox: firefoxEngine, webkit: webkitEngine };
const out = process.argv[2] ?? '.test-results/theme-screenshots';
const picked = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',') as EngineName[];
const options = JSON.parse(process.env.THEME_OPTIONS ?? '{}') as ThemeOptions;
const SIZES = [
  { label: 'phone', width: 390, height: Number(process.env.SHOT_HEIGHT ?? 844) },
  { label: 'wide', width: 1440, height: Number(process.env.SHOT_HEIGHT ?? 900) },
];

mkdirSync(out, { recursive: true });
const servers = await startTestServers({
  pages: {
    ...TEMPLATE_ASSETS,
    '/shop-item.html': (sites) => templatePage('shop-item', sites, options),
    '/shop-homepage.html': (sites) => templatePage('shop-homepage', sites, options),
  },
});
const store = await servers.freshStore();
try {
  for (const name of picked) {
    const browser = await ENGINES[name].launch('default');
    try {
      for (const size of SIZES) {
        for (const template of ['shop-item', 'shop-homepage']) {
          const page = await browser.newPage();
          await page.viewport(size.width, size.height);
          await page.goto(`${servers.theme}/${template}.html`);
          await page.waitFor(
            'every add button to render',
            () => {
              const tags = document.querySelectorAll('store-add-to-cart');
              const pill = document.querySelector('store-installment-pill');
              return (
                tags.length > 0 &&
                [...tags].every((tag) => tag.querySelector('[data-phase]')) &&
                (!pill || pill.querySelector('.store-installment-pill'))
              );
            },
            [],
            20_000,
          );
          for (const scroll of ['top', 'product', 'cards']) {
            await page.evaluate((_, where: string) => {
              const target = document.querySelector(where === 'cards' ? '.card' : 'store-add-to-cart');
              const top = where === 'top' ? 0 : (target?.getBoundingClientRect().top ?? 0) + window.scrollY - 120;
              window.scrollTo(0, top);
            }, scroll);
            await page.evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
            );
            const file = join(out, `${template}-${scroll}-${size.label}-${name}.png`);
            writeFileSync(file, await page.screenshot());
            console.log(file);
          }
          await page.close();
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await store.close();
  await servers.close();
}
