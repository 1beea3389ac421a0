import { http } from './client';
import { callApi } from './errors';

export interface ProductReview {
  id: string;
  authorName: string;
  /** 1 to 5 stars. */
  rating: number;
  title: string;
  body: string;
  /** Milliseconds since the epoch. */
  createdOn: number;
}

export interface ProductReviewsPage {
  /** Mean rating over all reviews, 0 when there are none. */
  averageRating: number;
  reviewCount: number;
  reviews: ProductReview[];
  hasNextPage: boolean;
  nextPageCursor?: string | null;
}

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
