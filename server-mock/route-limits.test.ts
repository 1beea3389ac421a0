import { describe, expect, it } from 'vitest';
import { createApp, type StoreMode } from './app';
import { openStore } from './store/open-store';
import { tempProductionStore } from './testing/production-store';

/** One state-changing call per address in an hour, in every budget. */
const ONE = { limit: 1, windowMs: 3_600_000 };
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every state-changing route of the app, once each (method and pattern). */
function stateChangingRoutes(app: ReturnType<typeof createApp>): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of app.routes) {
    if (UNSAFE.has(method)) seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

describe.each<StoreMode>(['demo', 'production'])('the route table (%s)', (mode) => {
  it('limits every state-changing route: its second call from an address is refused with 429 and Retry-After', async () => {
    const production = mode === 'production' ? tempProductionStore() : undefined;
    const db = production?.db ?? openStore(':memory:');
    const app = createApp({
      db,
      mode,
      trustProxy: true,
      rateLimit: ONE,
      addressRateLimit: ONE,
      analyticsRateLimit: ONE,
      analyticsAddressRateLimit: ONE,
      submitRateLimit: ONE,
      signInRateLimit: ONE,
    });
    const routes = stateChangingRoutes(app);
    expect(routes.length).toBeGreaterThan(mode === 'demo' ? 55 : 45);
    const unlimited: string[] = [];
    for (const [i, { method, path }] of routes.entries()) {
      const concrete = path.replace(/:\w+/g, 'x').replace(/\*/g, 'x');
      const headers = { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}`, 'content-type': 'application/json' };
      const call = () => app.request(concrete, { method, headers, body: '{}' });
      await call();
      const second = await call();
      if (second.status !== 429 || !second.headers.get('retry-after')) {
        unlimited.push(`${method} ${path}: ${second.status}`);
      }
    }
    expect(unlimited).toEqual([]);
    if (production) production.close();
    else db.close();
  });
});
