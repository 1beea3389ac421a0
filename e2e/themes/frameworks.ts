/**
 * The global CSS a theme brings, straight from the public packages (pinned in package.json, each
 * with its licence): Bootstrap's reboot and components, Tailwind's preflight as Tailwind ships it
 * (in its `base` layer) and as a site that imports the file alone has it (unlayered), Bulma, and
 * two resets. A page of README's tags loads one of them, or none: the widgets must look the same.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { THEME_CONTEXT } from '../theme-page';
import type { Sites, ThemePages } from '../engines/servers';
import { addToCartTag } from './start-bootstrap';

const require = createRequire(import.meta.url);
const fileOf = (name: string, path: string) => join(dirname(require.resolve(`${name}/package.json`)), path);

/** Each framework: its stylesheet, and how a page loads it. */
export const FRAMEWORKS = {
  'bootstrap-5.3': { file: fileOf('bootstrap', 'dist/css/bootstrap.min.css'), layered: false },
  'tailwind-4-preflight': { file: fileOf('tailwindcss', 'preflight.css'), layered: true },
  'tailwind-4-preflight-unlayered': { file: fileOf('tailwindcss', 'preflight.css'), layered: false },
  'bulma-1': { file: fileOf('bulma', 'css/bulma.min.css'), layered: false },
  'modern-normalize-3': { file: fileOf('modern-normalize', 'modern-normalize.css'), layered: false },
  'meyer-reset': { file: fileOf('reset-css', 'reset.css'), layered: false },
} as const;

export type Framework = keyof typeof FRAMEWORKS;

/** Text the page itself sets, after the framework: what the widgets inherit is the same with or without it. */
const PAGE_TEXT = 'body { margin: 1rem; font: 16px/1.5 sans-serif; color: #222; background: #fff; text-align: start; }';

/** A page with README's tags (and a restock sign-up and the member sign-in) under `framework`'s CSS, or under none. */
export function frameworkPage(sites: Sites, framework: Framework | null): string {
  const css = framework
    ? FRAMEWORKS[framework].layered
      ? `<style>@layer theme, base, components, utilities; @import url("/frameworks/${framework}.css") layer(base);</style>`
      : `<link rel="stylesheet" href="/frameworks/${framework}.css">`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${framework ?? 'no framework'}</title>
${css}<style>${PAGE_TEXT}</style>
<link rel="stylesheet" href="${sites.store}/storefront.css">
<script type="application/json" id="store-context">${JSON.stringify(THEME_CONTEXT)}</script>
<script type="module" src="${sites.store}/storefront.js"></script></head>
<body><header><store-cart-link data-subtotal></store-cart-link></header>
<main><h1>Linen Shirt</h1>
<store-installment-pill data-item-id="prod-linen-shirt" data-after-pay-available data-after-pay-min="3500" data-after-pay-max="200000" data-shopper-language="en" data-stripe-account-country="US" data-price="4800" data-currency="USD"></store-installment-pill>
${addToCartTag('prod-linen-shirt')}
<h2>Ceramic Mug</h2>
<store-restock-box data-product-id="prod-ceramic-mug" data-variants='[{"sku":"MUG-1","attributes":{},"qtyInStock":0}]'></store-restock-box>
<aside><store-account></store-account></aside></main></body></html>`;
}

/** The framework pages and their stylesheets. */
export const FRAMEWORK_PAGES: ThemePages = {
  '/frameworks/none.html': (sites) => frameworkPage(sites, null),
  '/narrow.html': (sites) => narrowPage(sites),
  ...Object.fromEntries(
    (Object.keys(FRAMEWORKS) as Framework[]).flatMap((name) => [
      [`/frameworks/${name}.html`, (sites: Sites) => frameworkPage(sites, name)],
      [`/frameworks/${name}.css`, () => ({ type: 'text/css', body: readFileSync(FRAMEWORKS[name].file) })],
    ]),
  ),
};

/** A page whose widgets sit in a 120 px wide card: README's tags of every kind of product, the offer, the restock sign-up, the cart link. */
export function narrowPage(sites: Sites): string {
  return frameworkPage(sites, null).replace(
    /<main>[\s\S]*<\/main>/,
    `<main><div class="card" style="width: 120px; border: 1px solid #ccc">
<store-installment-pill data-item-id="prod-linen-shirt" data-after-pay-available data-after-pay-min="3500" data-after-pay-max="200000" data-shopper-language="en" data-stripe-account-country="US" data-price="4800" data-currency="USD"></store-installment-pill>
${['prod-linen-shirt', 'prod-canvas-tote', 'prod-field-guide', 'prod-gift-card', 'prod-coffee-club'].map(addToCartTag).join('\n')}
<store-restock-box data-product-id="prod-ceramic-mug" data-variants='[{"sku":"MUG-1","attributes":{},"qtyInStock":0}]'></store-restock-box>
</div></main>`,
  );
}
