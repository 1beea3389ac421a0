import { describe, expect, it } from 'vitest';
import { ANALYTICS_BUFFER_LIMIT, emit, on, takeBufferedAnalyticsEvents } from './events';

describe('analytics events before the census listens', () => {
  it('keeps analytics events (not others) until taken, then stops keeping', () => {
    const host = document.createElement('div');
    emit('store-button-render', { buttonType: 'add-to-cart', buttonId: 'p1' }, host);
    emit('store-cart-recalculate-start', undefined);
    emit('store-commerce', { event: 'view-cart' });
    expect(takeBufferedAnalyticsEvents()).toEqual([
      { name: 'store-button-render', detail: { buttonType: 'add-to-cart', buttonId: 'p1' } },
      { name: 'store-commerce', detail: { event: 'view-cart' } },
    ]);
    emit('store-commerce', { event: 'add-to-cart' });
    expect(takeBufferedAnalyticsEvents()).toEqual([]);
  });

  it('keeps at most the limit', () => {
    for (let i = 0; i < ANALYTICS_BUFFER_LIMIT + 20; i++) emit('store-quick-view', { itemId: `p${i}` });
    expect(takeBufferedAnalyticsEvents()).toHaveLength(ANALYTICS_BUFFER_LIMIT);
  });

  it('still dispatches the event to listeners', () => {
    const seen: string[] = [];
    const stop = on('store-form-render', (e) => seen.push(e.detail.formId));
    emit('store-form-render', { formId: 'f1' });
    stop();
    expect(seen).toEqual(['f1']);
  });
});
