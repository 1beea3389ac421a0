import { describe, expect, it, vi } from 'vitest';
import { adsPixelSink, productPixelEvent, queueAdsPixelSink, setAdsPixelSink } from './ads-pixel';

describe('ads pixel', () => {
  it('the default sink pushes {event, ...fields} onto window.storeAdsPixel', () => {
    const holder: Record<string, unknown> = {};
    const sink = queueAdsPixelSink(holder);
    sink.track({ name: 'Search', searchString: 'linen' });
    sink.track({ name: 'Lead', formId: 'f1' });
    expect(holder.storeAdsPixel).toEqual([
      { event: 'Search', searchString: 'linen' },
      { event: 'Lead', formId: 'f1' },
    ]);
  });

  it('keeps an array a pixel script put there first', () => {
    const existing: unknown[] = ['earlier'];
    const holder: Record<string, unknown> = { storeAdsPixel: existing };
    queueAdsPixelSink(holder).track({ name: 'CompleteRegistration' });
    expect(existing).toEqual(['earlier', { event: 'CompleteRegistration' }]);
  });

  it('a plugged-in sink replaces the default', () => {
    const track = vi.fn();
    setAdsPixelSink({ track });
    adsPixelSink().track({ name: 'Search', searchString: 'x' });
    expect(track).toHaveBeenCalledWith({ name: 'Search', searchString: 'x' });
  });

  it('product view and add to cart carry content ids, contents and currency', () => {
    expect(productPixelEvent('AddToCart', { itemId: 'p1', quantity: 2, unitPriceCents: 4800 }, 'USD')).toEqual({
      name: 'AddToCart',
      contentIds: ['p1'],
      contents: [{ id: 'p1', quantity: 2, itemPrice: 48 }],
      currency: 'USD',
      value: 96,
    });
    expect(productPixelEvent('ViewContent', { itemId: 'p1' }, 'EUR')).toEqual({
      name: 'ViewContent',
      contentIds: ['p1'],
      contents: [{ id: 'p1', quantity: 1 }],
      currency: 'EUR',
    });
    expect(productPixelEvent('ViewContent', {}, 'EUR')).toBeNull();
  });
});
