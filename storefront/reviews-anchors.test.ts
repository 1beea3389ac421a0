import { describe, expect, it } from 'vitest';
import { emit, takeBufferedAnalyticsEvents } from '../runtime/events';
import { listenForReviewsAnchors } from './reviews-gate';

describe('events the loader raised before the census listened', () => {
  it('are handed over with the buffered ones, once; later ones are only dispatched', () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.body.innerHTML = '<a href="#reviews">Reviews</a><store-reviews id="reviews" data-item-id="p1"></store-reviews>';
    listenForReviewsAnchors(doc);
    emit('store-form-render', { formId: 'f1' });
    (doc.querySelector('a') as HTMLAnchorElement).click();
    expect(takeBufferedAnalyticsEvents()).toEqual([
      { name: 'store-commerce', detail: { event: 'reviews-anchor-click', itemId: 'p1' } },
      { name: 'store-form-render', detail: { formId: 'f1' } },
    ]);
    const heard: unknown[] = [];
    doc.addEventListener('store-commerce', (e) => heard.push(e.detail));
    (doc.querySelector('a') as HTMLAnchorElement).click();
    expect(heard).toEqual([{ event: 'reviews-anchor-click', itemId: 'p1' }]);
    expect(takeBufferedAnalyticsEvents()).toEqual([]);
  });
});
