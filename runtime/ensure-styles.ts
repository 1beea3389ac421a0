/**
 * Widget stylesheets: added once per document inside `@layer storefront`, as adopted
 * constructable stylesheets. React-free, so that enhancers of platform markup without React
 * (the gallery) style themselves without pulling React in.
 */
import { pageNonce } from './session/page-nonce';

/** Rules every widget may use: text for screen readers only. */
const BASE_STYLES = `.store-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }`;

/** The cascade layer of every widget rule: a site's unlayered CSS wins over it without `!important`. */
export const STYLE_LAYER = 'storefront';

/** What a document holds of our styles, by id; shared by every copy of the script on the page. */
type Added = Map<string, string>;
const ADDED = Symbol.for('storefront.styles');

function addedTo(doc: Document): Added {
  const holder = doc as Document & { [ADDED]?: Added };
  return (holder[ADDED] ??= new Map());
}

/**
 * Adds a widget's stylesheet (after the base rules) to the document once, however many times it
 * is asked, inside `@layer storefront`. It is a constructable stylesheet adopted by the document
 * (allowed by a strict `style-src 'self'` policy); browsers without those get a `<style>`
 * carrying the store context's nonce.
 */
export function ensureStyles(id: string, css: string, doc: Document = document): void {
  if (id !== 'store-base') ensureStyles('store-base', BASE_STYLES, doc);
  const added = addedTo(doc);
  if (!css || added.has(id)) return;
  const layered = `@layer ${STYLE_LAYER} {\n${css}\n}`;
  added.set(id, layered);
  const Sheet = (doc.defaultView as (Window & typeof globalThis) | null)?.CSSStyleSheet;
  if (Sheet && 'replaceSync' in Sheet.prototype && 'adoptedStyleSheets' in doc) {
    const sheet = new Sheet();
    sheet.replaceSync(layered);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement('style');
  style.dataset.storeStyles = id;
  const nonce = pageNonce(doc);
  if (nonce) style.nonce = nonce;
  style.textContent = layered;
  doc.head.append(style);
}

/** The CSS added for `id` (as added: inside the layer), or undefined; for tests and tools. */
export function addedStyles(id: string, doc: Document = document): string | undefined {
  return addedTo(doc).get(id);
}
