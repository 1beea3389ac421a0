import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * Two free ports on loopback, asked of the system once by the runner: the workers it starts inherit
 * them through the environment, so every process of the run agrees on them.
 */
function freePorts(): [number, number] {
  const script =
    "const net=require('net');const a=net.createServer().listen(0,'127.0.0.1',()=>{const b=net.createServer().listen(0,'127.0.0.1',()=>{console.log(a.address().port+' '+b.address().port);a.close();b.close();});});";
  const [react, lite] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .map(Number);
  return [react as number, lite as number];
}
if (!process.env.E2E_PORT) [process.env.E2E_PORT, process.env.E2E_LITE_PORT] = freePorts().map(String);
const PORT = Number(process.env.E2E_PORT);
/** The lite build (dist/lite/, Preact) is served on its own port and runs the same specs. */
const LITE_PORT = Number(process.env.E2E_LITE_PORT ?? PORT + 1);
/** A deployment to test instead of our own server (static demo pages: see docs/testing.md). */
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
  projects: [
    { name: 'react', use: { baseURL: BASE_URL ?? `http://localhost:${PORT}` } },
    {
      name: 'lite',
      use: { baseURL: `http://localhost:${LITE_PORT}` },
      // Specs about the bundle's files and types, the server's markup alone (SEO), or that start servers of their own on dist/.
      testIgnore: /\/(assets|cross-origin|seo|static-demo|template|theme-types)\.spec\.ts$/,
    },
  ],
  webServer: [PORT, LITE_PORT].map((port) => ({
    command: 'npx tsx server-mock/main.ts',
    url: `http://localhost:${port}/shop`,
    // Every test calls from this one address: the per-address ceiling would count them all as one robot.
    env: {
      PORT: String(port),
      STORE_DB: ':memory:',
      ADDRESS_RATE_LIMIT: '100000/10',
      // Nor may one address hold only a fair share of a scarce variant (server-mock unit tests cover it).
      SCARCE_STOCK: '0',
      // Specs that spend a per-address budget (form submissions) give each test an address of its own.
      TRUST_PROXY: '1',
      DIST_DIR: port === LITE_PORT ? 'dist/lite' : 'dist',
    },
    reuseExistingServer: false,
    timeout: 30_000,
  })),
});

// Pointed at a deployment (E2E_BASE_URL), the suite starts no server of its own and runs once.
if (BASE_URL) {
  delete config.webServer;
  config.projects = config.projects?.filter((project) => project.name === 'react');
  // Only the specs that drive the shopper pages through a deployment run against one; the others
  // need server-mock's own routes (owner pages, QA overrides, intercepted calls).
  config.testMatch = /\/static-demo\.spec\.ts$/;
}

export default config;
