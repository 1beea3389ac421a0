import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';
import { PINE_STREET } from '../../contract/examples/places';

const store = storePerTest();

describe('address suggestions', () => {
  const autocomplete = (query: string) => store.app.request(`/api/google-maps/places/autocomplete${query}`);
  const details = (query: string) => store.app.request(`/api/google-maps/places/details${query}`);

  it('suggests places whose address holds every word typed, at most five', async () => {
    const response = await autocomplete('?input=pine%20san');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      predictions: [{ placeId: 'place-001', description: '221 Pine Street, San Francisco, CA 94104, United States' }],
    });
    const many = await json(await autocomplete('?input=street'));
    expect(many.predictions).toHaveLength(5);
  });

  it('ignores case and accents', async () => {
    const { predictions } = await json(await autocomplete('?input=MONTREAL'));
    expect(predictions.map((p: { placeId: string }) => p.placeId)).toEqual(['place-022']);
  });

  it('answers no match with an empty list', async () => {
    expect(await json(await autocomplete('?input=zzzz'))).toEqual({ predictions: [] });
  });

  it.each(['', '?input=', '?input=%20%20'])('refuses a missing input (%s) with a 400 JSON message', async (query) => {
    const response = await autocomplete(query);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'Type part of an address to get suggestions.' });
  });

  it('refuses an input over 100 characters', async () => {
    expect((await autocomplete(`?input=${'a'.repeat(100)}`)).status).toBe(200);
    const response = await autocomplete(`?input=${'a'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe('The address to search is longer than 100 characters.');
  });

  it('gives every part of a place, with or without the product-page context', async () => {
    for (const query of ['?placeId=place-001', '?placeId=place-001&productPage=p&productSection=s']) {
      const response = await details(query);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({
        placeId: 'place-001',
        address: PINE_STREET,
      });
    }
  });

  it.each(['?placeId=nope', '?placeId=__proto__', '?placeId=constructor', `?placeId=${'x'.repeat(500)}`])(
    'answers an unknown place (%s) with a 404 JSON message that echoes nothing',
    async (query) => {
      const response = await details(query);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ message: 'There is no such place.' });
    },
  );

  it('refuses a missing placeId with a 400', async () => {
    const response = await details('');
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'Say which place to give the details of.' });
  });
});
