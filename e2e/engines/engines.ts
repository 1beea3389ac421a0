/** The three engines by name, and a browser of one of them for a test worker. */
import { chromiumEngine } from './chromium-engine';
import type { CookiePolicy, Engine, EngineBrowser, EngineName } from './driver';
import { firefoxEngine } from './firefox-engine';
import { webkitEngine } from './webkit-engine';

export const ENGINES: Record<EngineName, Engine> = {
  chromium: chromiumEngine,
  firefox: firefoxEngine,
  webkit: webkitEngine,
};

/** A browser of `engine` under `policy`, or an error naming what to install. */
export function openEngine(engine: EngineName, policy: CookiePolicy): Promise<EngineBrowser> {
  const missing = ENGINES[engine].missing();
  if (missing) throw new Error(`${engine} is not installed: ${missing}. Run: node scripts/ensure-browsers.mjs`);
  return ENGINES[engine].launch(policy);
}

/** The worker fixture of a browser of the worker's engine and policy, closed when the worker ends. */
export const engineBrowserFixture: [
  (
    args: { engine: EngineName; policy: CookiePolicy },
    provide: (browser: EngineBrowser) => Promise<void>,
  ) => Promise<void>,
  { scope: 'worker'; timeout: number },
] = [
  async (
    { engine, policy }: { engine: EngineName; policy: CookiePolicy },
    provide: (browser: EngineBrowser) => Promise<void>,
  ) => {
    const browser = await openEngine(engine, policy);
    await provide(browser);
    await browser.close();
  },
  { scope: 'worker', timeout: 60_000 },
];
