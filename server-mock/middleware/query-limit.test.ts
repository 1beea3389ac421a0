import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { queryLimit } from './query-limit';

const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `k${from + i}=v`).join('&');

describe('query strings up to 1000 parameters', () => {
  const echo = new Hono();
  echo.use('*', queryLimit());
  echo.all('/echo', async (c) =>
    c.json({
      keys: Object.keys(c.req.queries()).length,
      last: c.req.query('k999'),
      over: c.req.query('k1000') ?? null,
      body: await c.req.text(),
    }),
  );

  it('hands a route the first 1000 parameters and ignores the rest, body intact', async () => {
    const response = await echo.request(`/echo?${many(1200)}`, { method: 'POST', body: 'payload' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: 1000, last: 'v', over: null, body: 'payload' });
    expect(await (await echo.request(`/echo?${many(1000)}`)).json()).toMatchObject({ keys: 1000, last: 'v' });
  });

  const store = storePerTest();

  it('applies to every call of server-mock: parameter 1001 is ignored, not an error', async () => {
    // A QA page reads `features=`: as parameter 1000 it counts, as parameter 1001 it is ignored.
    const within = await store.visitor().call('GET', `/qa/p/gift-card?${many(999)}&features=64`);
    expect(await within.text()).toContain('"enabledFeatures":[64]');
    const past = await store.visitor().call('GET', `/qa/p/gift-card?${many(1000)}&features=64`);
    expect(past.status).toBe(200);
    expect(await past.text()).not.toContain('"enabledFeatures":[64]');
  });
});
