import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { OWNER } from './testing/visitor';

/**
 * The real server on a real file: every sign-up and submission it acknowledged is still there
 * after the process is killed without warning (SIGKILL) and started again.
 */

const N = 25;
const dir = mkdtempSync(join(tmpdir(), 'store-durability-'));
const file = join(dir, 'store.db');
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts server-mock/main.ts through tsx on a free port over `file` and resolves with its base
 * URL. Node loads tsx itself (`--import tsx`) so the child is the server: the `tsx` command
 * would run the server in a grandchild that a SIGKILL of the child leaves running.
 */
function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server-mock/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STORE_DB: file,
      SUBMIT_RATE_LIMIT: '100000/60',
      ADDRESS_RATE_LIMIT: '100000/10',
      VISITOR_RATE_LIMIT: '100000/10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${match[1]}` });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => {
      running.delete(child);
      resolve();
    });
    child.kill('SIGKILL');
  });
}

/** A browser-like client: keeps cookies, sends the crumb header. */
class Client {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Response> {
    if (!this.cookies.has('crumb') && method !== 'GET') await this.call('GET', '/api/commerce/shopping-cart');
    const response = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': this.cookies.get('crumb') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  }

  async ok(method: string, path: string, body?: unknown): Promise<Record<string, any>> {
    const response = await this.call(method, path, body);
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, any>;
  }
}

describe('durability', () => {
  it(`keeps all ${N} acknowledged sign-ups and submissions across a SIGKILL`, { timeout: 90_000 }, async () => {
    const first = await startServer();
    for (let i = 0; i < N; i++) {
      // A new visitor every time (fresh crumb, fresh cart).
      const visitor = new Client(first.base);
      const { token } = await visitor.ok('POST', '/api/captcha/test-token', { sitekey: 'test-site-key' });
      await visitor.ok('POST', '/api/site-users/account/notifications/restock', {
        productId: 'prod-ceramic-mug',
        variantId: 'MUG-1',
        siteVisitorEmail: `shopper${i}@example.com`,
        isJoinMailingList: i % 2 === 0,
        captchaToken: token,
      });
      const { key } = await visitor.ok('POST', '/api/form/FormSubmissionKey');
      await visitor.ok('POST', '/api/form/SaveFormSubmission', {
        formId: 'newsletter',
        key,
        form: JSON.stringify({ email: `reader${i}@example.com` }),
        pageTitle: 'Newsletter',
        pageId: 'page-newsletter',
        contentSource: 'c',
        pagePath: '/newsletter',
        pagePermissionTypeValue: 1,
      });
    }
    await killHard(first.child);
    await expect(fetch(`${first.base}/shop`)).rejects.toThrow();

    const second = await startServer();
    const owner = new Client(second.base);
    await owner.ok('POST', '/api/site-users/account/session', { ...OWNER, rememberMe: false });
    const emails: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await owner.ok(
        'GET',
        `/api/site-users/account/notifications/restock?productId=prod-ceramic-mug&variantId=MUG-1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      emails.push(...page.signUps.map((s: { email: string }) => s.email));
      if (!page.hasNextPage) break;
      cursor = encodeURIComponent(page.nextPageCursor);
    }
    expect(emails).toEqual(Array.from({ length: N }, (_, i) => `shopper${i}@example.com`));

    const reader = new Database(file, { readonly: true });
    const rows = reader
      .prepare("SELECT answers FROM form_submissions WHERE form_id = 'newsletter' ORDER BY id")
      .all() as {
      answers: string;
    }[];
    reader.close();
    expect(rows.map((r) => JSON.parse(r.answers).email)).toEqual(
      Array.from({ length: N }, (_, i) => `reader${i}@example.com`),
    );
    await killHard(second.child);
  });
});
