import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { puppetCore, shopperPage, type CookiePolicy, type Engine, type EngineBrowser } from './driver';

/** The profile preferences of the policies that live in a profile rather than a launch flag. */
const PROFILE_PREFERENCES: Partial<Record<CookiePolicy, object>> = {
  allowed: { profile: { cookie_controls_mode: 0, block_third_party_cookies: false } },
  nothing: { profile: { default_content_setting_values: { cookies: 2 } } },
};

/**
 * Debian's Chromium driven by Playwright. Third-party cookies are blocked in it by default (and in
 * every incognito-like context); "allowed" ("Allow third-party cookies", `profile.cookie_controls_mode`
 * 0) and "nothing" ("Block all cookies") start a profile of their own, since those settings live in one.
 */
export const chromiumEngine: Engine = {
  name: 'chromium',
  missing: () => (existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} (Debian package chromium)`),
  async launch(policy: CookiePolicy): Promise<EngineBrowser> {
    const preferences = PROFILE_PREFERENCES[policy];
    if (preferences) {
      return {
        async newPage() {
          const profile = await mkdtemp(join(tmpdir(), 'storefront-chromium-'));
          await mkdir(join(profile, 'Default'));
          await writeFile(join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
          const context = await chromium.launchPersistentContext(profile, {
            executablePath: CHROMIUM_PATH,
            args: CHROMIUM_ARGS,
            ignoreHTTPSErrors: true,
          });
          const page = context.pages()[0] ?? (await context.newPage());
          return shopperPage(
            puppetCore(
              'chromium',
              page,
              async () => {
                await context.close();
                await rm(profile, { recursive: true, force: true });
              },
              (width, height) => page.setViewportSize({ width, height }),
            ),
          );
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
        return shopperPage(
          puppetCore(
            'chromium',
            page,
            () => context.close(),
            (width, height) => page.setViewportSize({ width, height }),
          ),
        );
      },
      close: () => browser.close(),
    };
  },
};
