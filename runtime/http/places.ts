import { http } from './client';
import type { PlaceDetailsResponse, PlacesAutocompleteResponse } from '../../contract/places';
import { PageType, RecordType } from '../../contract/enumerations';

/**
 * Address suggestions (platform spec, section 7). Failures are not mapped: a suggestion that does
 * not come is no error the shopper must read, the address field just offers none.
 */

/** Where a details call comes from: a product page passes its tracking context. */
export interface PlacesContext {
  onProductPage: boolean;
  productPage?: string;
  productSection?: string;
}

/**
 * Logged when a product page's details call lacks its tracking context. The platform spec says
 * an error is logged but quotes no text, so this wording is ours.
 */
export const MISSING_PRODUCT_CONTEXT_ERROR =
  'Place details requested on a product page without productPage and productSection tracking context.';

/** GET suggestions for what the shopper typed. */
export function fetchPlacePredictions(input: string, signal?: AbortSignal): Promise<PlacesAutocompleteResponse> {
  return http()
    .get('/api/google-maps/places/autocomplete', { searchParams: { input }, signal })
    .json<PlacesAutocompleteResponse>();
}

/** GET a chosen place's parts; on a product page with the page's tracking context (an error is logged without it). */
export function fetchPlaceDetails(placeId: string, context?: PlacesContext): Promise<PlaceDetailsResponse> {
  const searchParams: Record<string, string> = { placeId };
  if (context?.onProductPage) {
    if (context.productPage && context.productSection) {
      searchParams.productPage = context.productPage;
      searchParams.productSection = context.productSection;
    } else {
      console.error(MISSING_PRODUCT_CONTEXT_ERROR);
    }
  }
  return http().get('/api/google-maps/places/details', { searchParams }).json<PlaceDetailsResponse>();
}

/** What the tracking context is made of: the page's `#store-context` (analytics/census/page-context.ts reads it). */
export interface PlacesPage {
  pageType?: number;
  pageId?: string;
  item: { recordType?: number; collectionId?: string } | null;
}

/**
 * The tracking context of the page a form is on: a product page (an item page showing a store
 * item) names the page (`productPage`, its page id) and the product's collection (`productSection`).
 */
export function placesContextOf(page: PlacesPage): PlacesContext {
  const onProductPage = page.pageType === PageType.CONTENT_ITEM && page.item?.recordType === RecordType.STORE_ITEM;
  if (!onProductPage) return { onProductPage: false };
  return {
    onProductPage: true,
    productPage: page.pageId || undefined,
    productSection: page.item?.collectionId || undefined,
  };
}
