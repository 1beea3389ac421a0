import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import { seededRandom } from '../testing/seeded-random';
import type { Db } from './db';
import { advanceHolderUnits, holderUnitsAt } from './holder-units';

const { store } = databasesPerTest();

/** Every hold of the holder's sku summed row by row: what the kept count must always equal. */
function summed(db: Db, holder: string, sku: string, now: number): number {
  return (
    db
      .prepare(
        `SELECT
           (SELECT COALESCE(SUM(quantity), 0) FROM cart_entries WHERE holder = @holder AND sku = @sku AND held_until > @now)
         + (SELECT COALESCE(SUM(quantity), 0) FROM subscription_carts WHERE holder = @holder AND sku = @sku AND held_until > @now) AS n`,
      )
      .get({ holder, sku, now }) as { n: number }
  ).n;
}

describe('the units kept per address and sku', () => {
  it('equal the sum over every hold after any mix of writes, holders, clocks and advances', () => {
    const db = store();
    const next = seededRandom(37);
    const pick = (n: number) => Math.floor(next() * n);
    const skus = ['LS-S-SAND', 'LS-M-SAND'];
    const holders = ['a', 'b', null];
    const base = Date.UTC(2026, 0, 1);
    const at = () => base + pick(120) * 60_000;
    let serial = 0;
    for (let step = 0; step < 800; step++) {
      const sku = skus[pick(2)] as string;
      const holder = holders[pick(3)] ?? null;
      const op = pick(8);
      const entries = db.prepare('SELECT id FROM cart_entries').all() as { id: string }[];
      const some = entries[pick(entries.length)];
      if (op <= 1 || !some) {
        const cart = `cart-${pick(10)}`;
        db.prepare('INSERT OR IGNORE INTO carts (id, created, updated) VALUES (?, 0, 0)').run(cart);
        db.prepare(
          `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, created, held_until, holder)
           VALUES (?, ?, 'prod-linen-shirt', ?, ?, 0, ?, ?)`,
        ).run(`e-${serial++}`, cart, sku, 1 + pick(5), pick(6) === 0 ? null : at(), holder);
      } else if (op === 2) {
        db.prepare('UPDATE cart_entries SET quantity = ?, held_until = ?, holder = ? WHERE id = ?').run(
          1 + pick(5),
          at(),
          holder,
          some.id,
        );
      } else if (op === 3) {
        db.prepare('UPDATE cart_entries SET held_until = ? WHERE id = ?').run(pick(4) === 0 ? null : at(), some.id);
      } else if (op === 4) {
        db.prepare('DELETE FROM cart_entries WHERE id = ?').run(some.id);
      } else if (op === 5) {
        db.prepare(
          `INSERT INTO subscription_carts (token, product_id, sku, quantity, created, held_until, holder)
           VALUES (?, 'prod-linen-shirt', ?, ?, 0, ?, ?)`,
        ).run(`t-${serial++}`, sku, 1 + pick(3), at(), holder);
      } else if (op === 6) {
        db.prepare(
          'DELETE FROM subscription_carts WHERE rowid IN (SELECT rowid FROM subscription_carts LIMIT 1)',
        ).run();
      } else {
        advanceHolderUnits(db, at(), 500, 0);
      }
      for (let look = 0; look < 3; look++) {
        const now = at();
        for (const h of ['a', 'b']) {
          for (const s of skus) {
            expect(holderUnitsAt(db, h, s, now), `step ${step}, ${h} ${s} at ${now}`).toBe(summed(db, h, s, now));
          }
        }
      }
    }
  });

  it('reads a range of the holds that lapsed since the count, by index, never every hold of the address', () => {
    const db = store();
    const plans = [
      `SELECT COALESCE(SUM(quantity), 0) FROM cart_entries
       WHERE holder = 'a' AND sku = 'x' AND held_until > 1 AND held_until <= 2`,
      `SELECT COALESCE(SUM(quantity), 0) FROM subscription_carts
       WHERE holder = 'a' AND sku = 'x' AND held_until > 1 AND held_until <= 2`,
      "SELECT units, since FROM holder_units WHERE holder = 'a' AND sku = 'x'",
    ].map((sql) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('; '),
    );
    expect(plans[0]).toMatch(
      /SEARCH cart_entries USING COVERING INDEX entries_held_by_holder \(holder=\? AND sku=\? AND held_until>\? AND held_until<\?\)/,
    );
    expect(plans[1]).toMatch(
      /SEARCH subscription_carts USING COVERING INDEX subscription_holds_by_holder \(holder=\? AND sku=\? AND held_until>\? AND held_until<\?\)/,
    );
    expect(plans[2]).toMatch(
      /SEARCH holder_units USING INDEX sqlite_autoindex_holder_units_1 \(holder=\? AND sku=\?\)/,
    );
  });
});
