import type { Page, Request } from '@playwright/test';
import { SESSION_RECORDING_MOCK_ID, SESSION_RECORDING_PATH } from '../contract/session-recording';
import { sampleBucket } from '../runtime/session-recording';
import { expect, test } from './fixtures';

/** A visitor id (the `ss_aid` analytics cookie) inside the demo store's 50 % sample, and one outside it. */
const ids = Array.from({ length: 200 }, (_, i) => `e2e-visitor-${i}`);
const SAMPLED = ids.find((id) => sampleBucket(id) < 50) ?? '';
const NOT_SAMPLED = ids.find((id) => sampleBucket(id) >= 50) ?? '';

/** Pretends the browser has `cores` CPU cores, and gives the visitor analytics id `visitorId`. */
async function visitor(page: Page, cores: number, visitorId: string): Promise<void> {
  await page.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
  }, cores);
  const { baseURL } = test.info().project.use;
  await page.context().addCookies([{ name: 'ss_aid', value: visitorId, url: baseURL ?? '' }]);
}

/** The data of the `session_recording` event the older tracker sends. */
function decisionEvent(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest(
      (r: Request) =>
        new URL(r.url()).pathname === '/api/events/RecordEvent' &&
        new URLSearchParams(r.postData() ?? '').get('event') === 'session_recording',
    )
    .then((r) => JSON.parse(new URLSearchParams(r.postData() ?? '').get('data') ?? '{}') as Record<string, unknown>);
}

test.describe('session recording', () => {
  test('a sampled visitor on a 4-core machine is recorded: the id and the decision go to analytics, once per tab', async ({
    page,
  }) => {
    await visitor(page, 4, SAMPLED);
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === SESSION_RECORDING_PATH);
    const event = decisionEvent(page);
    await page.goto('/shop/p/linen-shirt');
    expect(await (await asked).json()).toEqual({ id: 'o-FF2026-na1', samplePercent: 50 });
    expect(await event).toMatchObject({ recording: true, reason: 'recording', sessionRecordingId: 'o-FF2026-na1' });
    // No third-party script: nothing was loaded from another origin.
    const origins = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.protocol.startsWith('http'))
        .map((url) => url.origin),
    );
    expect(new Set(origins)).toEqual(new Set([new URL(page.url()).origin]));
    // The tab keeps its decision: the next page neither asks nor reports again.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('store-session-recording'))).not.toBeNull();
    let again = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === SESSION_RECORDING_PATH) again += 1;
    });
    await page.goto('/shop');
    await expect(page.locator('html[data-store-page-load-id]')).toBeAttached();
    expect(again).toBe(0);
  });

  test('2 cores rule recording out before any call; an unsampled visitor is asked for but not recorded', async ({
    page,
    browser,
  }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === SESSION_RECORDING_PATH) calls += 1;
    });
    await visitor(page, 2, SAMPLED);
    const event = decisionEvent(page);
    await page.goto('/shop/p/linen-shirt');
    expect(await event).toMatchObject({ recording: false, reason: 'few-cores', sessionRecordingId: null });
    expect(calls).toBe(0);

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await context.newPage();
    await visitor(other, 8, NOT_SAMPLED);
    const unsampled = decisionEvent(other);
    await other.goto('/shop/p/linen-shirt');
    expect(await unsampled).toMatchObject({
      recording: false,
      reason: 'not-sampled',
      sessionRecordingId: 'o-FF2026-na1',
    });
    await context.close();
  });

  test('with the session-recording toggle off, nothing is asked and nothing recorded', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === SESSION_RECORDING_PATH) calls += 1;
    });
    await visitor(page, 8, SAMPLED);
    // The page's store context with the toggle's variant 'false'.
    await page.route('**/shop/p/linen-shirt', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<script type="application\/json" id="store-context"[^>]*>)(.*?)(<\/script>)/s,
        (_, open: string, json: string, close: string) => {
          const context = JSON.parse(json) as { experiments: Record<string, unknown> };
          context.experiments['session-recording'] = { type: 'FEATURE_TOGGLE', variant: 'false' };
          return `${open}${JSON.stringify(context)}${close}`;
        },
      );
      await route.fulfill({ response, body });
    });
    const event = decisionEvent(page);
    await page.goto('/shop/p/linen-shirt');
    expect(await event).toMatchObject({ recording: false, reason: 'toggle-off', sessionRecordingId: null });
    expect(calls).toBe(0);
  });

  test('the automated mock id disables recording, even for a sampled visitor', async ({ page }) => {
    await visitor(page, 8, SAMPLED);
    await page.route(`**${SESSION_RECORDING_PATH}`, (route) =>
      route.fulfill({ json: { id: SESSION_RECORDING_MOCK_ID, samplePercent: 100 } }),
    );
    const event = decisionEvent(page);
    await page.goto('/shop/p/linen-shirt');
    expect(await event).toMatchObject({
      recording: false,
      reason: 'mock-id',
      sessionRecordingId: SESSION_RECORDING_MOCK_ID,
    });
  });

  test('without session storage the decision lives in a cookie; an expired one is dropped and decided again', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'sessionStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await visitor(page, 8, SAMPLED);
    // A decision stored an hour ago that expired half an hour ago (the cookie itself still there).
    const stale = { value: JSON.stringify({ record: false, reason: 'not-sampled' }), expiry: Date.now() - 30 * 60_000 };
    const { baseURL } = test.info().project.use;
    await context.addCookies([
      { name: 'store-session-recording', value: encodeURIComponent(JSON.stringify(stale)), url: baseURL ?? '' },
    ]);
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === SESSION_RECORDING_PATH);
    const event = decisionEvent(page);
    await page.goto('/shop/p/linen-shirt');
    await asked;
    expect(await event).toMatchObject({ recording: true, reason: 'recording' });
    const stored = async () => {
      const cookie = (await context.cookies()).find((c) => c.name === 'store-session-recording');
      return cookie && (JSON.parse(decodeURIComponent(cookie.value)) as { value: string; expiry: number });
    };
    await expect.poll(async () => (await stored())?.expiry ?? 0).toBeGreaterThan(Date.now());
    expect(JSON.parse((await stored())?.value ?? '{}')).toMatchObject({ record: true, reason: 'recording' });
  });
});
