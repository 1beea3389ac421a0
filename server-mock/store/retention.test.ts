import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import type { Db } from './db';
import { openStore } from './open-store';
import { queueEmail } from './outbox';
import {
  DEFAULT_RETENTION,
  RETENTION_DAYS,
  setRetention,
  startRetentionSweeper,
  sweepExpired,
  SWEEP_BATCH_ROWS,
} from './retention';
import { addSiteUser } from './site-users';

const DAY = 24 * 3600_000;
const HOLD = 30 * 60_000;
const NOW = Date.UTC(2027, 5, 1);

const { store, file: newFile } = databasesPerTest();

const count = (db: Db, sql: string) => (db.prepare(sql).get() as { n: number }).n;

/** One row of each kind of shopper data, made `age` days before {@link NOW}. */
function rowsAged(db: Db, age: number, tag: string): void {
  const at = NOW - age * DAY;
  db.prepare("INSERT INTO form_submissions (form_id, answers, created) VALUES ('newsletter', ?, ?)").run(
    JSON.stringify({ email: `${tag}@example.com` }),
    at,
  );
  db.prepare(
    `INSERT INTO restock_sign_ups (id, product_id, sku, email, email_key, created, sent)
     VALUES (?, 'prod-ceramic-mug', 'MUG-1', ?, ?, ?, NULL), (?, 'prod-ceramic-mug', 'MUG-1', ?, ?, ?, ?)`,
  ).run(
    `${tag}-p`,
    `${tag}@example.com`,
    `${tag}@example.com`,
    at,
    `${tag}-s`,
    `${tag}s@example.com`,
    `${tag}s@example.com`,
    at,
    at,
  );
  queueEmail(db, { to: `${tag}@example.com`, subject: 's', body: 'b' }, at);
  db.prepare(
    "INSERT INTO analytics_events (created, source, name, payload) VALUES (?, 'census', 'button-click', '{}')",
  ).run(at);
  addSiteUser(db, { id: `member-${tag}`, email: `${tag}@member.example`, passwordHash: 'x', roles: [] });
  db.prepare('UPDATE site_users SET created = ?, last_seen = NULL WHERE id = ?').run(at, `member-${tag}`);
}

describe('the retention sweep', () => {
  it('has safe defaults: nothing is kept for ever', () => {
    for (const [name, days] of Object.entries(DEFAULT_RETENTION)) {
      expect(days, name).toBeGreaterThanOrEqual(RETENTION_DAYS.min);
      expect(days, name).toBeLessThanOrEqual(2 * 365);
    }
    expect(DEFAULT_RETENTION.restockSentDays).toBeLessThan(DEFAULT_RETENTION.restockPendingDays);
  });

  it('deletes what is past its time by the clock it is given, and keeps the rest', () => {
    const db = store();
    rowsAged(db, 800, 'old');
    rowsAged(db, 10, 'new');
    const before = {
      submissions: count(db, 'SELECT COUNT(*) AS n FROM form_submissions'),
      outbox: count(db, 'SELECT COUNT(*) AS n FROM outbox'),
    };
    const swept = sweepExpired(db, NOW, HOLD);
    expect(swept).toMatchObject({
      formSubmissions: 1,
      restockPending: 1,
      restockSent: 1,
      outbox: 1,
      analytics_events: 1,
      inactiveMembers: 1,
    });
    expect(count(db, 'SELECT COUNT(*) AS n FROM form_submissions')).toBe(before.submissions - 1);
    expect(count(db, 'SELECT COUNT(*) AS n FROM outbox')).toBe(before.outbox - 1);
    expect(count(db, "SELECT COUNT(*) AS n FROM restock_sign_ups WHERE id LIKE 'new-%'")).toBe(2);
    expect(count(db, "SELECT COUNT(*) AS n FROM site_users WHERE id = 'member-new'")).toBe(1);
    // Owners are never swept, however long since they signed in.
    expect(count(db, "SELECT COUNT(*) AS n FROM site_users WHERE email = 'owner@fieldandforge.test'")).toBe(1);
    expect(sweepExpired(db, NOW + 2 * 365 * DAY, HOLD).inactiveMembers).toBeGreaterThan(0);
    expect(count(db, "SELECT COUNT(*) AS n FROM site_users WHERE email = 'owner@fieldandforge.test'")).toBe(1);
  });

  it("follows the owner's settings", () => {
    const db = store();
    rowsAged(db, 10, 'recent');
    setRetention(db, { outboxDays: 7, restockSentDays: 5 });
    const swept = sweepExpired(db, NOW, HOLD);
    expect(swept).toMatchObject({ outbox: 1, restockSent: 1, formSubmissions: 0, restockPending: 0 });
  });

  it('deletes a bounded batch per pass', () => {
    const db = store();
    const insert = db.prepare(
      "INSERT INTO outbox (to_address, subject, body, created) VALUES ('a@b.example', 's', 'b', ?)",
    );
    for (let i = 0; i < SWEEP_BATCH_ROWS + 10; i++) insert.run(NOW - 400 * DAY);
    expect(sweepExpired(db, NOW, HOLD).outbox).toBe(SWEEP_BATCH_ROWS);
    expect(sweepExpired(db, NOW, HOLD).outbox).toBe(10);
  });

  it('runs by itself on a timer in the server process, batch after batch', async () => {
    const db = store();
    const insert = db.prepare(
      "INSERT INTO outbox (to_address, subject, body, created) VALUES ('a@b.example', 's', 'b', ?)",
    );
    for (let i = 0; i < SWEEP_BATCH_ROWS + 10; i++) insert.run(NOW - 400 * DAY);
    const deleted: number[] = [];
    await new Promise<void>((resolve) => {
      const stop = startRetentionSweeper(db, {
        intervalMs: 5,
        now: () => NOW,
        holdMs: HOLD,
        onSweep: (swept) => {
          deleted.push(swept.outbox ?? 0);
          if (deleted.length === 2) {
            stop();
            resolve();
          }
        },
      });
    });
    expect(deleted).toEqual([SWEEP_BATCH_ROWS, 10]);
    expect(count(db, 'SELECT COUNT(*) AS n FROM outbox')).toBe(0);
  });
});

describe('password-type answers', () => {
  it('are removed from a file that kept them, when it is migrated', () => {
    const file = newFile('retention-');
    let db = openStore(file);
    db.prepare("INSERT INTO form_submissions (form_id, answers, created) VALUES ('contact', ?, 1)").run(
      JSON.stringify({ email: 'a@b.example', 'order-password': 'hunter2' }),
    );
    db.pragma('user_version = 4');
    db.close();
    db = openStore(file);
    const { answers } = db.prepare('SELECT answers FROM form_submissions').get() as { answers: string };
    db.close();
    expect(JSON.parse(answers)).toEqual({ email: 'a@b.example' });
  });
});
