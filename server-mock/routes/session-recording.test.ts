import { describe, expect, it } from 'vitest';
import { SESSION_RECORDING_MOCK_ID, SESSION_RECORDING_PATH } from '../../contract/session-recording';
import { SESSION_RECORDING_KEY, setSetting } from '../store/settings';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';
import { SESSION_RECORDING_NO_PARAMETERS } from './session-recording';

const store = storePerTest();

describe('GET /api/commerce/fullstory/getId', () => {
  const getId = (query = '') => store.app.request(`${SESSION_RECORDING_PATH}${query}`);

  it("answers the demo store's recording account and sample share, never cached", async () => {
    const response = await getId();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ id: 'o-FF2026-na1', samplePercent: 50 });
  });

  it('answers the automated mock id when the store has no recording account, and sample 0 when unset', async () => {
    setSetting(store.db, SESSION_RECORDING_KEY, JSON.stringify({ orgId: '' }));
    expect(await json(await getId())).toEqual({ id: SESSION_RECORDING_MOCK_ID, samplePercent: 0 });
    setSetting(store.db, SESSION_RECORDING_KEY, 'not json');
    expect(await json(await getId())).toEqual({ id: SESSION_RECORDING_MOCK_ID, samplePercent: 0 });
    setSetting(store.db, SESSION_RECORDING_KEY, JSON.stringify({ orgId: 'o-1', samplePercent: 250 }));
    expect(await json(await getId())).toEqual({ id: 'o-1', samplePercent: 0 });
  });

  it.each(['?id=1', '?samplePercent=100&x=<b>', '?x'])(
    'refuses a query (%s) with 400 JSON: the call takes none',
    async (q) => {
      const response = await getId(q);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: SESSION_RECORDING_NO_PARAMETERS });
    },
  );
});
