import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server-mock/app';
import { openStore } from '../server-mock/store/open-store';
import type { Db } from '../server-mock/store/db';
import { test as base } from './fixtures';

/**
 * For specs that change what every page of the store shows (feature flags, languages, the header
 * and footer): a demo store of their own, one per worker, on a free port, and `baseURL` pointing at
 * it, so the specs running beside them in other workers never see the change.
 */
export const test = base.extend<object, { ownStore: string; ownStoreSetup: { prepare(db: Db): void } | null }>({
  /** Changes to the demo store before it serves (`test.use({ ownStoreSetup: { prepare } })` in a spec's file). */
  ownStoreSetup: [null, { option: true, scope: 'worker' }],
  ownStore: [
    async ({ ownStoreSetup }, provide, workerInfo) => {
      const db = openStore(':memory:');
      ownStoreSetup?.prepare(db);
      const distDir = workerInfo.project.name === 'lite' ? 'dist/lite' : 'dist';
      // Every test calls from this one address: the per-address ceiling would count them all as one robot.
      const app = createApp({ db, distDir, addressRateLimit: { limit: 100_000, windowMs: 10_000 } });
      const server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      await provide(`http://localhost:${(server.address() as AddressInfo).port}`);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
    { scope: 'worker' },
  ],
  baseURL: ({ ownStore }, provide) => provide(ownStore),
});
