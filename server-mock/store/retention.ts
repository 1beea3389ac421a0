import { sweepStaleCarts } from './carts';
import type { Db } from './db';
import { PAGE_FORM_POST_MS } from './page-form-posts';
import { sweepCartTokens } from './cart-tokens';
import { advanceHeldUnits } from './held-units';
import { advanceHolderUnits } from './holder-units';
import { sweepHoldSpans } from './scarce-holds';
import { getSetting, setSetting } from './settings';
import { sweepSignIns } from './sign-in-throttle';
import { isOwner } from './site-users';
import { StoreError } from './store-error';

/** How long the store keeps each kind of shopper data, in days (the owner's retention settings). */
export interface Retention {
  /** Site-form submissions, from when they were sent. */
  formSubmissionsDays: number;
  /** Restock sign-ups still waiting for their e-mail, from the sign-up. */
  restockPendingDays: number;
  /** Restock sign-ups whose e-mail went out, from the sending. */
  restockSentDays: number;
  /** E-mails in the outbox, from the sending. */
  outboxDays: number;
  /** Analytics rows (page views, events, error reports, performance records). */
  analyticsDays: number;
  /** Member accounts (no owner role) nobody signed in to, from the last sign-in or the creation. */
  inactiveMembersDays: number;
}

/** The defaults: long enough to answer a shopper, short enough that nothing is kept for ever. */
export const DEFAULT_RETENTION: Readonly<Retention> = {
  formSubmissionsDays: 365,
  restockPendingDays: 365,
  restockSentDays: 30,
  outboxDays: 90,
  analyticsDays: 395,
  inactiveMembersDays: 730,
};

/** Settings key of the retention settings (JSON). */
export const RETENTION_KEY = 'retention';
/** Bounds of every retention setting, in days. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

export const RETENTION_MESSAGES = {
  body: 'The retention settings must be a JSON object of days by name.',
  days: `Enter a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}.`,
  unknown: (name: string) => `${name.slice(0, 40)} is not a retention setting.`,
} as const;

/** The store's retention settings: the saved ones over the defaults. */
export function retention(db: Db): Retention {
  const saved = getSetting(db, RETENTION_KEY);
  const parsed: unknown = saved ? JSON.parse(saved) : {};
  const kept = { ...DEFAULT_RETENTION };
  for (const name of Object.keys(kept) as (keyof Retention)[]) {
    const value = (parsed as Record<string, unknown>)[name];
    if (isDays(value)) kept[name] = value;
  }
  return kept;
}

const isDays = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= RETENTION_DAYS.min && (value as number) <= RETENTION_DAYS.max;

/**
 * Checks and saves retention settings (any subset; the rest stay). Numbers may come as text, as
 * from an HTML form. Refuses with field errors (`errors`: name -> message) and saves nothing.
 */
export function setRetention(db: Db, input: unknown): Retention {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new StoreError('invalid', RETENTION_MESSAGES.body);
  }
  const next = retention(db);
  const errors: Record<string, string> = {};
  for (const [name, raw] of Object.entries(input)) {
    if (!Object.hasOwn(DEFAULT_RETENTION, name)) {
      errors[name.slice(0, 40)] = RETENTION_MESSAGES.unknown(name);
      continue;
    }
    const value = typeof raw === 'string' && /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    if (isDays(value)) next[name as keyof Retention] = value;
    else errors[name] = RETENTION_MESSAGES.days;
  }
  if (Object.keys(errors).length > 0) throw new StoreError('invalid', RETENTION_MESSAGES.days, { errors });
  setSetting(db, RETENTION_KEY, JSON.stringify(next));
  return next;
}

const DAY_MS = 24 * 3600_000;

/** Rows one sweep deletes per kind at most, so one pass never holds the database long. */
export const SWEEP_BATCH_ROWS = 500;

/** What one sweep deleted, per kind. */
export type Swept = Record<string, number>;

/** Deletes up to `limit` rows of `table` whose `column` is before `cutoff`, oldest rows (by rowid) first. */
function deleteOlder(db: Db, table: string, column: string, cutoff: number, limit: number, where = 'TRUE'): number {
  return db
    .prepare(
      `DELETE FROM ${table} WHERE rowid IN
         (SELECT rowid FROM ${table} WHERE ${column} < ? AND ${where} ORDER BY rowid LIMIT ?)`,
    )
    .run(cutoff, limit).changes;
}

