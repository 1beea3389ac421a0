import { inherited, space, themed } from '../ui/theme';
import { useEffect, useId, useState } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { reportError } from '../../runtime/errors/error-reporter';
import { emit } from '../../runtime/events';
import { fetchProductReviews } from '../../runtime/http/reviews';
import type { ProductReview } from '../../contract/reviews';

export interface ReviewsProps extends WidgetHostProps {
  /** Product id (`data-item-id`). */
  itemId?: string;
}

interface Loaded {
  averageRating: number;
  reviewCount: number;
  reviews: ProductReview[];
  nextPageCursor?: string;
}

type State = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready'; loadingMore: boolean } & Loaded);

const LOAD_FAILED = 'Unable to load. Try again.';

function Stars({ rating }: { rating: number }) {
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="store-reviews__stars" aria-hidden="true">
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}

function reviewDate(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * A product's reviews: the average and count, and behind the reviews tab the reviews
 * themselves, a page at a time. A failure is reported and leaves the rest of the page alone.
 */
export function Reviews({ host, itemId = '' }: ReviewsProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [open, setOpen] = useState(false);
  const listId = useId();

  // Each attempt (the first, then every retry) fetches the first page.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchProductReviews(itemId).then(
      (page) => {
        if (!live) return;
        setState({
          status: 'ready',
          loadingMore: false,
          averageRating: page.averageRating,
          reviewCount: page.reviewCount,
          reviews: page.reviews,
          ...(page.hasNextPage && page.nextPageCursor ? { nextPageCursor: page.nextPageCursor } : {}),
        });
      },
      (error: unknown) => {
        if (!live) return;
        reportError(error, 'store-reviews');
        setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [itemId, attempt]);

  const loadMore = async (cursor: string) => {
    setState((s) => (s.status === 'ready' ? { ...s, loadingMore: true } : s));
    try {
      const page = await fetchProductReviews(itemId, cursor);
      setState((s) => {
        if (s.status !== 'ready') return s;
        const { nextPageCursor: _done, ...rest } = s;
        return {
          ...rest,
          loadingMore: false,
          reviews: [...s.reviews, ...page.reviews],
          ...(page.hasNextPage && page.nextPageCursor ? { nextPageCursor: page.nextPageCursor } : {}),
        };
      });
    } catch (error) {
      reportError(error, 'store-reviews');
      setState((s) => (s.status === 'ready' ? { ...s, loadingMore: false } : s));
    }
  };

  const toggle = () => {
    if (!open) emit('store-commerce', { event: 'reviews-tab-click', itemId }, host);
    setOpen(!open);
  };

  if (state.status === 'loading') return <p className="store-reviews__status">Loading reviews…</p>;
  if (state.status === 'failed') {
    return (
      <p className="store-reviews__status" role="alert">
        {LOAD_FAILED}{' '}
        <button
          type="button"
          className="store-reviews__retry"
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          Retry
        </button>
      </p>
    );
  }
  const { averageRating, reviewCount, reviews, nextPageCursor, loadingMore } = state;
  return (
    <section className="store-reviews" aria-label="Reviews">
      <h2 className="store-reviews__title">
        <button
          type="button"
          className="store-reviews__tab"
          aria-expanded={open}
          aria-controls={listId}
          onClick={toggle}
        >
          Reviews ({reviewCount})
        </button>
      </h2>
      {reviewCount > 0 ? (
        <p className="store-reviews__summary">
          <Stars rating={averageRating} /> {averageRating.toFixed(1)} out of 5, {reviewCount}{' '}
          {reviewCount === 1 ? 'review' : 'reviews'}
        </p>
      ) : (
        <p className="store-reviews__summary">No reviews yet.</p>
      )}
      <div id={listId} hidden={!open}>
        <ol className="store-reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="store-reviews__review">
              <p className="store-reviews__rating">
                <Stars rating={review.rating} />
                <span className="store-visually-hidden">{review.rating} out of 5 stars</span>
              </p>
              <h3 className="store-reviews__review-title">{review.title}</h3>
              <p className="store-reviews__body">{review.body}</p>
              <p className="store-reviews__byline">
                {review.authorName}
                {reviewDate(review.createdOn) ? `, ${reviewDate(review.createdOn)}` : ''}
              </p>
            </li>
          ))}
        </ol>
        {nextPageCursor ? (
          <button
            type="button"
            className="store-reviews__more"
            disabled={loadingMore}
            onClick={() => void loadMore(nextPageCursor)}
          >
            {loadingMore ? 'Loading…' : 'More reviews'}
          </button>
        ) : null}
      </div>
    </section>
  );
}

export const REVIEWS_STYLES = `
store-reviews { display: block; margin: ${space(2)} 0; font-family: ${themed('--store-font')}; color: ${inherited('--store-text-color')}; }
.store-reviews__title { font-size: 1.25rem; margin: 0 0 ${space(0.5)}; }
.store-reviews__tab { font: inherit; color: var(--store-text-color, buttontext); background: none; border: none; border-bottom: 2px solid currentColor; padding: .25rem 0; cursor: pointer; }
.store-reviews__tab:focus-visible, .store-reviews__more:focus-visible, .store-reviews__retry:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-reviews__stars { color: ${themed('--store-rating-color')}; letter-spacing: .1em; }
.store-reviews__list { list-style: none; padding: 0; margin: ${space(1)} 0; }
.store-reviews__review { border-top: 1px solid var(--store-divider-color, #ddd); padding: ${space(0.75)} 0; }
.store-reviews__review-title { font-size: 1rem; margin: .25rem 0; }
.store-reviews__byline { color: ${themed('--store-muted-text-color')}; font-size: .9rem; }
`;
