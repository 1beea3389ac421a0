import type { Hono } from 'hono';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createApp, type AppOptions } from '../app';
import type { Db } from '../store/db';
import { openStore } from '../store/open-store';
import { json, Visitor } from './visitor';

const PLENTY = { limit: 1_000_000, windowMs: 60_000 };

/**
 * A fresh in-memory demo store (or the one given) and its app, with limits out of the way unless
 * a test sets them.
 */
export function openTestStore(
  options: Partial<AppOptions> = {},
  db: Db = openStore(':memory:'),
): { db: Db; app: Hono } {
  const app = createApp({
    db,
    rateLimit: PLENTY,
    addressRateLimit: PLENTY,
    analyticsRateLimit: PLENTY,
    submitRateLimit: PLENTY,
    signInRateLimit: PLENTY,
    ...options,
  });
  return { db, app };
}

/** The store of the running test (see {@link storePerTest}). */
export interface TestStore {
  /** The current store's database. */
  readonly db: Db;
  /** The current store's app. */
  readonly app: Hono;
  /** A visitor of the current app (it follows {@link TestStore.reopen}), calling from `address` when given. */
  readonly visitor: (address?: string) => Visitor;
  /** Closes the store and starts over with a fresh one whose app has these options. */
  readonly reopen: (options?: Partial<AppOptions>) => void;
}

/**
 * A fresh demo store (see {@link openTestStore}) for every test of the file: opened before each
 * test with `options`, closed after it, and the clock made real again.
 */
export function storePerTest(options: Partial<AppOptions> = {}): TestStore {
  let current: { db: Db; app: Hono } | undefined;
  const opened = () => {
    if (!current) throw new Error('The test store is open only while a test runs.');
    return current;
  };
  const close = () => {
    if (current?.db.open) current.db.close();
  };
  beforeEach(() => {
    current = openTestStore(options);
  });
  afterEach(() => {
    vi.useRealTimers();
    close();
    current = undefined;
  });
  return {
    get db() {
      return opened().db;
    },
    get app() {
      return opened().app;
    },
    visitor: (address) => new Visitor(() => opened().app, address),
    reopen: (reopenOptions = {}) => {
      close();
      current = openTestStore(reopenOptions);
    },
  };
}

/** A visitor's GET of `path`, which must answer 200 with a body of `type`: the body's text. */
export async function okBody(visitor: Visitor, path: string, type: RegExp): Promise<string> {
  const response = await visitor.call('GET', path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(type);
  return response.text();
}

/** Ticks the test provider's box: a CAPTCHA token for the site key (the store's own by default). */
export async function solveCaptcha(visitor: Visitor, sitekey = 'test-site-key'): Promise<string> {
  const response = await visitor.call('POST', '/api/captcha/test-token', { sitekey });
  if (response.status !== 200) throw new Error(`test-token answered ${response.status}`);
  return (await json(response)).token as string;
}
