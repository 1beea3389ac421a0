/** Wire shapes of the product reviews call. */

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

/** GET /api/commerce/products/{productId}/reviews */
export interface ProductReviewsPage {
  /** Mean rating over all reviews, 0 when there are none. */
  averageRating: number;
  reviewCount: number;
  reviews: ProductReview[];
  hasNextPage: boolean;
  nextPageCursor?: string | null;
}
