import { defineConfig } from '@playwright/test';
import type { CookiePolicy, EngineName } from './driver';

/**
 * The shopper journeys in three engines (docs/testing.md): Playwright Test as the runner, one
 * project per engine and cookie policy, the driver given by a fixture. The engines' own default
 * policies run every journey; the other policies change only what happens across sites, so they
 * run the cross-site journeys alone. ENGINES=firefox,webkit picks engines.
 */
const picked = process.env.ENGINES?.split(',').map((name) => name.trim());

const PROJECTS: { engine: EngineName; policy: CookiePolicy }[] = [
  { engine: 'chromium', policy: 'default' },
  { engine: 'firefox', policy: 'default' },
  { engine: 'webkit', policy: 'default' },
  { engine: 'chromium', policy: 'allowed' },
  { engine: 'firefox', policy: 'blocked' },
  { engine: 'webkit', policy: 'blocked' },
  { engine: 'chromium', policy: 'nothing' },
];

/** The journey only the "nothing" policy runs, and that policy runs alone. */
const NOTHING_KEPT = /nothing kept/;

export default defineConfig<object, { engine: EngineName; policy: CookiePolicy }>({
  testDir: '.',
  testMatch: ['shopper.journeys.ts', 'theme.checks.ts'],
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['./matrix-reporter.ts']],
  outputDir: '../../test-results/engines',
  projects: PROJECTS.filter(({ engine }) => !picked || picked.includes(engine)).map(({ engine, policy }) => ({
    name: policy === 'default' ? engine : policy === 'nothing' ? `${engine}-nothing-kept` : `${engine}-3p-${policy}`,
    use: { engine, policy },
    // The theme checks look at pages, not cookies: the engines' own policies run them.
    grep: policy === 'nothing' ? NOTHING_KEPT : policy === 'default' ? undefined : /cross-site/,
    testIgnore: policy === 'default' ? undefined : 'theme.checks.ts',
    grepInvert: policy === 'nothing' ? undefined : NOTHING_KEPT,
  })),
});
