import { test as base } from '@playwright/test';
import type { CookiePolicy, EngineBrowser, EngineName, ShopperPage } from './driver';
import { engineBrowserFixture } from './engines';
import { JOURNEYS, shopFor, STORE_PAGES, THEME_PAGES, type Where } from './journeys';
import { startTestServers, type Sites, type TestServers } from './servers';

/** Each project names an engine and a cookie policy; each test gets a fresh page and a fresh store. */
const test = base.extend<
  { shopper: ShopperPage; sites: Sites },
  { engine: EngineName; policy: CookiePolicy; engineBrowser: EngineBrowser; servers: TestServers }
>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  policy: ['default', { option: true, scope: 'worker' }],
  servers: [
    // Playwright reads the fixtures a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // ENGINES_DIST=dist/lite runs the journeys on the lite (Preact) build.
      const distDir = process.env.ENGINES_DIST ?? 'dist';
      const servers = await startTestServers({ pages: THEME_PAGES, storePages: STORE_PAGES, distDir });
      await provide(servers);
      await servers.close();
    },
    { scope: 'worker' },
  ],
  engineBrowser: engineBrowserFixture,
  sites: async ({ servers }, provide) => {
    const store = await servers.freshStore();
    await provide({ store: servers.store, theme: servers.theme });
    await store.close();
  },
  shopper: async ({ engineBrowser, sites }, provide, testInfo) => {
    // Named so the page opens once the test's store runs, and closes before it stops.
    void sites;
    const page = await engineBrowser.newPage();
    await provide(page);
    // What the shopper saw at the end, beside the error of a failed journey.
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('the shopper sees', { body: await page.shopperSees(), contentType: 'text/plain' });
    }
    await page.close();
  },
});

const WHERE: Where[] = ['same-site', 'cross-site'];

for (const where of WHERE) {
  test.describe(where, () => {
    for (const journey of JOURNEYS) {
      if (journey.only && journey.only !== where) continue;
      test(journey.name, async ({ shopper, sites }) => {
        await journey.run(shopper, shopFor(where, sites));
      });
    }
  });
}
