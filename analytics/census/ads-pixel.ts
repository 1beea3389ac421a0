import type { AdsPixelEvent, CommerceEventDetail } from '../../runtime/events';
import type { PageOrder } from '../../runtime/session/page-context';
import { pageSlot } from '../../runtime/page-runtime';
import { majorUnits } from './commerce-payloads';

/** Where ads-pixel events go: a pixel integration plugs in its own sink. */
export interface AdsPixelSink {
  track(event: AdsPixelEvent): void;
}

/** The page-global array the default sink pushes to (read it, or replace its `push`, from a pixel script). */
export const ADS_PIXEL_QUEUE = 'storeAdsPixel';

type QueueHolder = Record<string, unknown>;

/**
 * The default sink: pushes `{event, ...fields}` onto `window.storeAdsPixel` (created when
 * missing), the way tag managers read a data layer. Nothing leaves the page unless a pixel
 * script consumes that array.
 */
export function queueAdsPixelSink(holder: QueueHolder = globalThis as unknown as QueueHolder): AdsPixelSink {
  return {
    track(event) {
      const existing = holder[ADS_PIXEL_QUEUE];
      const queue = Array.isArray(existing) ? (existing as unknown[]) : [];
      if (queue !== existing) holder[ADS_PIXEL_QUEUE] = queue;
      const { name, ...fields } = event;
      queue.push({ event: name, ...fields });
    },
  };
}

/** The page's sink; a fresh page has no `window.storeAdsPixel` queue yet. */
const pageSink = pageSlot('ads-pixel-sink', () => queueAdsPixelSink(), {
  forgetGlobals: () => delete (globalThis as unknown as QueueHolder)[ADS_PIXEL_QUEUE],
});

/** Plugs a pixel integration in (undefined: back to the default queue). */
export function setAdsPixelSink(sink: AdsPixelSink | undefined): void {
  pageSink.set(sink);
}

/** The page's sink. */
export function adsPixelSink(): AdsPixelSink {
  return pageSink.get();
}

/** The pixel's product view (ViewContent) or add to cart (AddToCart): content ids, contents and currency. */
export function productPixelEvent(
  name: 'ViewContent' | 'AddToCart',
  detail: Pick<CommerceEventDetail, 'itemId' | 'quantity' | 'unitPriceCents'>,
  currency: string,
): AdsPixelEvent | null {
  if (!detail.itemId) return null;
  const quantity = detail.quantity ?? 1;
  const price = detail.unitPriceCents === undefined ? undefined : majorUnits(detail.unitPriceCents, currency);
  return {
    name,
    contentIds: [detail.itemId],
    contents: [{ id: detail.itemId, quantity, ...(price === undefined ? {} : { itemPrice: price }) }],
    currency,
    ...(price === undefined ? {} : { value: price * quantity }),
  };
}

/** The pixel's Purchase of a placed order: transaction id, value, shipping, tax and items, in major units. */
export function purchasePixelEvent(order: PageOrder): AdsPixelEvent {
  const major = (cents: number) => majorUnits(cents, order.currencyCode);
  return {
    name: 'Purchase',
    transactionId: order.id,
    value: major(order.grandTotalCents),
    shipping: major(order.shippingCostCents),
    tax: major(order.taxCents),
    currency: order.currencyCode,
    items: order.items.map((i) => ({ id: i.id, name: i.name, quantity: i.quantity, price: major(i.priceCents) })),
  };
}
