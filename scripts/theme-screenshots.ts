/**
 * Screenshots of the public shop templates with the store's widgets in them (e2e/themes/), in every
 * engine, on a phone and a wide screen, in the widgets' own look and with docs/theming.md's Bootstrap
 * recipe: `npx tsx scripts/theme-screenshots.ts [OUT_DIR]` after a build. ENGINES=chromium,firefox,webkit
 * picks engines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineName } from '../e2e/engines/driver';
import { openEngine } from '../e2e/engines/engines';
import { startTestServers, type Sites } from '../e2e/engines/servers';
import { TEMPLATE_ASSETS, templatePage, type ThemeOptions } from '../e2e/themes/start-bootstrap';

const out = process.argv[2] ?? '.test-results/theme-screenshots';
const picked = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',') as EngineName[];
const LOOKS: Record<string, ThemeOptions> = { own: {}, handed: { handOver: true } };
/** What each template's shot shows: the product on the item page, the cards on the homepage. */
const VIEWS = { 'shop-item': 'store-add-to-cart', 'shop-homepage': '.card' } as const;
const SIZES = [
  { label: 'phone', width: 390, height: Number(process.env.SHOT_HEIGHT ?? 844) },
  { label: 'wide', width: 1440, height: Number(process.env.SHOT_HEIGHT ?? 900) },
];

mkdirSync(out, { recursive: true });
const servers = await startTestServers({
  pages: {
    ...TEMPLATE_ASSETS,
    ...Object.fromEntries(
      Object.entries(LOOKS).flatMap(([look, options]) =>
        Object.keys(VIEWS).map((template) => [
          `/${look}-${template}.html`,
          (sites: Sites) => templatePage(template as keyof typeof VIEWS, sites, options),
        ]),
      ),
    ),
  },
});
const store = await servers.freshStore();
try {
  for (const name of picked) {
    const browser = await openEngine(name, 'default');
    try {
      for (const size of SIZES) {
        for (const [template, view] of Object.entries(VIEWS)) {
          for (const look of Object.keys(LOOKS)) {
            const page = await browser.newPage();
            await page.viewport(size.width, size.height);
            await page.goto(`${servers.theme}/${look}-${template}.html`);
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
            await page.evaluate((_, selector: string) => {
              const target = document.querySelector(selector);
              window.scrollTo({
                top: (target?.getBoundingClientRect().top ?? 0) + window.scrollY - 120,
                behavior: 'instant',
              });
            }, view);
            await page.evaluate(
              () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
            );
            const file = join(out, `${look}-${template}-${size.label}-${name}.png`);
            writeFileSync(file, await page.screenshot());
            console.log(file);
            await page.close();
          }
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
