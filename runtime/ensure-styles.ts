/**
 * Stylesheets added to a document once, as adopted constructable stylesheets: the loader's reserved
 * boxes, and (through widget-styles.ts, which weighs them first) every widget's. The loader carries
 * it and hands it to the chunks (loader-api.ts).
 */
import { pageNonce } from './session/page-nonce';

/**
 * Rules every widget may use, already weighed: every element of a widget (each wears a `store-`
 * class) sizes its border box and has no border unless its own rules give one, whatever the page's `*`
 * rule says; text for screen readers only.
 */
const BASE_STYLES = `html :where([class^="store-"], [class*=" store-"]) { box-sizing: border-box; border: 0 none; }
html :where(.store-visually-hidden) { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }`;

/** What a document holds of our styles, by id; shared by every copy of the script on the page. */
type Added = Map<string, string>;
const ADDED = Symbol.for('storefront.styles');

function addedTo(doc: Document): Added {
  const holder = doc as Document & { [ADDED]?: Added };
  return (holder[ADDED] ??= new Map());
}

/**
 * Adds CSS that is already weighed (the loader's reserved boxes) to the document once, however many
 * times it is asked, after the base rules. It is a constructable stylesheet adopted by the
 * document, so it comes after the page's own stylesheets (and is allowed by a strict
 * `style-src 'self'` policy); browsers without those get a `<style>` at the end of `<head>`,
 * carrying the store context's nonce.
 */
export function adoptStyles(id: string, css: string, doc: Document = document): void {
  if (id !== 'store-base') adoptStyles('store-base', BASE_STYLES, doc);
  const added = addedTo(doc);
  if (!css || added.has(id)) return;
  added.set(id, css);
  const Sheet = (doc.defaultView as (Window & typeof globalThis) | null)?.CSSStyleSheet;
  if (Sheet && 'replaceSync' in Sheet.prototype && 'adoptedStyleSheets' in doc) {
    const sheet = new Sheet();
    sheet.replaceSync(css);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement('style');
  style.dataset.storeStyles = id;
  const nonce = pageNonce(doc);
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  doc.head.append(style);
}

/** The CSS added for `id` (as added: weighed), or undefined; for tests and tools. */
export function addedStyles(id: string, doc: Document = document): string | undefined {
  return addedTo(doc).get(id);
}
