import { http } from './client';
import type { PlaceDetailsResponse, PlacesAutocompleteResponse } from '../../contract/places';

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
