import type { Hono } from 'hono';
import { createApp, type AppOptions } from '../app';
import type { Db } from '../store/db';
import { openStore } from '../store/open-store';
import { json, type Visitor } from './visitor';

const PLENTY = { limit: 1_000_000, windowMs: 60_000 };

/** A fresh in-memory demo store and its app, with limits out of the way unless a test sets them. */
export function openTestStore(options: Partial<AppOptions> = {}): { db: Db; app: Hono } {
  const db = openStore(':memory:');
  const app = createApp({
    db,
    rateLimit: PLENTY,
    analyticsRateLimit: PLENTY,
    submitRateLimit: PLENTY,
    signInRateLimit: PLENTY,
    ...options,
  });
  return { db, app };
}

/** Ticks the test provider's box: a CAPTCHA token for the site key (the store's own by default). */
export async function solveCaptcha(visitor: Visitor, sitekey = 'test-site-key'): Promise<string> {
  const response = await visitor.call('POST', '/api/captcha/test-token', { sitekey });
  if (response.status !== 200) throw new Error(`test-token answered ${response.status}`);
  return (await json(response)).token as string;
}
