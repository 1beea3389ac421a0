import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type ElementHandle } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { shopperPage, type CookiePolicy, type DriverCore, type Engine, type EngineBrowser, type Key } from './driver';

/** A Chromium page over Playwright. */
function chromiumCore(
  context: BrowserContext,
  page: Awaited<ReturnType<BrowserContext['newPage']>>,
  done: () => Promise<void>,
): DriverCore {
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    url: async () => page.url(),
    evaluate: (expression) => page.evaluate(expression),
    element: async (expression) => (await page.evaluateHandle(expression)).asElement(),
    clickElement: (element) => (element as ElementHandle).click(),
    type: (text) => page.keyboard.type(text),
    press: (key: Key) => page.keyboard.press(key),
    close: async () => {
      await context.close();
      await done();
    },
  };
}

/**
 * Debian's Chromium driven by Playwright. Third-party cookies are blocked in it by default (and in
 * every incognito-like context); "allowed" starts a profile of its own with the setting "Allow
 * third-party cookies" (`profile.cookie_controls_mode` 0), since that setting lives in a profile.
 */
export const chromiumEngine: Engine = {
  name: 'chromium',
  missing: () => (existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} (Debian package chromium)`),
  async launch(policy: CookiePolicy): Promise<EngineBrowser> {
    if (policy === 'allowed') {
      return {
        async newPage() {
          const profile = await mkdtemp(join(tmpdir(), 'storefront-chromium-'));
          await mkdir(join(profile, 'Default'));
          await writeFile(
            join(profile, 'Default', 'Preferences'),
            JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
          );
          const context = await chromium.launchPersistentContext(profile, {
            executablePath: CHROMIUM_PATH,
            args: CHROMIUM_ARGS,
            ignoreHTTPSErrors: true,
          });
          const page = context.pages()[0] ?? (await context.newPage());
          return shopperPage(chromiumCore(context, page, () => rm(profile, { recursive: true, force: true })));
        },
        close: async () => undefined,
      };
    }
    if (policy === 'blocked') throw new Error('Chromium blocks third-party cookies by default: use the default policy');
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return {
      async newPage() {
        const context = await browser.newContext({ ignoreHTTPSErrors: true });
        const page = await context.newPage();
        return shopperPage(chromiumCore(context, page, async () => undefined));
      },
      close: () => browser.close(),
    };
  },
};
