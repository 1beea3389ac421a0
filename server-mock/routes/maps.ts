import { Hono } from 'hono';
import places from '../../demo-pages/places.json' with { type: 'json' };
import {
  PLACES_INPUT_MAX,
  PLACES_MAX_PREDICTIONS,
  type PlaceDetailsResponse,
  type PlacesAutocompleteResponse,
} from '../../contract/places';

interface Place {
  placeId: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const PLACES: readonly Place[] = places;
const BY_ID = new Map(PLACES.map((place) => [place.placeId, place]));
const PLACE_ID = /^[a-z0-9-]{1,40}$/;

function describe(place: Place): string {
  return [place.line1, place.city, [place.state, place.zip].filter(Boolean).join(' '), place.country]
    .filter(Boolean)
    .join(', ');
}

/** Lower case, accents removed: "montreal" finds "Montréal". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const SEARCHABLE = PLACES.map((place) => ({ place, text: fold(describe(place)) }));

/**
 * Address suggestions from demo-pages/places.json (platform spec, section 7). Reads, rate limited
 * with every /api call (app.ts).
 */
export function mapsRoutes(): Hono {
  const app = new Hono();

  app.get('/autocomplete', (c) => {
    const input = c.req.query('input');
    if (input === undefined || input.trim() === '') {
      return c.json({ message: 'Type part of an address to get suggestions.' }, 400);
    }
    if (input.length > PLACES_INPUT_MAX) {
      return c.json({ message: `The address to search is longer than ${PLACES_INPUT_MAX} characters.` }, 400);
    }
    const words = fold(input)
      .split(/[\s,]+/)
      .filter(Boolean);
    const predictions = SEARCHABLE.filter(({ text }) => words.every((word) => text.includes(word)))
      .slice(0, PLACES_MAX_PREDICTIONS)
      .map(({ place }) => ({ placeId: place.placeId, description: describe(place) }));
    return c.json({ predictions } satisfies PlacesAutocompleteResponse);
  });

  app.get('/details', (c) => {
    const placeId = c.req.query('placeId');
    if (placeId === undefined || placeId === '') {
      return c.json({ message: 'Say which place to give the details of.' }, 400);
    }
    const place = PLACE_ID.test(placeId) ? BY_ID.get(placeId) : undefined;
    if (!place) return c.json({ message: 'There is no such place.' }, 404);
    return c.json({
      placeId: place.placeId,
      address: {
        Line1: place.line1,
        Line2: place.line2,
        City: place.city,
        State: place.state,
        Zip: place.zip,
        Country: place.country,
      },
    } satisfies PlaceDetailsResponse);
  });

  return app;
}
