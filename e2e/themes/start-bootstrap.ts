/**
 * Two public shop templates that no one on this project wrote, Start Bootstrap's "Shop Item" and
 * "Shop Homepage" (MIT, pinned in package.json; Bootstrap 5.2.3 inside), served as a theme developer
 * would after pasting README's snippet into them. Their HTML is read from node_modules and changed
 * only where README says to: the snippet in `<head>`, the tags where the template had its own
 * add-to-cart buttons and cart button. What the offline test machine cannot fetch (CDN icons,
 * placeholder images) is served locally, and images get the size they load at, so the template
 * itself moves nothing as it loads (a control page without our script checks that).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { attr, THEME_CONTEXT } from '../theme-page';
import type { Sites, ThemePages } from '../engines/servers';
import catalog from '../../demo-pages/store.json' with { type: 'json' };
import { showsQuantityField } from '../../contract/add-to-cart-check';
import { ProductType } from '../../contract/enumerations';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export type TemplateName = 'shop-item' | 'shop-homepage';

/** How a page is served: with or without the template's own stylesheet, and the classes handed to the widgets. */
export interface ThemeOptions {
  /** Without it, the page keeps the body text styles the stylesheet gave (so only the widgets' own look differs). */
  readonly themeCss?: boolean;
  /** The Bootstrap recipe of docs/theming.md: Bootstrap's classes handed to the widgets' controls, and its rule. */
  readonly handOver?: boolean;
  /** Without storefront.js and storefront.css: the template as it moves (or not) on its own. */
  readonly withoutStore?: boolean;
  /** With the watch that records what moves (SHIFT_WATCH), first in `<head>`. */
  readonly watchShifts?: boolean;
}

/**
 * What moves on the page from its first rendering on, as `window.__shifts`: the layout shifts
 * Chromium reports, and, in every engine, the landmarks of the template (headings, lead text,
 * images, card titles, footer) whose place on the page changes from one frame to the next. It stops
 * when the test sets `__shifts.stop`.
 */
