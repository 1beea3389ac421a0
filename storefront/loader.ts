/**
 * The storefront script. It knows every `store-*` tag and every piece of platform markup
 * the widgets understand (registry.generated.ts, derived from the widget definitions), and
 * loads a widget's code (and React with it) only when such an element first appears in the document.
 */

import {
  AFTER_INTERACTIVE,
  AFTER_INTERACTIVE_MARKUP,
  NEAR_VIEWPORT,
  PLATFORM_MARKUP,
  RESERVED_BOXES,
  WIDGETS,
} from './registry.generated';
import { listenForReviewsAnchors, pageContext } from './reviews-gate';
import { getVariant, isFeatureEnabled, isFeatureToggleEnabled } from '../runtime/experiments';
import { chunkLoadFailed, loadChunk } from '../runtime/errors/chunk-load';
import { ERROR_STRINGS } from '../contract/widget-messages/error';
import { holdClicks, takeClicks } from '../runtime/early-clicks';
import { adoptStyles } from '../runtime/ensure-styles';
import '../runtime/provide-loader-api';

/** The public API of storefront.js for theme code: `import { getVariant } from '/storefront.js'`. */
export { getVariant, isFeatureEnabled, isFeatureToggleEnabled };
export type { ExperimentResult } from '../runtime/experiments';

/** The same API for plain pages, as `window.storefront` (merged into what is there). */
export interface StorefrontApi {
  getVariant: typeof getVariant;
  isFeatureToggleEnabled: typeof isFeatureToggleEnabled;
  isFeatureEnabled: typeof isFeatureEnabled;
}

/** How far below the fold a lazy widget starts loading. */
const NEAR = '600px 0px';

/** How long an after-interactive chunk waits for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

const LOADER_KEY = Symbol.for('storefront.loader');

/**
 * The performance mark the loader sets when the page is interactive and the after-interactive
 * chunks start loading (the bench counts the bytes fetched before it).
 */
export const INTERACTIVE_MARK = 'storefront:interactive';

/** A shopper reaching for an after-interactive widget: its code loads at once. */
const CONTACT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

interface LoaderState {
  doc: Document;
  requested: Set<string>;
  enhancers: Map<string, Promise<{ enhance(element: Element): void }>>;
  observer: MutationObserver | null;
  /** Watches lazy widgets until they come near the viewport. */
  nearViewport: IntersectionObserver | null;
  /** Resolves once the page is interactive (see {@link whenInteractive}); made on first need. */
  interactive: Promise<void> | null;
  /** Markup elements already handed to their enhancer. */
  enhanced: WeakSet<Element>;
  /** Widget and enhancer chunks being fetched: the page is interactive once none is left. */
  pending: Set<Promise<unknown>>;
}

/** Resolves once no widget or enhancer chunk is being fetched (also those asked for meanwhile). */
async function settled(state: LoaderState): Promise<void> {
  while (state.pending.size > 0) await Promise.allSettled([...state.pending]);
}

function track<T>(state: LoaderState, loading: Promise<T>): Promise<T> {
  state.pending.add(loading);
  const done = () => state.pending.delete(loading);
  loading.then(done, done);
  return loading;
}

/**
 * Runs `run` once the page is interactive: it has loaded, the widgets' code has arrived
 * (`ready` resolved), and the browser is idle (or IDLE_TIMEOUT_MS went by waiting for idle).
 */
