import type { ProductReview } from '../../contract/reviews';
import { getProduct } from './catalog';
import type { Db } from './db';
import { decodeCursor, toPage, type KeysetPage } from './page-cursor';
import { StoreError } from './store-error';

/** A page of a product's reviews, with the average and count over all of them. */
export interface ProductReviewsPage extends KeysetPage<ProductReview> {
  /** Mean rating to one decimal; 0 when there are none. */
  averageRating: number;
  reviewCount: number;
}

export const NO_PRODUCT = 'This product does not exist.';

interface ReviewRow {
  seq: number;
  id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created: number;
}

/**
 * A product's reviews, newest first, a page at a time. Keyset on the ever-growing `seq`: a
 * review written while someone pages lands before the first page and never shifts later ones.
 */
export function listProductReviews(
  db: Db,
  productId: string,
  cursor: string | undefined,
  size: number,
): ProductReviewsPage {
  const before = cursor === undefined || cursor === '' ? Number.MAX_SAFE_INTEGER : decodeCursor('reviews', cursor);
  if (!getProduct(db, productId)) throw new StoreError('not-found', NO_PRODUCT);
  const summary = db
    .prepare('SELECT COUNT(*) AS n, AVG(rating) AS average FROM product_reviews WHERE product_id = ?')
    .get(productId) as { n: number; average: number | null };
  const rows = db
    .prepare(
      `SELECT seq, id, author_name, rating, title, body, created FROM product_reviews
       WHERE product_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    )
    .all(productId, before, size + 1) as ReviewRow[];
  const page = toPage(
    'reviews',
    rows,
    size,
    (r) => r.seq,
    (r) => ({
      id: r.id,
      authorName: r.author_name,
      rating: r.rating,
      title: r.title,
      body: r.body,
      createdOn: r.created,
    }),
  );
  return {
    ...page,
    averageRating: summary.average === null ? 0 : Math.round(summary.average * 10) / 10,
    reviewCount: summary.n,
  };
}

/** A review to store (the demo seed, tests). */
export interface NewReview {
  id: string;
  productId: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdOn: number;
}

/** Stores a review unless one with its id exists; returns whether it was stored. */
export function addReview(db: Db, review: NewReview): boolean {
  const { changes } = db
    .prepare(
      `INSERT OR IGNORE INTO product_reviews (id, product_id, author_name, rating, title, body, created)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(review.id, review.productId, review.authorName, review.rating, review.title, review.body, review.createdOn);
  return changes === 1;
}
