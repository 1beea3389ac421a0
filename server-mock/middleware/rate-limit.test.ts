import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';
import {
  DEFAULT_ADDRESS_RATE_LIMIT,
  DEFAULT_RATE_LIMIT,
  MAX_CRUMBS_PER_ADDRESS,
  MAX_TRACKED_ADDRESSES,
  windowCounter,
} from './rate-limit';

const store = storePerTest();
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** One state-changing call from a visitor who has just fetched a fresh crumb (one GET). */
async function freshVisitorAdds(address: string): Promise<Response> {
  return store.visitor(address).add('prod-field-guide', 'GUIDE-PDF', 1);
}

describe('the per-address ceiling', () => {
  it('refuses state-changing calls past the ceiling however many fresh crumbs one address takes', async () => {
    store.reopen({ addressRateLimit: DEFAULT_ADDRESS_RATE_LIMIT });
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
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      store.reopen({ addressRateLimit: DEFAULT_ADDRESS_RATE_LIMIT });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await freshVisitorAdds(address)).status);
      expect(
        statuses.filter((status) => status === 429),
        address,
      ).toHaveLength(60 - DEFAULT_ADDRESS_RATE_LIMIT.limit);
    }
  });
});

describe('the bookkeeping', () => {
  it('keys on the address before the crumb: fresh crumbs past the cap share one budget', async () => {
    store.reopen({ rateLimit: { limit: 5, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_CRUMBS_PER_ADDRESS + 20; i++)
      statuses.push((await freshVisitorAdds('198.51.100.30')).status);
    expect(count(statuses, 200)).toBe(MAX_CRUMBS_PER_ADDRESS + 5);
    expect(count(statuses, 429)).toBe(15);
  });

  it('counts the addresses of one IPv6 /64 as one', async () => {
    store.reopen({ addressRateLimit: { limit: 3, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await freshVisitorAdds(`2001:db8:5:6::${i.toString(16)}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await freshVisitorAdds('2001:db8:5:7::1')).status).toBe(200);
  });

  it('tracks one entry per address however many crumbs, and at most its bound of addresses', () => {
    const counter = windowCounter({ limit: 3, windowMs: 10_000 });
    for (let i = 0; i < 50_000; i++) counter.hit('198.51.100.40', `crumb-${i}`, 1_000);
    expect(counter.size()).toBe(1);
    for (let i = 0; i < MAX_TRACKED_ADDRESSES + 5_000; i++)
      counter.hit(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, undefined, 1_000);
    expect(counter.size()).toBe(MAX_TRACKED_ADDRESSES);
  });

  it('takes about as long per check with 20,000 keys as with none', () => {
    const counter = windowCounter({ limit: 1_000_000, windowMs: 60_000 });
    const time = (calls: number) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) counter.hit('198.51.100.50', 'crumb', 2_000);
      return Number(process.hrtime.bigint() - start) / calls;
    };
    time(20_000);
    const empty = Math.min(time(20_000), time(20_000));
    for (let i = 0; i < 20_000; i++) counter.hit(`10.1.${i >> 8}.${i & 255}`, `c${i}`, 1_000);
    // Every window above has ended: the old bookkeeping scanned them all on each check.
    const full = Math.min(time(20_000), time(20_000));
    expect(full).toBeLessThan(empty * 5 + 1_000);
  });

  it('refuses a byte amount over the budget without counting it', () => {
    const counter = windowCounter({ limit: 100, windowMs: 10_000 });
    expect(counter.hit('198.51.100.60', undefined, 0, 80)).toBe(0);
    expect(counter.hit('198.51.100.60', undefined, 1_000, 30)).toBe(9_000);
    expect(counter.hit('198.51.100.60', undefined, 1_000, 20)).toBe(0);
    expect(counter.hit('198.51.100.60', undefined, 10_000, 100)).toBe(0);
  });
});
