import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4174);
/** A deployment to test instead of our own server (static demo pages: see README, "Embedding on another origin"). */
const BASE_URL = process.env.E2E_BASE_URL;

/** End-to-end suite: Debian's Chromium against the built bundle served by server-mock on a fresh in-memory store. */
const config = defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL ?? `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'npx tsx server-mock/main.ts',
    url: `http://localhost:${PORT}/shop`,
    // Every test calls from this one address: the per-address ceiling would count them all as one robot.
    env: { PORT: String(PORT), STORE_DB: ':memory:', ADDRESS_RATE_LIMIT: '100000/10' },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});

// Pointed at a deployment (E2E_BASE_URL), the suite starts no server of its own.
if (BASE_URL) delete config.webServer;

export default config;
