import { inherited, space, themed } from '../ui/theme';
import { useId, useState } from 'react';
import type { WidgetHostProps } from '../../runtime/define-widget';
import { reportError } from '../../runtime/errors/error-reporter';
import { emit } from '../../runtime/events';
import { fetchProductReviews } from '../../runtime/http/reviews';
import type { ProductReview } from '../../contract/reviews';
import { formatNumber } from '../../runtime/i18n/format';
import { DATE_LONG, formatDate } from '../../runtime/i18n/format-date';
import { REVIEWS_STRINGS } from '../../contract/widget-messages/reviews';
import { translator } from '../../runtime/i18n/t';
import { useDataFetch } from '../../runtime/use-data-fetch';

const t = translator(REVIEWS_STRINGS);

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

/** Pages after the first, loaded with 'more': kept with the first page they follow. */
interface More {
  after: Loaded;
  reviews: ProductReview[];
  nextPageCursor?: string;
}

const cursorOf = (page: { hasNextPage: boolean; nextPageCursor?: string | null }) =>
  page.hasNextPage && page.nextPageCursor ? { nextPageCursor: page.nextPageCursor } : {};

function Stars({ rating }: { rating: number }) {
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="store-reviews__stars" aria-hidden="true">
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}

/** "Ana, March 4, 2026" (the date in the store's locale and time zone), or the name alone. */
function byline(review: ProductReview): string {
  const date = formatDate(review.createdOn, DATE_LONG);
  return date ? t('reviews.byline', { author: review.authorName, date }) : review.authorName;
}

/**
 * A product's reviews: the average and count, and behind the reviews tab the reviews
 * themselves, a page at a time. A failure is reported and leaves the rest of the page alone.
 */
export function Reviews({ host, itemId = '' }: ReviewsProps) {
  // The first page (again on every retry), then more pages behind the reviews tab.
  const first = useDataFetch(
    () =>
      fetchProductReviews(itemId).then(
        (page): Loaded => ({
          averageRating: page.averageRating,
          reviewCount: page.reviewCount,
          reviews: page.reviews,
          ...cursorOf(page),
        }),
        (error: unknown) => {
          reportError(error, 'store-reviews');
          throw error;
        },
      ),
    [itemId],
  );
  const [more, setMore] = useState<More | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [open, setOpen] = useState(false);
  const listId = useId();

  const loadMore = async (after: Loaded, shown: ProductReview[], cursor: string) => {
    setLoadingMore(true);
    try {
      const page = await fetchProductReviews(itemId, cursor);
      setMore({ after, reviews: [...shown.slice(after.reviews.length), ...page.reviews], ...cursorOf(page) });
    } catch (error) {
      reportError(error, 'store-reviews');
    } finally {
      setLoadingMore(false);
    }
  };

  const toggle = () => {
    if (!open) emit('store-commerce', { event: 'reviews-tab-click', itemId }, host);
    setOpen(!open);
  };

  if (first.status === 'pending') return <p className="store-reviews__status">{t('reviews.loading')}</p>;
  if (first.status === 'failed') {
    return (
      <p className="store-reviews__status" role="alert">
        {t('reviews.loadFailed')}{' '}
        <button type="button" className="store-reviews__retry" onClick={first.reload}>
          {t('reviews.retry')}
        </button>
      </p>
    );
  }
  const page = first.data;
  const { averageRating, reviewCount } = page;
  const extra = more?.after === page ? more : null;
  const reviews = extra ? [...page.reviews, ...extra.reviews] : page.reviews;
  const nextPageCursor = extra ? extra.nextPageCursor : page.nextPageCursor;
  return (
    <section className="store-reviews" aria-label={t('reviews.region')}>
      <h2 className="store-reviews__title">
        <button
          type="button"
          className="store-reviews__tab"
          aria-expanded={open}
          aria-controls={listId}
          onClick={toggle}
        >
          {t('reviews.tab', { count: reviewCount })}
        </button>
      </h2>
      {reviewCount > 0 ? (
        <p className="store-reviews__summary">
          <Stars rating={averageRating} />{' '}
          {t('reviews.summary', {
            rating: formatNumber(averageRating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
            count: reviewCount,
          })}
        </p>
      ) : (
        <p className="store-reviews__summary">{t('reviews.none')}</p>
      )}
      <div id={listId} hidden={!open}>
        <ol className="store-reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="store-reviews__review">
              <p className="store-reviews__rating">
                <Stars rating={review.rating} />
                <span className="store-visually-hidden">{t('reviews.stars', { rating: review.rating })}</span>
              </p>
              <h3 className="store-reviews__review-title">{review.title}</h3>
              <p className="store-reviews__body">{review.body}</p>
              <p className="store-reviews__byline">{byline(review)}</p>
            </li>
          ))}
        </ol>
        {nextPageCursor ? (
          <button
            type="button"
            className="store-reviews__more"
            disabled={loadingMore}
            onClick={() => void loadMore(page, reviews, nextPageCursor)}
          >
            {loadingMore ? t('reviews.loadingMore') : t('reviews.more')}
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
