/**
 * Address suggestions (platform spec, section 7: GET /api/google-maps/places/autocomplete and
 * /details). The answers of server-mock's local data set, read by the address field.
 */

/** Longest `input` the autocomplete call accepts. */
export const PLACES_INPUT_MAX = 100;
/** Most predictions one autocomplete answer holds. */
export const PLACES_MAX_PREDICTIONS = 5;

/** One suggestion: the place to ask details of and its one-line description. */
export interface PlacePrediction {
  placeId: string;
  description: string;
}

export interface PlacesAutocompleteResponse {
  predictions: PlacePrediction[];
}

/** A place's parts, keyed as the address field's parts (contract/form-fields.ts). */
export interface PlaceAddress {
  Line1: string;
  Line2: string;
  City: string;
  State: string;
  Zip: string;
  Country: string;
}

export interface PlaceDetailsResponse {
  placeId: string;
  address: PlaceAddress;
}
