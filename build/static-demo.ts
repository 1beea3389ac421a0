import type { Hono } from 'hono';
import { createApp } from '../server-mock/app';
import { listProducts } from '../server-mock/store/catalog';
import { openStore } from '../server-mock/store/open-store';
import { journalItems } from '../server-mock/pages/content-pages';
import { trimChar } from '../contract/trim-char';

/** The file `dist/demo/` pages load instead of `/storefront.js`: picks the store, then loads its bundle. */
export const DEMO_LOADER_FILE = 'demo-loader.js';
/** `{"apiOrigin": "http://localhost:4173"}`: the store the pages talk to, editable after deploying. */
export const DEMO_CONFIG_FILE = 'demo-config.json';

/** Where the static demo pages find the store when nothing else says: `npm start`'s address. */
export const DEFAULT_DEMO_API_ORIGIN = 'http://localhost:4173';

/**
 * Runs in the browser (module script). The store is, first of: `?api=ORIGIN` in the page's URL
 * (kept for the tab, so links between demo pages keep it), `demo-config.json` beside the pages.
 * Its `storefront.js` is loaded from there, so the widgets call that store (`import.meta.url`).
 */
const LOADER_SOURCE = `// Static demo pages: which store to use, then its storefront.js (see docs/testing.md, "Static demo pages").
const KEY = 'storefront-demo-api';
const fromQuery = new URLSearchParams(location.search).get('api');
if (fromQuery) sessionStorage.setItem(KEY, fromQuery);
let api = fromQuery || sessionStorage.getItem(KEY);
if (!api) {
  try {
    const response = await fetch(new URL('${DEMO_CONFIG_FILE}', import.meta.url), { cache: 'no-cache' });
    api = (await response.json()).apiOrigin;
  } catch {
    api = null;
  }
}
let origin = null;
try {
  origin = new URL(api).origin;
} catch {
  console.error('storefront demo: no store to talk to. Open the page with ?api=http://store-origin or set apiOrigin in ${DEMO_CONFIG_FILE}.');
}
if (origin) {
  document.documentElement.dataset.storeApi = origin;
  await import(origin + '/storefront.js');
}
`;

const SCRIPT_TAG = '<script type="module" src="/storefront.js"></script>';

/**
 * What a page offers visitors without JavaScript (forms and links the store answers): a static host
 * cannot answer them, so the page says once that it needs JavaScript instead.
 */
const NO_SCRIPT = /<noscript>[\s\S]*?<\/noscript>/g;
const NO_SCRIPT_NOTE =
  '<noscript><p class="no-script-note">This demo page needs JavaScript: its store answers from another address.</p></noscript>';

function withoutStoreForms(html: string): string {
  return html.replace(NO_SCRIPT, '').replace('<main id="main">', `<main id="main">${NO_SCRIPT_NOTE}`);
}

/** Paths of the demo store rendered as static pages: every shopper page that needs no server form. */
function demoPaths(slugs: readonly string[]): string[] {
  return [
    '/',
    '/shop',
    ...slugs.map((slug) => `/shop/p/${slug}`),
    ...slugs.map((slug) => `/qa/tag/${slug}`),
    '/cart',
    '/checkout',
    '/contact',
    '/newsletter',
    '/forms/redirect',
    '/qa/no-widgets',
    // Content pages, as they are on the day of the build (event dates do not move on a static server).
    '/journal',
    ...journalItems(Date.now()).map((post) => post.fullUrl),
    '/events',
    '/gallery',
  ];
}

/** Where a page's path lands in the folder: `/shop/p/x` -> `shop/p/x/index.html` (pretty URLs on any static server). */
export function fileOfPath(path: string): string {
  return path === '/' ? 'index.html' : `${trimChar(path, '/')}/index.html`;
}

async function text(app: Hono, path: string): Promise<string> {
  const response = await app.request(path);
  if (!response.ok) throw new Error(`The demo page ${path} answered ${response.status}`);
  return response.text();
}

/**
 * Every demo page as plain HTML, rendered by server-mock's own routes and templates from a fresh
 * demo store, plus the stylesheet, the product images, the loader and its config: file path
 * (relative to the demo folder) -> content. Pages load the store's bundle through the loader.
 */
export async function staticDemoFiles(options: { apiOrigin: string }): Promise<Map<string, string>> {
  const db = openStore(':memory:');
  try {
    const app = createApp({ db });
    const files = new Map<string, string>();
    const images = new Set<string>();
    for (const path of demoPaths(listProducts(db).map((p) => p.slug))) {
      // A static file has no per-request CSP nonce to carry: the attributes go.
      const html = withoutStoreForms((await text(app, path)).replace(/ nonce="[^"]*"/g, ''));
      if (!html.includes(SCRIPT_TAG)) throw new Error(`The demo page ${path} does not load ${SCRIPT_TAG}`);
      for (const match of html.matchAll(/\/img\/[\w-]+\.svg/g)) images.add(match[0]);
      files.set(
        fileOfPath(path),
        html.replace(SCRIPT_TAG, `<script type="module" src="/${DEMO_LOADER_FILE}"></script>`),
      );
    }
    files.set('site.css', await text(app, '/site.css'));
    files.set('content.css', await text(app, '/content.css'));
    files.set('favicon.svg', await text(app, '/favicon.svg'));
    // Static servers ignore the query: every `?format=…w` width gets the same (scalable) drawing.
    for (const image of images) files.set(image.slice(1), await text(app, image));
    files.set(DEMO_LOADER_FILE, LOADER_SOURCE);
    files.set(DEMO_CONFIG_FILE, `${JSON.stringify({ apiOrigin: options.apiOrigin }, null, 2)}\n`);
    return files;
  } finally {
    db.close();
  }
}
