import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';
import { DEFAULT_ADDRESS_RATE_LIMIT, DEFAULT_RATE_LIMIT } from './rate-limit';

const store = storePerTest();

/** One state-changing call from a visitor who has just fetched a fresh crumb (one GET). */
async function freshVisitorAdds(address: string): Promise<Response> {
  return store.visitor(address).add('prod-field-guide', 'GUIDE-PDF', 1);
}

describe('the per-address ceiling', () => {
  it('refuses state-changing calls past the ceiling however many fresh crumbs one address takes', async () => {
    store.reopen({ rateLimit: DEFAULT_RATE_LIMIT, addressRateLimit: DEFAULT_ADDRESS_RATE_LIMIT });
    expect(DEFAULT_ADDRESS_RATE_LIMIT.limit).toBeGreaterThan(DEFAULT_RATE_LIMIT.limit);
    expect(DEFAULT_ADDRESS_RATE_LIMIT.limit).toBeLessThan(60);
    const responses: Response[] = [];
    for (let i = 0; i < 60; i++) responses.push(await freshVisitorAdds('198.51.100.7'));
    const statuses = responses.map((r) => r.status);
    const ceiling = DEFAULT_ADDRESS_RATE_LIMIT.limit;
    expect(statuses.slice(0, ceiling)).toEqual(Array(ceiling).fill(200));
    expect(statuses.slice(ceiling)).toEqual(Array(60 - ceiling).fill(429));
    const refused = responses[ceiling] as Response;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(refused)).message).toBe('Too many requests. Please try again in a few seconds.');
    // Another address is not held back.
    expect((await freshVisitorAdds('198.51.100.8')).status).toBe(200);
  });

  it('takes its numbers from the addressRateLimit option', async () => {
    store.reopen({ addressRateLimit: { limit: 3, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await freshVisitorAdds('198.51.100.9')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts a visitor per crumb and address: a crumb used from a second address has its own budget', async () => {
    store.reopen({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const home = store.visitor('198.51.100.20');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await home.add('prod-field-guide', 'GUIDE-PDF', 1)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const away = store.visitor('198.51.100.21');
    away.cookies = new Map(home.cookies);
    expect((await away.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(200);
  });
});

describe('loopback callers', () => {
  it('are held to the per-address ceiling like any address (a local proxy must be marked trusted)', async () => {
    store.reopen({ rateLimit: DEFAULT_RATE_LIMIT, addressRateLimit: DEFAULT_ADDRESS_RATE_LIMIT });
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await freshVisitorAdds(address)).status);
      expect(
        statuses.filter((status) => status === 429),
        address,
      ).toHaveLength(60 - DEFAULT_ADDRESS_RATE_LIMIT.limit);
    }
  });
});
