import { http } from './client';
import { callApi } from './errors';
import type { ProductReviewsPage } from '../../contract/reviews';

/** GET one page of a product's published reviews. */
export function fetchProductReviews(productId: string, cursor?: string): Promise<ProductReviewsPage> {
  return callApi(() =>
    http()
      .get(`/api/commerce/products/${encodeURIComponent(productId)}/reviews`, {
        searchParams: cursor ? { cursor } : {},
      })
      .json<ProductReviewsPage>(),
  );
}
