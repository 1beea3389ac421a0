import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetStoreContext } from '../../runtime/session/store-context';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse } from '../../testing/fake-api';

describe('<store-reviews> failures', () => {
  it('says it could not load, reports the error, and retries on request', async () => {
    await import('./reviews.element');
    const reporter = await import('../../runtime/errors/error-reporter');
    const report = vi.spyOn(reporter, 'reportError');
    let fail = true;
    const api = fakeApi({
      'GET /api/commerce/products/p9/reviews': () =>
        fail
          ? jsonResponse({ message: 'down' }, 503)
          : jsonResponse({ averageRating: 0, reviewCount: 0, reviews: [], hasNextPage: false }),
    });
    setHttpClient(createHttpClient({ fetch: api.fetch }));
    document.body.innerHTML = '<p>Rest of the page</p><store-reviews data-item-id="p9"></store-reviews>';
    const element = document.querySelector('store-reviews') as HTMLElement;
    await vi.waitFor(() =>
      expect(element.querySelector('[role="alert"]')?.textContent).toContain('Unable to load. Try again.'),
    );
    expect(report).toHaveBeenCalledWith(expect.anything(), 'store-reviews');
    expect(document.body.textContent).toContain('Rest of the page');
    fail = false;
    (element.querySelector('.store-reviews__retry') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(element.textContent).toContain('No reviews yet.'));
    expect(element.querySelector('.store-reviews__tab')?.textContent).toBe('Reviews (0)');
  });
});

afterEach(() => {
  document.head.innerHTML = '';
  resetStoreContext();
});

describe('<store-reviews> paging', () => {
  it('shows the first page, then adds the next ones behind More reviews until there are no more', async () => {
    await import('./reviews.element');
    const review = (n: number) => ({
      id: `r${n}`,
      authorName: `Author ${n}`,
      rating: 5,
      title: `T${n}`,
      body: `B${n}`,
      createdOn: 0,
    });
    const api = fakeApi({
      'GET /api/commerce/products/p7/reviews': (call) => {
        const cursor = call.search.get('cursor');
        const page = cursor === null ? [1, 2] : cursor === 'c2' ? [3, 4] : [5];
        const next = cursor === null ? 'c2' : cursor === 'c2' ? 'c3' : null;
        return jsonResponse({
          averageRating: 5,
          reviewCount: 5,
          reviews: page.map(review),
          hasNextPage: next !== null,
          nextPageCursor: next,
        });
      },
    });
    setHttpClient(createHttpClient({ fetch: api.fetch }));
    document.body.innerHTML = '<store-reviews data-item-id="p7"></store-reviews>';
    const element = document.querySelector('store-reviews') as HTMLElement;
    await vi.waitFor(() => expect(element.querySelector('.store-reviews__tab')).not.toBeNull());
    (element.querySelector('.store-reviews__tab') as HTMLButtonElement).click();
    const authors = () => [...(element.textContent ?? '').matchAll(/Author (\d)/g)].map((m) => Number(m[1]));
    await vi.waitFor(() => expect(authors()).toEqual([1, 2]));
    const more = () => [...element.querySelectorAll('button')].find((b) => b.textContent === 'More reviews');
    more()?.click();
    await vi.waitFor(() => expect(authors()).toEqual([1, 2, 3, 4]));
    more()?.click();
    await vi.waitFor(() => expect(authors()).toEqual([1, 2, 3, 4, 5]));
    expect(more()).toBeUndefined();
    expect(api.callsTo('GET /api/commerce/products/p7/reviews').map((c) => c.search.get('cursor'))).toEqual([
      null,
      'c2',
      'c3',
    ]);
  });
});

describe('<store-reviews> in the store locale', () => {
  // 2026-03-01 02:30 UTC: February 28 in New York (the default zone), March 1 in Paris.
  const review = {
    id: 'r1',
    authorName: 'Ana',
    rating: 4,
    title: 'Good',
    body: 'Soft.',
    createdOn: Date.UTC(2026, 2, 1, 2, 30),
  };

  async function mount(): Promise<HTMLElement> {
    await import('./reviews.element');
    const api = fakeApi({
      'GET /api/commerce/products/p1/reviews': () =>
        jsonResponse({ averageRating: 4.5, reviewCount: 1, reviews: [review], hasNextPage: false }),
    });
    setHttpClient(createHttpClient({ fetch: api.fetch }));
    document.body.innerHTML = '<store-reviews data-item-id="p1"></store-reviews>';
    const element = document.querySelector('store-reviews') as HTMLElement;
    await vi.waitFor(() => expect(element.querySelector('.store-reviews__byline')).not.toBeNull());
    return element;
  }

  it('writes the summary, plural and date in en-US and America/New_York by default', async () => {
    const element = await mount();
    expect(element.querySelector('.store-reviews__summary')?.textContent).toBe('★★★★★ 4.5 out of 5, 1 review');
    expect(element.querySelector('.store-reviews__byline')?.textContent).toBe('Ana, February 28, 2026');
  });

  it("follows the store's locale, time zone and messages", async () => {
    document.head.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify({
      locale: 'fr-FR',
      timeZone: 'Europe/Paris',
      messages: {
        'reviews.summary': '{rating} sur 5, {count, plural, one {# avis} other {# avis}}',
        'reviews.byline': '{author}, le {date}',
      },
    })}</script>`;
    resetStoreContext();
    const element = await mount();
    expect(element.querySelector('.store-reviews__summary')?.textContent).toBe('★★★★★ 4,5 sur 5, 1 avis');
    expect(element.querySelector('.store-reviews__byline')?.textContent).toBe('Ana, le 1 mars 2026');
  });
});
