import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { puppetCore, shopperPage, type CookiePolicy, type Engine, type EngineBrowser } from './driver';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * `network.cookie.cookieBehavior` per policy: 5 is Total Cookie Protection (third-party cookies
 * kept, partitioned by the top-level site: Firefox's shipped default, set explicitly since
 * puppeteer's profile changes the content-blocking defaults), 1 blocks third-party cookies.
 */
const COOKIE_BEHAVIOR: Partial<Record<CookiePolicy, number>> = { default: 5, blocked: 1 };

/** Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi. */
export const firefoxEngine: Engine = {
  name: 'firefox',
  missing: () => (existsSync(FIREFOX_PATH) ? undefined : `${FIREFOX_PATH} (Debian package firefox-esr)`),
  async launch(policy: CookiePolicy): Promise<EngineBrowser> {
    const cookieBehavior = COOKIE_BEHAVIOR[policy];
    if (cookieBehavior === undefined) throw new Error(`Firefox has no "${policy}" policy here`);
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      acceptInsecureCerts: true,
      extraPrefsFirefox: { 'network.cookie.cookieBehavior': cookieBehavior },
    });
    return {
      async newPage() {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport({ width: 1280, height: 900 });
        return shopperPage(
          puppetCore(
            'firefox',
            page,
            () => context.close(),
            (width, height) => page.setViewport({ width, height }),
          ),
        );
      },
      close: () => browser.close(),
    };
  },
};
