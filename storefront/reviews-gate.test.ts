import { describe, expect, it, vi } from 'vitest';
import { NamedFlag } from '../contract/enumerations';
import { createHttpClient, setHttpClient } from '../runtime/http/client';
import { fakeApi, jsonResponse } from '../testing/fake-api';
import type { ProductReview } from '../contract/reviews';
import { startLoader } from './loader';
import { NEAR_VIEWPORT, WIDGETS } from './registry.generated';
import { pageContext } from './reviews-gate';

const PRODUCT_PAGE = {
  pageType: 50,
  item: { id: 'p1', recordType: 11 },
  reviewsSettings: { nativeReviewsEnabled: true, importedReviewsEnabled: false },
  featureFlags: [] as string[],
};

function setContext(context: unknown): void {
  document.getElementById('store-context')?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'store-context';
  script.textContent = typeof context === 'string' ? context : JSON.stringify(context);
  document.head.append(script);
}

/** The loader's gate for `<store-reviews>`: the rule the widget declares, on the page's store context. */
function reviewsAllowed(doc: Document): boolean {
  const rule = NEAR_VIEWPORT['store-reviews'];
  if (!rule) throw new Error('store-reviews is not a near-viewport widget');
  return rule(pageContext(doc));
}

/**
 * Resolves once the loader has handled the next change to the document: mutation observers are
 * called in the order they were made, and this one is made after the loader's.
 */
function loaderHasSeenMutations(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  });
}

describe('where reviews may show', () => {
  it('shows on a product page with native or imported reviews on', () => {
    setContext(PRODUCT_PAGE);
    expect(reviewsAllowed(document)).toBe(true);
    setContext({ ...PRODUCT_PAGE, reviewsSettings: { nativeReviewsEnabled: false, importedReviewsEnabled: true } });
    expect(reviewsAllowed(document)).toBe(true);
  });

  it('shows native reviews only with numbered flag 66 (native product reviews) on', () => {
    setContext({ ...PRODUCT_PAGE, enabledFeatures: [40, 66] });
    expect(reviewsAllowed(document)).toBe(true);
    setContext({ ...PRODUCT_PAGE, enabledFeatures: [40, 64] });
    expect(reviewsAllowed(document)).toBe(false);
    // Imported reviews do not need the flag.
    setContext({
      ...PRODUCT_PAGE,
      enabledFeatures: [],
      reviewsSettings: { nativeReviewsEnabled: true, importedReviewsEnabled: true },
    });
    expect(reviewsAllowed(document)).toBe(true);
  });

  it('does not show when both settings are off, the kill switch is on, or off product pages', () => {
    const cases: unknown[] = [
      { ...PRODUCT_PAGE, reviewsSettings: { nativeReviewsEnabled: false, importedReviewsEnabled: false } },
      { ...PRODUCT_PAGE, reviewsSettings: { nativeReviewsEnabled: 'true' } },
      { ...PRODUCT_PAGE, featureFlags: ['other', NamedFlag.REVIEWS_KILL_SWITCH] },
      { ...PRODUCT_PAGE, pageType: 2 },
      { ...PRODUCT_PAGE, item: { id: 'b1', recordType: 1 } },
      { ...PRODUCT_PAGE, item: null },
      { ...PRODUCT_PAGE, pageType: 200 },
      '{broken',
      'null',
      {},
    ];
    for (const context of cases) {
      setContext(context);
      expect(reviewsAllowed(document), JSON.stringify(context)).toBe(false);
    }
    document.getElementById('store-context')?.remove();
    expect(reviewsAllowed(document)).toBe(false);
  });
});

/** An IntersectionObserver the test moves by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  scrollNear(element: Element) {
    this.callback(
      [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function review(n: number): ProductReview {
  return {
    id: `r${n}`,
    authorName: `Shopper ${n}`,
    rating: (n % 5) + 1,
    title: `Review <b>${n}</b>`,
    body: `Body ${n}`,
    createdOn: Date.UTC(2026, 10, n),
  };
}

describe('<store-reviews>', () => {
  it('fetches its code only near the viewport and only where allowed, then loads the first page', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const load = vi.spyOn(WIDGETS as Record<string, () => Promise<unknown>>, 'store-reviews');
    const api = fakeApi({
      'GET /api/commerce/products/p1/reviews': (call) =>
        call.search.get('cursor') === 'page-2'
          ? jsonResponse({ averageRating: 4.4, reviewCount: 3, reviews: [review(3)], hasNextPage: false })
          : jsonResponse({
              averageRating: 4.4,
              reviewCount: 3,
              reviews: [review(1), review(2)],
              hasNextPage: true,
              nextPageCursor: 'page-2',
            }),
    });
    setHttpClient(createHttpClient({ fetch: api.fetch }));

    // Not a product page: nothing is fetched or observed.
    setContext({ ...PRODUCT_PAGE, pageType: 2 });
    startLoader();
    const scanned = loaderHasSeenMutations();
    document.body.innerHTML = '<store-reviews id="reviews" data-item-id="p1"></store-reviews>';
    await scanned;
    expect(FakeObserver.instances).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();

    // A product page: observed, but fetched only once it nears the viewport.
    setContext(PRODUCT_PAGE);
    document.body.innerHTML =
      '<a href="#reviews">See reviews</a><store-reviews id="reviews" data-item-id="p1"></store-reviews>';
    const element = document.getElementById('reviews') as HTMLElement;
    await vi.waitFor(() => expect(FakeObserver.instances[0]?.observed.has(element)).toBe(true));
    expect(FakeObserver.instances[0]?.options?.rootMargin).toBe('600px 0px');
    expect(load).not.toHaveBeenCalled();

    const commerce: unknown[] = [];
    document.addEventListener('store-commerce', (e) => commerce.push(e.detail));
    (document.querySelector('a') as HTMLAnchorElement).click();
    expect(commerce).toEqual([{ event: 'reviews-anchor-click', itemId: 'p1' }]);

    FakeObserver.instances[0]?.scrollNear(element);
    expect(load).toHaveBeenCalledTimes(1);
    // The chunk's first import (React with it) is slow on a busy machine: more than waitFor's default 1 s.
    const tab = await vi.waitFor(
      () => {
        const found = element.querySelector<HTMLButtonElement>('.store-reviews__tab');
        expect(found).not.toBeNull();
        return found as HTMLButtonElement;
      },
      { timeout: 5000 },
    );
    expect(tab.textContent).toBe('Reviews (3)');
    expect(element.textContent).toContain('4.4 out of 5, 3 reviews');
    const list = element.querySelector('.store-reviews__list')?.parentElement as HTMLElement;
    expect(list.hidden).toBe(true);
    expect(tab.getAttribute('aria-expanded')).toBe('false');

    tab.click();
    await vi.waitFor(() => expect(tab.getAttribute('aria-expanded')).toBe('true'));
    expect(list.hidden).toBe(false);
    expect(commerce).toContainEqual({ event: 'reviews-tab-click', itemId: 'p1' });
    // Review text is text, never markup.
    expect(element.querySelector('.store-reviews__review-title b')).toBeNull();
    expect(element.textContent).toContain('Review <b>1</b>');
    expect(element.querySelectorAll('.store-reviews__review')).toHaveLength(2);

    (element.querySelector('.store-reviews__more') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(element.querySelectorAll('.store-reviews__review')).toHaveLength(3));
    expect(element.querySelector('.store-reviews__more')).toBeNull();
    expect(api.callsTo('GET /api/commerce/products/p1/reviews')).toHaveLength(2);
  });
});
