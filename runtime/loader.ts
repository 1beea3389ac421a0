/**
 * The storefront script. It knows every `store-*` tag and every piece of platform markup
 * the widgets understand, and loads a widget's code (and React with it) only when such an
 * element first appears in the document.
 */

import { listenForReviewsAnchors, reviewsAllowed } from '../widgets/reviews-loader/reviews-gate';

type WidgetModule = () => Promise<unknown>;
type EnhancerModule = () => Promise<{ enhance(element: Element): void }>;

/** Tag -> the chunk that defines it. */
export const WIDGETS: Readonly<Record<string, WidgetModule>> = {
  'store-add-to-cart': () => import('../widgets/add-to-cart/add-to-cart.element'),
  'store-cart-pill': () => import('../widgets/cart-pill/cart-pill.element'),
  'store-restock-box': () => import('../widgets/restock-box/restock-box.element'),
  'store-restock-admin': () => import('../widgets/restock-admin/restock-admin.element'),
  'store-site-form': () => import('../widgets/site-form/site-form.element'),
  'store-installment-pill': () => import('../widgets/installment-pill/installment-pill.element'),
  'store-product-block': () => import('../widgets/product-block/product-block.element'),
  'store-reviews': () => import('../widgets/reviews-loader/reviews.element'),
  'store-cart-page': () => import('../widgets/cart-page/cart-page.element'),
  'store-census': () => import('../widgets/census-tracker/census-tracker.element'),
};

/**
 * Tags whose code is fetched only once an element comes near the viewport, and only
 * where the page allows them at all.
 */
export const NEAR_VIEWPORT: Readonly<Record<string, (doc: Document) => boolean>> = {
  'store-reviews': reviewsAllowed,
};

/** How far below the fold a lazy widget starts loading. */
const NEAR = '600px 0px';

/**
 * Selector of markup the platform's formatters render -> the chunk that brings it to life,
 * with the page left as it is (`add-to-cart-btn` output, say).
 */
export const PLATFORM_MARKUP: Readonly<Record<string, EnhancerModule>> = {
  '.sqs-add-to-cart-button[data-item-id]': () => import('../widgets/add-to-cart/platform-add-to-cart'),
  '.sqs-money-native': () => import('../widgets/money-native/money-native'),
  '.product-restock-notification[data-product-id]': () => import('../widgets/restock-box/platform-restock'),
};

const LOADER_KEY = Symbol.for('storefront.loader');

interface LoaderState {
  requested: Set<string>;
  enhancers: Map<string, Promise<{ enhance(element: Element): void }>>;
  observer: MutationObserver | null;
  /** Watches lazy widgets until they come near the viewport. */
  nearViewport: IntersectionObserver | null;
}

/** Loads the element's chunk now, or once it nears the viewport for lazy tags. */
function requestWidget(state: LoaderState, element: Element): void {
  const tag = element.localName;
  const allowed = NEAR_VIEWPORT[tag];
  if (!allowed) return loadWidget(state, tag);
  if (state.requested.has(tag) || !allowed(element.ownerDocument)) return;
  if (typeof IntersectionObserver === 'undefined') return loadWidget(state, tag);
  state.nearViewport ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        state.nearViewport?.unobserve(entry.target);
        loadWidget(state, entry.target.localName);
      }
    },
    { rootMargin: NEAR },
  );
  state.nearViewport.observe(element);
}

function loadWidget(state: LoaderState, tag: string): void {
  const load = WIDGETS[tag];
  if (!load || state.requested.has(tag) || customElements.get(tag)) return;
  state.requested.add(tag);
  load().catch((error: unknown) => {
    // Let a later appearance of the tag try again (e.g. after a network blip).
    state.requested.delete(tag);
    console.warn(`Loading chunk ${tag} failed`, error);
  });
}

function enhanceMarkup(state: LoaderState, selector: string, element: Element): void {
  const load = PLATFORM_MARKUP[selector];
  if (!load) return;
  let module = state.enhancers.get(selector);
  if (!module) {
    module = load();
    state.enhancers.set(selector, module);
    module.catch((error: unknown) => {
      state.enhancers.delete(selector);
      console.warn(`Loading chunk for ${selector} failed`, error);
    });
  }
  module.then((m) => m.enhance(element)).catch(() => undefined);
}

const tagSelector = Object.keys(WIDGETS).join(',');
const markupSelectors = Object.keys(PLATFORM_MARKUP);

function scan(state: LoaderState, root: ParentNode): void {
  if (root instanceof Element && root.matches(tagSelector)) requestWidget(state, root);
  for (const element of root.querySelectorAll(tagSelector)) requestWidget(state, element);
  for (const selector of markupSelectors) {
    if (root instanceof Element && root.matches(selector)) enhanceMarkup(state, selector, root);
    for (const element of root.querySelectorAll(selector)) enhanceMarkup(state, selector, element);
  }
}

/** Starts watching `doc` for widget tags and platform markup; calling it again (a second copy of the script) does nothing. */
export function startLoader(doc: Document = document): void {
  const scope = globalThis as typeof globalThis & { [LOADER_KEY]?: LoaderState };
  if (scope[LOADER_KEY]) return;
  const state: LoaderState = { requested: new Set(), enhancers: new Map(), observer: null, nearViewport: null };
  scope[LOADER_KEY] = state;
  listenForReviewsAnchors(doc);

  scan(state, doc);
  state.observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) scan(state, node);
      }
    }
  });
  state.observer.observe(doc.documentElement, { childList: true, subtree: true });
}

if (typeof document !== 'undefined') startLoader();
