import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import type { Db } from './db';
import { listRestockGroups, SEND_BATCH, sendRestockEmails } from './restock';

const { store: fresh } = databasesPerTest();

/** Variants of the demo store, as [product id, sku]. */
function variants(db: Db): [string, string][] {
  return (
    db.prepare('SELECT product_id, sku FROM variants ORDER BY product_id, sku').all() as {
      product_id: string;
      sku: string;
    }[]
  ).map((r) => [r.product_id, r.sku]);
}

function signUp(db: Db, [productId, sku]: [string, string], email: string): void {
  db.prepare(
    `INSERT INTO restock_sign_ups (id, product_id, sku, email, email_key, created) VALUES (?, ?, ?, ?, lower(?), 0)`,
  ).run(`${sku}/${email}`, productId, sku, email, email);
}

/** Every group, page after page. */
function walk(db: Db, size: number) {
  const groups = [];
  let cursor: string | undefined;
  for (;;) {
    const page = listRestockGroups(db, cursor, size);
    groups.push(...page.items);
    if (!page.hasNextPage) return groups;
    cursor = page.nextPageCursor ?? undefined;
  }
}

/** The groups as the rows say: pending sign-ups per variant, by their oldest. */
function scanned(db: Db) {
  return (
    db
      .prepare(
        `SELECT product_id AS productId, sku AS variantId, COUNT(*) AS count FROM restock_sign_ups
         WHERE sent IS NULL GROUP BY product_id, sku ORDER BY MIN(seq)`,
      )
      .all() as { productId: string; variantId: string; count: number }[]
  ).map((g) => ({ ...g, productName: expect.any(String), variantName: expect.any(String) }));
}

describe('restock groups', () => {
  it('pages the groups from their roll-up, which follows sign-ups, sends and deletions', async () => {
    const db = fresh();
    const all = variants(db);
    all.forEach((variant, i) => {
      for (let n = 0; n <= i % 3; n++) signUp(db, variant, `v${n}@example.com`);
    });
    // A later sign-up of the first variant leaves its group where it was.
    signUp(db, all[0]!, 'late@example.com');
    expect(walk(db, 4)).toEqual(scanned(db));
    expect(walk(db, 4)).toHaveLength(all.length);

    await sendRestockEmails(db, [{ productId: all[1]![0], variantId: all[1]![1] }], '');
    db.prepare("DELETE FROM restock_sign_ups WHERE product_id = ? AND sku = ? AND email = 'v0@example.com'").run(
      ...all[2]!,
    );
    db.prepare('DELETE FROM restock_sign_ups WHERE product_id = ? AND sku = ?').run(...all[3]!);
    expect(walk(db, 3)).toEqual(scanned(db));
    expect(walk(db, 3)).toHaveLength(all.length - 2);
  });
});

describe('restock send', () => {
  it(`sends ${SEND_BATCH} sign-ups per transaction, letting the event loop come round between two`, async () => {
    const db = fresh();
    const [mug] = variants(db).filter(([, sku]) => sku === 'MUG-1');
    for (let i = 0; i < SEND_BATCH * 2 + 50; i++) signUp(db, mug!, `s${i}@example.com`);
    const outbox = () => (db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
    const sending = sendRestockEmails(db, [{ productId: mug![0], variantId: mug![1] }], '');
    expect(outbox()).toBe(SEND_BATCH);
    await new Promise((resolve) => setImmediate(resolve));
    expect(outbox()).toBeGreaterThan(SEND_BATCH);
    expect(await sending).toBe(SEND_BATCH * 2 + 50);
    expect(outbox()).toBe(SEND_BATCH * 2 + 50);
    expect(listRestockGroups(db, undefined, 10).items).toEqual([]);
  });

  it('lets the event loop come round between two variants too, however few sign-ups each has', async () => {
    const db = fresh();
    const some = variants(db).slice(0, 3);
    for (const variant of some) for (let i = 0; i < 10; i++) signUp(db, variant, `s${i}@example.com`);
    const outbox = () => (db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
    const sending = sendRestockEmails(
      db,
      some.map(([productId, variantId]) => ({ productId, variantId })),
      '',
    );
    expect(outbox()).toBe(10);
    expect(await sending).toBe(30);
  });
});