export function whenInteractive(doc: Document, ready: () => Promise<void>, run: () => void): void {
  const view = doc.defaultView;
  const idle = () => {
    if (view && typeof view.requestIdleCallback === 'function')
      view.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  const afterLoad = () => void ready().then(idle);
  if (doc.readyState === 'complete' || !view) afterLoad();
  else view.addEventListener('load', afterLoad, { once: true });
}

/** The page's interactive moment, shared by every after-interactive tag and enhancer. */
function interactive(state: LoaderState, doc: Document): Promise<void> {
  state.interactive ??= new Promise((resolve) =>
    whenInteractive(
      doc,
      () => settled(state),
      () => {
        globalThis.performance?.mark?.(INTERACTIVE_MARK);
        resolve();
      },
    ),
  );
  return state.interactive;
}

/** Runs `run` once, on the first contact (pointer, touch or focus) with `element`. */
function onContact(element: Element, run: () => void): void {
  const once = () => {
    for (const type of CONTACT_EVENTS) element.removeEventListener(type, once, true);
    run();
  };
  for (const type of CONTACT_EVENTS) element.addEventListener(type, once, { capture: true, passive: true });
}

/**
 * Loads the element's chunk now; once it nears the viewport for lazy tags; once the page is
 * interactive (or the shopper reaches for it) for after-interactive tags.
 */
function requestWidget(state: LoaderState, element: Element): void {
  const tag = element.localName;
  if (state.requested.has(tag)) return;
  const rule = NEAR_VIEWPORT[tag];
  if (rule && !rule(pageContext(element.ownerDocument))) {
    // Not for this page (e.g. reviews off): said on the element, and its code never loads.
    element.setAttribute('data-store-state', 'off');
    return;
  }
  const load = () => (rule ? watchNearViewport(state, element) : loadWidget(state, tag));
  if (!AFTER_INTERACTIVE.has(tag)) return load();
  // Its server markup shows all there is until the shopper acts: the add button's code comes first.
  onContact(element, () => loadWidget(state, tag));
  void interactive(state, element.ownerDocument).then(load);
}

function watchNearViewport(state: LoaderState, element: Element): void {
  if (typeof IntersectionObserver === 'undefined') return loadWidget(state, element.localName);
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
  track(state, loadChunk(tag, load)).then(
    () => markFailed(state.doc, tag, false),
    (error: unknown) => {
      // Let a later appearance of the tag try again (e.g. after a network blip).
      state.requested.delete(tag);
      chunkLoadFailed(error);
      markFailed(state.doc, tag, true);
    },
  );
}

/** What an element whose code could not load says (the store's `error.loadFailed` message when it gives one). */
function loadFailedText(doc: Document): string {
  const messages = pageContext(doc).messages as Record<string, unknown> | null | undefined;
  const text = messages?.['error.loadFailed'];
  return typeof text === 'string' && text ? text : ERROR_STRINGS['error.loadFailed'];
}

/**
 * Marks the elements of `tag` whose code could not load (`data-store-state="failed"`, and a
 * `.store-load-failed` note saying so), or clears the marks once a later appearance loaded it.
 */
function markFailed(doc: Document, tag: string, failed: boolean): void {
  for (const element of doc.querySelectorAll(tag)) {
    const note = element.querySelector(':scope > .store-load-failed');
    if (!failed) {
      note?.remove();
      if (element.getAttribute('data-store-state') === 'failed') element.removeAttribute('data-store-state');
      continue;
    }
    element.setAttribute('data-store-state', 'failed');
    if (note) continue;
    const text = doc.createElement('p');
    text.className = 'store-load-failed';
    text.textContent = loadFailedText(doc);
    element.append(text);
  }
}

function enhanceMarkup(state: LoaderState, selector: string, element: Element): void {
  if (!PLATFORM_MARKUP[selector] || state.enhanced.has(element)) return;
  // A platform button clicked before its code arrives: the click is kept for the code to replay.
  if (element.getAttribute('role') === 'button') holdClicks(element);
  if (!AFTER_INTERACTIVE_MARKUP.has(selector) || state.enhancers.has(selector)) {
    return enhanceNow(state, selector, element);
  }
  const run = () => enhanceNow(state, selector, element);
  onContact(element, run);
  void interactive(state, element.ownerDocument).then(run);
}

function enhanceNow(state: LoaderState, selector: string, element: Element): void {
  const load = PLATFORM_MARKUP[selector];
  if (!load || state.enhanced.has(element)) return;
  state.enhanced.add(element);
  let module = state.enhancers.get(selector);
  if (!module) {
    module = track(state, loadChunk(selector, load));
    state.enhancers.set(selector, module);
    module.catch((error: unknown) => {
      state.enhancers.delete(selector);
      chunkLoadFailed(error);
    });
  }
  module
    .then((m) => m.enhance(element))
    .catch(() => {
      state.enhanced.delete(element);
      takeClicks(element);
    });
}

const tagSelector = Object.keys(WIDGETS).join(',');
const markupSelectors = Object.keys(PLATFORM_MARKUP);

/** Anything the loader acts on: one query per added node finds it all (a widget's own render adds nodes too). */
const anySelector = [tagSelector, ...markupSelectors].join(',');

function scanElement(state: LoaderState, element: Element): void {
  if (element.matches(tagSelector)) requestWidget(state, element);
  for (const selector of markupSelectors) if (element.matches(selector)) enhanceMarkup(state, selector, element);
}

function scan(state: LoaderState, root: ParentNode): void {
  if (root instanceof Element && root.matches(anySelector)) scanElement(state, root);
  for (const element of root.querySelectorAll(anySelector)) scanElement(state, element);
}

/** Starts watching `doc` for widget tags and platform markup; calling it again (a second copy of the script) does nothing. */
export function startLoader(doc: Document = document): void {
  const scope = globalThis as typeof globalThis & { [LOADER_KEY]?: LoaderState };
  if (scope[LOADER_KEY]) return;
  const state: LoaderState = {
    doc,
    requested: new Set(),
    enhancers: new Map(),
    observer: null,
    nearViewport: null,
    interactive: null,
    enhanced: new WeakSet(),
    pending: new Set(),
  };
  scope[LOADER_KEY] = state;
  // Before any tag renders: a widget whose code comes later must not move what is below it.
  adoptStyles('store-reserved-boxes', RESERVED_BOXES, doc);
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

if (typeof window !== 'undefined') {
  const scope = window as unknown as { storefront?: Partial<StorefrontApi> };
  scope.storefront = Object.assign(scope.storefront ?? {}, { getVariant, isFeatureToggleEnabled, isFeatureEnabled });
}
if (typeof document !== 'undefined') startLoader();
