import { describe, expect, it } from 'vitest';
import { encodeCursor, INVALID_CURSOR } from '../store/page-cursor';
import { addReview } from '../store/reviews';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';

const store = storePerTest();

const reviewsOf = (productId: string, cursor?: string) =>
  store.app.request(
    `/api/commerce/products/${encodeURIComponent(productId)}/reviews${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
  );

describe('product reviews', () => {
  it('pages the linen shirt reviews newest first, five at a time, with the average over all', async () => {
    const seen: { id: string; createdOn: number }[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const response = await reviewsOf('prod-linen-shirt', cursor);
      expect(response.status).toBe(200);
      const page = await json(response);
      expect(page.averageRating).toBe(4.3); // 51 stars / 12
      expect(page.reviewCount).toBe(12);
      pages.push(page.reviews.length);
      seen.push(...page.reviews);
      expect(page.nextPageCursor === null).toBe(!page.hasNextPage);
      cursor = page.hasNextPage ? (page.nextPageCursor as string) : undefined;
    } while (cursor);
    expect(pages).toEqual([5, 5, 2]);
    expect(seen[0]).toEqual({
      id: 'rev-linen-shirt-12',
      authorName: 'Eva T.',
      rating: 4,
      title: 'Comfortable',
      body: 'Very comfortable. I wish it had a chest pocket.',
      createdOn: Date.parse('2025-08-09T13:35:00Z'),
    });
    expect(new Set(seen.map((r) => r.id)).size).toBe(12);
    const dates = seen.map((r) => r.createdOn);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('takes the page size from the app options', async () => {
    store.reopen({ reviewsPageSize: 2 });
    const page = await json(await reviewsOf('prod-field-guide'));
    expect(page.reviews.map((r: { id: string }) => r.id)).toEqual(['rev-field-guide-03', 'rev-field-guide-02']);
    expect(page.hasNextPage).toBe(true);
    const next = await json(await reviewsOf('prod-field-guide', page.nextPageCursor));
    expect(next.reviews.map((r: { id: string }) => r.id)).toEqual(['rev-field-guide-01']);
    expect(next).toMatchObject({ hasNextPage: false, nextPageCursor: null, averageRating: 4.7, reviewCount: 3 });
  });

  it('does not shift later pages when a review arrives while someone pages', async () => {
    const first = await json(await reviewsOf('prod-linen-shirt'));
    addReview(store.db, {
      id: 'rev-new',
      productId: 'prod-linen-shirt',
      authorName: 'New',
      rating: 1,
      title: 'Late',
      body: 'Arrived while paging.',
      createdOn: Date.now(),
    });
    const second = await json(await reviewsOf('prod-linen-shirt', first.nextPageCursor));
    expect(second.reviews[0].id).toBe('rev-linen-shirt-07');
    expect(second.reviewCount).toBe(13);
    expect((await json(await reviewsOf('prod-linen-shirt'))).reviews[0].id).toBe('rev-new');
  });

  it('answers a product without reviews with an average of 0, and rounds averages to one decimal', async () => {
    expect(await json(await reviewsOf('prod-ceramic-mug'))).toEqual({
      averageRating: 0,
      reviewCount: 0,
      reviews: [],
      hasNextPage: false,
      nextPageCursor: null,
    });
    [5, 4, 4].forEach((rating, i) =>
      addReview(store.db, {
        id: `mug-${i}`,
        productId: 'prod-ceramic-mug',
        authorName: 'A',
        rating,
        title: '',
        body: '',
        createdOn: i,
      }),
    );
    expect((await json(await reviewsOf('prod-ceramic-mug'))).averageRating).toBe(4.3);
  });

  it('refuses an unknown product with 404 and a bad cursor with 400', async () => {
    const unknown = await reviewsOf('nope');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: 'This product does not exist.' });
    for (const cursor of [
      'garbage!',
      'x'.repeat(100),
      encodeCursor('groups', 3),
      Buffer.from('reviews:').toString('base64url'),
    ]) {
      const response = await reviewsOf('prod-linen-shirt', cursor);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ message: INVALID_CURSOR });
    }
  });

  it('stores only ratings from 1 to 5', () => {
    const insert = store.db.prepare(
      "INSERT INTO product_reviews (id, product_id, author_name, rating, created) VALUES (?, 'prod-ceramic-mug', 'A', ?, 0)",
    );
    expect(() => insert.run('r0', 0)).toThrow(/CHECK/);
    expect(() => insert.run('r6', 6)).toThrow(/CHECK/);
    expect(() => insert.run('r5', 5)).not.toThrow();
  });
});