export const SHIFT_WATCH = `(() => {
  const landmarks = 'nav .navbar-brand, h1, .lead, h2, h5, .card-img-top, .card-body, footer, section';
  const log = (window.__shifts = { cls: 0, shifts: [], moved: [], frames: 0, stop: false });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        log.cls += entry.value;
        log.shifts.push(entry.sources.map((s) => (s.node && s.node.nodeName) + ' ' + JSON.stringify(s.previousRect) + ' -> ' + JSON.stringify(s.currentRect)).join('; '));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
  const first = new Map();
  const name = (el) => el.localName + (el.className ? '.' + String(el.className).trim().split(/\\s+/).join('.') : '') + ' "' + (el.textContent || '').trim().slice(0, 24) + '"';
  const frame = () => {
    if (log.stop) return;
    log.frames++;
    for (const el of document.querySelectorAll(landmarks)) {
      const r = el.getBoundingClientRect();
      const at = Math.round(r.left + scrollX) + ',' + Math.round(r.top + scrollY);
      const was = first.get(el);
      if (was === undefined) first.set(el, at);
      else if (was !== at && log.moved.length < 20) {
        log.moved.push(name(el) + ' from ' + was + ' to ' + at + ' in frame ' + log.frames);
        first.set(el, at);
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** What Bootstrap 5.2 gives `body`, for the page without the stylesheet. */
const BOOTSTRAP_BODY_TEXT =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans","Liberation Sans",Arial,sans-serif;font-size:1rem;font-weight:400;line-height:1.5;color:#212529}';

/** The classes a Bootstrap theme hands to the widgets (docs/theming.md). */
/** The rule of docs/theming.md's Bootstrap recipe: Bootstrap's control height, corners and focus ring. */
const BOOTSTRAP_RECIPE = `:root {
  --store-control-height: calc(1.5em + 0.75rem + 2px);
  --store-radius: var(--bs-border-radius);
  --store-focus-ring: 3px solid rgba(var(--bs-primary-rgb), 0.5);
}`;

export const BOOTSTRAP_CLASSES = {
  button: 'btn btn-outline-dark',
  secondaryButton: 'btn btn-outline-secondary',
  select: 'form-select',
  input: 'form-control',
  label: 'form-label',
  dialog: 'modal-content',
};

interface CatalogProduct {
  id: string;
  name: string;
  productType: number;
  isSubscribable?: boolean;
  variantOptionOrdering?: string[];
  variants: { sku: string; attributes?: Record<string, string>; qtyInStock?: number; unlimited?: boolean }[];
}

const PRODUCTS = new Map((catalog.products as CatalogProduct[]).map((product) => [product.id, product]));

function product(id: string): CatalogProduct {
  const found = PRODUCTS.get(id);
  if (!found) throw new Error(`the demo catalog has no ${id}`);
  return found;
}

/** README's add-to-cart tag for a product of the demo catalog, with the data a theme copies from the store. */
export function addToCartTag(id: string): string {
  const { productType, isSubscribable, variantOptionOrdering = [], variants } = product(id);
  const data = variants.map(({ sku, attributes = {}, qtyInStock, unlimited }) =>
    unlimited ? { sku, attributes, unlimited } : { sku, attributes, qtyInStock: qtyInStock ?? 0 },
  );
  const options = variants.length > 1 ? variantOptionOrdering : [];
  const quantityType = productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
  const quantity = showsQuantityField({
    productType,
    subscribable: Boolean(isSubscribable),
    variants: data,
    multipleQuantityAllowedForServices: true,
  });
  // The box held before the code arrives: README's hints, where the data holds no quantity field.
  const hints = `${options.length > 0 ? ` data-reserve-options="${options.length}"` : ''}${quantityType && !quantity && !isSubscribable ? ' data-reserve-quantity="0"' : ''}`;
  return `<store-add-to-cart data-item-id="${id}" data-product-type="${productType}"${isSubscribable ? ' data-subscribable="true"' : ''} data-variants='${attr(data)}'${options.length > 0 ? ` data-variant-option-ordering='${attr(options)}'` : ''}${hints}></store-add-to-cart>`;
}

/** The products of the cards, in the template's order. */
const CARDS: Record<TemplateName, string[]> = {
  'shop-item': ['prod-field-guide', 'prod-brass-lantern', 'prod-canvas-tote', 'prod-engraved-pen'],
  'shop-homepage': [
    'prod-linen-shirt',
    'prod-ceramic-mug',
    'prod-field-guide',
    'prod-portrait-session',
    'prod-gift-card',
    'prod-coffee-club',
    'prod-engraved-pen',
    'prod-canvas-tote',
  ],
};

/** Replaces `from` once, and fails when the template no longer has it (a new version changed its markup). */
function replaceOnce(html: string, from: string | RegExp, to: string | ((match: string) => string)): string {
  const found = typeof from === 'string' ? html.includes(from) : from.test(html);
  if (!found) throw new Error(`the template no longer has ${String(from)}`);
  return html.replace(from, to as string);
}

function snippet(sites: Sites, options: ThemeOptions): string {
  const context = options.handOver ? { ...THEME_CONTEXT, classes: BOOTSTRAP_CLASSES } : THEME_CONTEXT;
  return `<link rel="stylesheet" href="${sites.store}/storefront.css" />
        <script type="application/json" id="store-context">${JSON.stringify(context)}</script>
        <script type="module" src="${sites.store}/storefront.js"></script>`;
}

/** The navbar's cart button, now the store's cart link: the template's own markup, its count kept by the widget. */
function cartLink(sites: Sites): string {
  return `<store-cart-link><a class="btn btn-outline-dark" href="${sites.store}/cart"><i class="bi-cart-fill me-1"></i>Cart <span class="badge bg-dark text-white ms-1 rounded-pill sqs-cart-quantity">0</span></a></store-cart-link>`;
}

const PRODUCT_TAGS = `<store-installment-pill data-item-id="prod-linen-shirt" data-after-pay-available data-after-pay-min="3500" data-after-pay-max="200000" data-shopper-language="en" data-stripe-account-country="US" data-price="4800" data-currency="USD"></store-installment-pill>
                        ${addToCartTag('prod-linen-shirt')}`;

/** One of the two templates, as a theme developer serves it with the store's widgets in it. */
export function templatePage(name: TemplateName, sites: Sites, options: ThemeOptions = {}): string {
  let html = readFileSync(join(packageDir(`startbootstrap-${name}`), 'dist', 'index.html'), 'utf8');
  if (options.watchShifts)
    html = replaceOnce(
      html,
      '<meta charset="utf-8" />',
      `<meta charset="utf-8" />\n        <script>${SHIFT_WATCH}</script>`,
    );
  html = replaceOnce(
    html,
    /\s*<link href="https:\/\/cdn\.jsdelivr\.net\/npm\/bootstrap-icons@[^"]+" rel="stylesheet" \/>/,
    '',
  );
  html = replaceOnce(
    html,
    '<link href="css/styles.css" rel="stylesheet" />',
    (options.themeCss === false
      ? `<style>${BOOTSTRAP_BODY_TEXT}</style>`
      : `<link href="/${name}/css/styles.css" rel="stylesheet" />`) +
      (options.handOver ? `\n        <style>${BOOTSTRAP_RECIPE}</style>` : '') +
      (options.withoutStore ? '' : `\n        ${snippet(sites, options)}`),
  );
  html = replaceOnce(
    html,
    /<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/bootstrap@[^"]+\/dist\/js\/bootstrap\.bundle\.min\.js"><\/script>/,
    '<script src="/bootstrap/bootstrap.bundle.min.js"></script>',
  );
  html = replaceOnce(html, '<script src="js/scripts.js"></script>', '');
  // Placeholder images, served here at the size the template asks for, with that size on the tag.
  html = html.replace(
    /<img class="([^"]*)" src="https:\/\/dummyimage\.com\/(\d+)x(\d+)\/[^"]*" alt="([^"]*)" \/>/g,
    (_, cls: string, width: string, height: string, alt: string) =>
      `<img class="${cls}" src="/placeholder/${width}x${height}.svg" width="${width}" height="${height}" style="height:auto" alt="${alt}" />`,
  );
  html = replaceOnce(html, /<form class="d-flex">[\s\S]*?<\/form>/, cartLink(sites));
  if (name === 'shop-item') {
    html = replaceOnce(
      html,
      /<div class="d-flex">\s*<input class="form-control[\s\S]*?<\/button>\s*<\/div>/,
      PRODUCT_TAGS,
    );
  }
  const cards = [...CARDS[name]];
  html = html.replace(
    /<div class="text-center"><a class="btn btn-outline-dark mt-auto" href="#">[^<]*<\/a><\/div>/g,
    () => {
      const id = cards.shift();
      if (!id) throw new Error(`the ${name} template has more cards than this page fills`);
      return `<div class="text-center">${addToCartTag(id)}</div>`;
    },
  );
  if (cards.length > 0) throw new Error(`the ${name} template has fewer cards than this page fills`);
  return html;
}

/** A grey placeholder image of the given size. */
function placeholder(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#dee2e6"/><text x="50%" y="50%" fill="#6c757d" font-family="sans-serif" font-size="${Math.round(width / 10)}" text-anchor="middle" dominant-baseline="middle">${width}×${height}</text></svg>`;
}

/** The files the templates load, served from their packages. */
export const TEMPLATE_ASSETS: ThemePages = {
  '/shop-item/css/styles.css': () => ({
    type: 'text/css',
    body: readFileSync(join(packageDir('startbootstrap-shop-item'), 'dist', 'css', 'styles.css')),
  }),
  '/shop-homepage/css/styles.css': () => ({
    type: 'text/css',
    body: readFileSync(join(packageDir('startbootstrap-shop-homepage'), 'dist', 'css', 'styles.css')),
  }),
  '/bootstrap/bootstrap.bundle.min.js': () => ({
    type: 'text/javascript',
    body: readFileSync(join(packageDir('bootstrap'), 'dist', 'js', 'bootstrap.bundle.min.js')),
  }),
  '/placeholder/600x700.svg': () => ({ type: 'image/svg+xml', body: placeholder(600, 700) }),
  '/placeholder/450x300.svg': () => ({ type: 'image/svg+xml', body: placeholder(450, 300) }),
};