/**
 * One pass of the retention sweep at `now`: deletes what is past its time (the owner's retention
 * settings, and the fixed lifetimes of carts, sessions, keys and throttling records), at most
 * {@link SWEEP_BATCH_ROWS} rows of each kind, each kind in its own short transaction.
 */
export function sweepExpired(db: Db, now: number, holdMs: number): Swept {
  const days = retention(db);
  const ago = (d: number) => now - d * DAY_MS;
  const n = SWEEP_BATCH_ROWS;
  const swept: Swept = {};
  const step = (kind: string, work: () => number) => {
    swept[kind] = db.transaction(work).immediate();
  };
  step('formSubmissions', () => deleteOlder(db, 'form_submissions', 'created', ago(days.formSubmissionsDays), n));
  step('restockPending', () =>
    deleteOlder(db, 'restock_sign_ups', 'created', ago(days.restockPendingDays), n, 'sent IS NULL'),
  );
  step('restockSent', () => deleteOlder(db, 'restock_sign_ups', 'sent', ago(days.restockSentDays), n));
  step('outbox', () => deleteOlder(db, 'outbox', 'created', ago(days.outboxDays), n));
  for (const table of ['analytics_hits', 'analytics_events', 'analytics_error_reports', 'performance_records']) {
    step(table, () => deleteOlder(db, table, 'created', ago(days.analyticsDays), n));
  }
  step('inactiveMembers', () => {
    const stale = db
      .prepare('SELECT id, email, roles FROM site_users WHERE COALESCE(last_seen, created) < ? LIMIT ?')
      .all(ago(days.inactiveMembersDays), n) as { id: string; email: string; roles: string }[];
    const members = stale.filter((u) => !isOwner({ ...u, roles: JSON.parse(u.roles) as number[] }));
    for (const { id } of members) {
      db.prepare('DELETE FROM site_user_sessions WHERE user_id = ?').run(id);
      db.prepare('DELETE FROM site_users WHERE id = ?').run(id);
    }
    return members.length;
  });
  step('sessions', () => deleteOlder(db, 'site_user_sessions', 'expires', now, n));
  step('submissionKeys', () => deleteOlder(db, 'form_submission_keys', 'expires', now, n));
  step('captchaTokens', () => deleteOlder(db, 'captcha_used_tokens', 'expires', now, n));
  step('pendingMembers', () => deleteOlder(db, 'pending_members', 'expires', now, n));
  step('pageFormPosts', () => deleteOlder(db, 'page_form_posts', 'created', now - PAGE_FORM_POST_MS, n));
  step('subscriptionCheckouts', () =>
    deleteOlder(db, 'subscription_carts', 'COALESCE(held_until, created)', ago(1), n),
  );
  step('carts', () => sweepStaleCarts(db, now));
  step('cartTokens', () => sweepCartTokens(db, now, n));
  step('holdSpans', () => sweepHoldSpans(db, now, holdMs, n));
  step('signIns', () => sweepSignIns(db, now, n));
  // Not a deletion: the kept counts of held units move to now, so reading them stays short.
  step('heldUnitCounts', () => advanceHeldUnits(db, now, n));
  step('holderUnitCounts', () => advanceHolderUnits(db, now, n));
  return swept;
}

export interface SweeperOptions {
  /** Between two sweeps (default a minute). */
  intervalMs?: number;
  now?: () => number;
  /** The store's hold window (for the scarce-hold spans). */
  holdMs: number;
  /** Called after each sweep with what it deleted (tests wait for it). */
  onSweep?: (swept: Swept) => void;
}

/**
 * Runs {@link sweepExpired} every `intervalMs` in this process; while a pass deletes a whole batch of
 * something it runs again on the next turn of the event loop (requests are served in between).
 * Returns a function that stops it. The timer never keeps the process alive.
 */
export function startRetentionSweeper(db: Db, options: SweeperOptions): () => void {
  const clock = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = () => {
    if (stopped || !db.open) return;
    let swept: Swept;
    try {
      swept = sweepExpired(db, clock(), options.holdMs);
    } catch (error) {
      console.error('Retention sweep failed:', error);
      schedule();
      return;
    }
    options.onSweep?.(swept);
    if (Object.values(swept).some((count) => count >= SWEEP_BATCH_ROWS)) setImmediate(pass);
    else schedule();
  };
  const schedule = () => {
    if (!stopped) timer = setTimeout(pass, options.intervalMs ?? 60_000).unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
