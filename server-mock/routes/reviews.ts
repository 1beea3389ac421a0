import { Hono } from 'hono';
import type { ProductReviewsPage } from '../../contract/reviews';
import type { Db } from '../store/db';
import { listProductReviews } from '../store/reviews';

/** Options of {@link reviewRoutes}. */
export interface ReviewRouteOptions {
  /** Reviews per page. */
  pageSize: number;
}

/** A product's published reviews, newest first, paged by cursor (what `<store-reviews>` shows). */
export function reviewRoutes(db: Db, { pageSize }: ReviewRouteOptions): Hono {
  const app = new Hono();

  app.get('/products/:productId/reviews', (c) => {
    const page = listProductReviews(db, c.req.param('productId'), c.req.query('cursor'), pageSize);
    return c.json({
      averageRating: page.averageRating,
      reviewCount: page.reviewCount,
      reviews: page.items,
      hasNextPage: page.hasNextPage,
      nextPageCursor: page.nextPageCursor,
    } satisfies ProductReviewsPage);
  });

  return app;
}
