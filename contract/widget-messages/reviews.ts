/** Reviews. English defaults, by key. */
export const REVIEWS_STRINGS = {
  'reviews.loading': 'Loading reviews…',
  'reviews.loadFailed': 'Unable to load. Try again.',
  'reviews.retry': 'Retry',
  'reviews.region': 'Reviews',
  'reviews.tab': 'Reviews ({count})',
  'reviews.summary': '{rating} out of 5, {count, plural, one {# review} other {# reviews}}',
  'reviews.none': 'No reviews yet.',
  'reviews.stars': '{rating} out of 5 stars',
  'reviews.byline': '{author}, {date}',
  'reviews.more': 'More reviews',
  'reviews.loadingMore': 'Loading…',
} as const;
