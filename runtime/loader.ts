/**
 * The storefront script. It knows every `store-*` tag and loads a widget's code
 * (and React with it) only when that tag first appears in the document.
 */

type WidgetModule = () => Promise<unknown>;

/** Tag -> the chunk that defines it. */
export const WIDGETS: Readonly<Record<string, WidgetModule>> = {
  'store-add-to-cart': () => import('../widgets/add-to-cart/add-to-cart.element'),
  'store-cart-pill': () => import('../widgets/cart-pill/cart-pill.element'),
};

const LOADER_KEY = Symbol.for('storefront.loader');

interface LoaderState {
  requested: Set<string>;
  observer: MutationObserver | null;
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

const selector = Object.keys(WIDGETS).join(',');

function scan(state: LoaderState, root: ParentNode): void {
  if (root instanceof Element && root.matches(selector)) loadWidget(state, root.localName);
  for (const element of root.querySelectorAll(selector)) loadWidget(state, element.localName);
}

/** Starts watching `doc` for widget tags; calling it again (a second copy of the script) does nothing. */
export function startLoader(doc: Document = document): void {
  const scope = globalThis as typeof globalThis & { [LOADER_KEY]?: LoaderState };
  if (scope[LOADER_KEY]) return;
  const state: LoaderState = { requested: new Set(), observer: null };
  scope[LOADER_KEY] = state;

  scan(state, doc);
  state.observer = new MutationObserver((records) => {
    if (state.requested.size === Object.keys(WIDGETS).length) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) scan(state, node);
      }
    }
  });
  state.observer.observe(doc.documentElement, { childList: true, subtree: true });
}

if (typeof document !== 'undefined') startLoader();
