import { describe, expect, it, vi } from 'vitest';
import {
  getVariant,
  isFeatureEnabled,
  isFeatureToggleEnabled,
  startLoader,
  whenInteractive,
  type StorefrontApi,
} from './loader';
import { AFTER_INTERACTIVE, RESERVED_BOXES, WIDGETS } from './registry.generated';
import { addedStyles } from '../runtime/ensure-styles';
import { ChunkLoadError, reportChunkLoadErrorsTo } from '../runtime/errors/chunk-load';

describe('loader', () => {
  it('holds the boxes of widgets whose code comes later from the start', () => {
    startLoader();
    expect(RESERVED_BOXES).toContain(':where(store-installment-pill:not(:defined)) { min-height: ');
    expect(RESERVED_BOXES).toContain(
      ':where(store-add-to-cart[data-reserve-options="2"]) { --_store-reserve-options: 2; }',
    );
    expect(addedStyles('store-reserved-boxes')).toContain(RESERVED_BOXES);
  });

  it('loads a widget only when its tag appears, and only once', async () => {
    const spy = vi.spyOn(WIDGETS as Record<string, () => Promise<unknown>>, 'store-cart-pill');
    startLoader();
    expect(customElements.get('store-cart-pill')).toBeUndefined();
    expect(customElements.get('store-add-to-cart')).toBeUndefined();

    const holder = document.createElement('div');
    holder.innerHTML = '<store-cart-pill></store-cart-pill><store-cart-pill></store-cart-pill>';
    document.body.append(holder);
    // The chunk's first import (React with it) is slow on a busy machine: more than waitFor's default 1 s.
    await vi.waitFor(() => expect(customElements.get('store-cart-pill')).toBeDefined(), { timeout: 5000 });
    expect(customElements.get('store-add-to-cart')).toBeUndefined();
    document.body.append(document.createElement('store-cart-pill'));
    await new Promise((r) => setTimeout(r, 0));
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('reports a chunk that fails as a ChunkLoadError, and tries again on the next appearance of its tag', async () => {
    const widgets = WIDGETS as Record<string, () => Promise<unknown>>;
    const real = widgets['store-product-block'] as () => Promise<unknown>;
    const spy = vi
      .spyOn(widgets, 'store-product-block')
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
      .mockImplementation(real);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reported: Error[] = [];
    reportChunkLoadErrorsTo((error) => reported.push(error));
    startLoader();

    document.body.append(document.createElement('store-product-block'));
    await vi.waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0]).toBeInstanceOf(ChunkLoadError);
    expect(reported[0]?.message).toBe('Loading chunk store-product-block failed');
    expect(warn).toHaveBeenCalledWith('Loading chunk store-product-block failed', reported[0]);
    // The element says it could not load.
    const first = document.querySelector('store-product-block') as Element;
    expect(first.getAttribute('data-store-state')).toBe('failed');
    expect(first.querySelector('.store-load-failed')?.textContent).toBe('Unable to load. Try again.');

    document.body.append(document.createElement('store-product-block'));
    await vi.waitFor(() => expect(customElements.get('store-product-block')).toBeDefined(), { timeout: 5000 });
    await vi.waitFor(() => expect(first.hasAttribute('data-store-state')).toBe(false));
    expect(document.querySelector('.store-load-failed')).toBeNull();
    expect(spy).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("says the store's own 'error.loadFailed' text on an element whose code could not load", async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="store-context">{"messages":{"error.loadFailed":"Chargement impossible."}}</script>',
    );
    const widgets = WIDGETS as Record<string, () => Promise<unknown>>;
    vi.spyOn(widgets, 'store-popup').mockImplementationOnce(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    startLoader();
    document.body.append(document.createElement('store-popup'));
    await vi.waitFor(() =>
      expect(document.querySelector('store-popup .store-load-failed')?.textContent).toBe('Chargement impossible.'),
    );
    document.getElementById('store-context')?.remove();
    vi.restoreAllMocks();
  });

  it('does nothing when started a second time (the script loaded twice)', () => {
    expect(() => startLoader()).not.toThrow();
  });

  it('knows every store tag it registers', () => {
    expect(Object.keys(WIDGETS).every((tag) => tag.startsWith('store-'))).toBe(true);
  });

  it('holds after-interactive widgets until the page is interactive, or until the shopper reaches for one', async () => {
    expect([...AFTER_INTERACTIVE]).toEqual(
      expect.arrayContaining(['store-census', 'store-installment-pill', 'store-reviews', 'store-product-block']),
    );
    expect(AFTER_INTERACTIVE.has('store-add-to-cart')).toBe(false);
    const widgets = WIDGETS as Record<string, () => Promise<unknown>>;
    vi.restoreAllMocks();
    let arrived = false;
    let arrive = () => {};
    // The site form's chunk stays on its way: the page is not interactive until it has come.
    const form = vi.spyOn(widgets, 'store-site-form').mockImplementation(
      () =>
        new Promise<unknown>((resolve) => {
          arrive = () => {
            arrived = true;
            resolve({});
          };
        }),
    );
    const installments = vi.spyOn(widgets, 'store-installment-pill').mockResolvedValue({});
    // Whether the site form's chunk had come when the restock box's was asked for.
    const restockAskedAfterArrival: boolean[] = [];
    const restock = vi.spyOn(widgets, 'store-restock-box').mockImplementation(() => {
      restockAskedAfterArrival.push(arrived);
      return Promise.resolve({});
    });
    const key = Symbol.for('storefront.loader');
    const scope = globalThis as Record<symbol, unknown>;
    const running = scope[key];
    delete scope[key];
    try {
      const doc = document.implementation.createHTMLDocument('product');
      doc.body.innerHTML =
        '<store-site-form></store-site-form><store-installment-pill></store-installment-pill><store-restock-box></store-restock-box>';
      startLoader(doc);
      expect(form).toHaveBeenCalledTimes(1);
      expect(installments).not.toHaveBeenCalled();
      doc.querySelector('store-installment-pill')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
      expect(installments).toHaveBeenCalledTimes(1);
      expect(restock).not.toHaveBeenCalled();
      arrive();
      await vi.waitFor(() => expect(restock).toHaveBeenCalledTimes(1));
      // Held until the page was interactive: asked for only once the site form's chunk had come.
      expect(restockAskedAfterArrival).toEqual([true]);
      expect(installments).toHaveBeenCalledTimes(1);
    } finally {
      scope[key] = running;
      vi.restoreAllMocks();
    }
  });
});

describe('whenInteractive', () => {
  function fakeDocument(readyState: DocumentReadyState) {
    const listeners: Record<string, () => void> = {};
    const idle: (() => void)[] = [];
    const view = {
      addEventListener: (name: string, listener: () => void) => (listeners[name] = listener),
      requestIdleCallback: (callback: () => void) => idle.push(callback),
    };
    return { doc: { readyState, defaultView: view } as unknown as Document, listeners, idle };
  }

  it('waits for load, then for the widgets to be ready, then for an idle moment', async () => {
    const { doc, listeners, idle } = fakeDocument('interactive');
    const run = vi.fn();
    let markReady = () => {};
    const ready = vi.fn(() => new Promise<void>((resolve) => (markReady = resolve)));
    whenInteractive(doc, ready, run);
    expect(ready).not.toHaveBeenCalled();
    listeners.load?.();
    expect(ready).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    markReady();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(run).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait for load when the page has already loaded', async () => {
    const { doc, listeners, idle } = fakeDocument('complete');
    const run = vi.fn();
    whenInteractive(doc, () => Promise.resolve(), run);
    expect(listeners.load).toBeUndefined();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.forEach((callback) => callback());
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('public API', () => {
  it('exports the flag and experiment lookups and puts them on window.storefront', () => {
    const api = (window as unknown as { storefront: StorefrontApi & { other?: number } }).storefront;
    expect(api.getVariant).toBe(getVariant);
    expect(api.isFeatureToggleEnabled).toBe(isFeatureToggleEnabled);
    expect(api.isFeatureEnabled).toBe(isFeatureEnabled);
    expect(getVariant('add-button-label', 'control')).toEqual({
      value: 'control',
      error: 'The underlying Praetor configuration is not loaded',
    });
  });
});
