import { describe, expect, it, vi } from 'vitest';
import { getVariant, isFeatureEnabled, isFeatureToggleEnabled, startLoader, type StorefrontApi } from './loader';
import { WIDGETS } from './registry.generated';

describe('loader', () => {
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

  it('does nothing when started a second time (the script loaded twice)', () => {
    expect(() => startLoader()).not.toThrow();
  });

  it('knows every store tag it registers', () => {
    expect(Object.keys(WIDGETS).every((tag) => tag.startsWith('store-'))).toBe(true);
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
