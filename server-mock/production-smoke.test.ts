import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './store/open-store';
import { DEMO_ONLY_PATHS } from './testing/demo-only-paths';
import { PRODUCTION_OWNER as OWNER } from './testing/production-store';
import { overHttp, Visitor } from './testing/visitor';

const ROOT = join(import.meta.dirname, '..');
/** Starting tsx on a busy shared machine can take a while. */
const START_TIMEOUT_MS = 60_000;

/** The real server (`server-mock/main.ts`) in a process of its own, as `npm run serve` starts it. */
function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server-mock/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the server's address once it says where it listens; rejects when it exits first. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /at http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
}

/** The exit code and everything the server wrote, once it has exited by itself. */
function exited(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the server started with STORE_MODE=production, over real HTTP', () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-production-smoke-'));
  const production = {
    STORE_MODE: 'production',
    PUBLIC_ORIGIN: 'https://shop.example',
    STORE_OWNER_EMAIL: OWNER.email,
    STORE_OWNER_PASSWORD: OWNER.password,
  };
  let server: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    server = startServer({ ...production, STORE_DB: join(dir, 'store.db') });
    base = await listening(server);
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const gone = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no /qa/* page, demo content, places data, mock recording id or test CAPTCHA', async () => {
    const v = new Visitor(() => overHttp(base));
    for (const path of DEMO_ONLY_PATHS) expect((await v.call('GET', path)).status, path).toBe(404);
    expect((await v.call('POST', '/api/captcha/test-token', { sitekey: 'anything' })).status).toBe(404);
  });

  it('has no demo product or demo account; its own owner signs in', async () => {
    const v = new Visitor(() => overHttp(base));
    const shop = await v.call('GET', '/shop');
    expect(shop.status).toBe(200);
    expect(await shop.text()).not.toContain('/shop/p/');
    expect((await v.call('GET', '/shop/p/linen-shirt')).status).toBe(404);
    expect(await (await v.call('GET', '/')).text()).not.toMatch(/Demo pages|\/qa\/|\/journal/);
    for (const [email, password] of [
      ['owner@fieldandforge.test', 'demo-owner-pass'],
      ['viewer@fieldandforge.test', 'demo-viewer-pass'],
      ['member@fieldandforge.test', 'demo-member-pass'],
    ] as const) {
      expect((await v.signIn(email, password)).status, email).toBe(401);
    }
    expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });

  it(
    'refuses to start on a file the demo store made, saying what to do',
    async () => {
      const demoFile = join(dir, 'demo.db');
      openStore(demoFile).close();
      const { code, output } = await exited(startServer({ ...production, STORE_DB: demoFile }));
      expect(code).toBe(1);
      expect(output).toContain('was made by the demo store');
      expect(output).toContain('Start production on a new file');
    },
    START_TIMEOUT_MS,
  );

  it(
    'names every problem of its settings at once, and leaves no file behind',
    async () => {
      const file = join(dir, 'new', 'store.db');
      const setting = {
        ...production,
        STORE_DB: file,
        PUBLIC_ORIGIN: 'https://shop.example/shop',
        STORE_OWNER_EMAIL: 'not an address',
        STORE_OWNER_PASSWORD: ' '.repeat(12),
        ALLOWED_ORIGINS: 'nowhere',
      };
      const { code, output } = await exited(startServer(setting));
      expect(code).toBe(1);
      expect(output).toContain('PUBLIC_ORIGIN must be an http(s) origin such as https://shop.example, without a path');
      expect(output).toContain('ALLOWED_ORIGINS must list origins');
      expect(output).toContain('STORE_OWNER_EMAIL must be an e-mail address');
      expect(output).toContain('STORE_OWNER_PASSWORD must have at least 12 characters, not all spaces');
      expect(existsSync(file)).toBe(false);
      expect(existsSync(join(dir, 'new'))).toBe(false);
    },
    START_TIMEOUT_MS,
  );

  it(
    'refuses the test CAPTCHA provider',
    async () => {
      const setting = { ...production, STORE_DB: join(dir, 'other.db'), CAPTCHA_PROVIDER: 'test' };
      const { code, output } = await exited(startServer(setting));
      expect(code).toBe(1);
      expect(output).toContain("CAPTCHA_PROVIDER=test is the demo store's test provider");
    },
    START_TIMEOUT_MS,
  );
});
