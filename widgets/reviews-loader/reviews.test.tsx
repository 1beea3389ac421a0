import { describe, expect, it, vi } from 'vitest';
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
