import { describe, expect, it, vi } from 'vitest';
import { browserPageSpeedContext, observeCdnImages } from './browser-performance';
import { DEFAULT_CDN, type ImageObservation } from './performance-records';

describe('CDN images in the page', () => {
  it('observes only CDN images, each once, with their visibility', () => {
    document.body.innerHTML = '<img src="/img/a.jpg"><img src="https://elsewhere.test/b.jpg"><img src="/img/c.jpg">';
    const observed: Element[] = [];
    class FakeIntersectionObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.push(target);
        const entry = {
          target,
          isIntersecting: observed.length === 1,
          intersectionRatio: observed.length === 1 ? 0.75 : 0,
          time: 42,
        };
        this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      unobserve = vi.fn();
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const seen: ImageObservation[] = [];
    observeCdnImages(document, DEFAULT_CDN, (o) => seen.push(o));
    expect(observed).toHaveLength(2);
    expect(seen.map((o) => [new URL(o.url).pathname, o.visibleOnLoad, o.intersectionRatio, o.observationTime])).toEqual(
      [
        ['/img/a.jpg', true, 0.75, 42],
        ['/img/c.jpg', false, 0, 42],
      ],
    );
  });

  it('without IntersectionObserver it uses the position', () => {
    document.body.innerHTML = '<img src="/img/a.jpg">';
    vi.stubGlobal('IntersectionObserver', undefined);
    const seen: ImageObservation[] = [];
    observeCdnImages(document, DEFAULT_CDN, (o) => seen.push(o));
    expect(seen).toHaveLength(1);
    expect(typeof seen[0]?.visibleOnLoad).toBe('boolean');
  });
});

describe('page-speed context', () => {
  it('reads connection and hardware details defensively', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: navigator.userAgent,
      connection: { downlink: 9.5, effectiveType: '4g', rtt: 50, saveData: true },
      deviceMemory: 8,
      hardwareConcurrency: 4,
    });
    const context = browserPageSpeedContext({ websiteId: 's', analyticsId: null, marketingId: null, memberId: null });
    expect(context.connection).toEqual({ downlink: 9.5, effectiveType: '4g', rtt: 50, saveData: true });
    expect(context.hardware).toEqual({ deviceMemory: 8, hardwareConcurrency: 4 });
    expect(context.hostname).toBe('shop.test');
    expect(context.pathname).toBe('/shop/p/item');
  });
});
