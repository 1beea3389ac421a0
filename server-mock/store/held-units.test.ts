import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import { seededRandom } from '../testing/seeded-random';
import type { Db } from './db';
import { reservedQuantity } from './catalog';
import { advanceHeldUnits, heldUnitsAt } from './held-units';

const { store } = databasesPerTest();

/** Every hold of the sku summed row by row: what the kept count must always equal. */
function summed(db: Db, sku: string, now: number): number {
  return (
    db
      .prepare(
        `SELECT
           (SELECT COALESCE(SUM(e.quantity), 0) FROM cart_entries e JOIN carts c ON c.id = e.cart_id
            WHERE e.sku = @sku AND e.held_until > @now AND c.is_purchased = 0)
         + (SELECT COALESCE(SUM(quantity), 0) FROM subscription_carts WHERE sku = @sku AND held_until > @now) AS n`,
      )
      .get({ sku, now }) as { n: number }
  ).n;
}

describe('the held units kept per sku', () => {
  it('equals the sum over every hold after any mix of writes, clocks and advances', () => {
    const db = store();
    const next = seededRandom(26);
    const pick = (n: number) => Math.floor(next() * n);
    const skus = ['LS-S-SAND', 'LS-M-SAND'];
    const base = Date.UTC(2026, 0, 1);
    const at = () => base + pick(120) * 60_000;
    let serial = 0;
    for (let step = 0; step < 600; step++) {
      const sku = skus[pick(2)] as string;
      const op = pick(8);
      const entries = db.prepare('SELECT id, cart_id FROM cart_entries').all() as { id: string; cart_id: string }[];
      const some = entries[pick(entries.length)];
      if (op <= 1 || !some) {
        const cart = `cart-${pick(10)}`;
        db.prepare('INSERT OR IGNORE INTO carts (id, created, updated) VALUES (?, 0, 0)').run(cart);
        db.prepare(
          `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, created, held_until)
           VALUES (?, ?, 'prod-linen-shirt', ?, ?, 0, ?)`,
        ).run(`e-${serial++}`, cart, sku, 1 + pick(5), pick(6) === 0 ? null : at());
      } else if (op === 2) {
        db.prepare('UPDATE cart_entries SET quantity = ? WHERE id = ?').run(1 + pick(5), some.id);
      } else if (op === 3) {
        db.prepare('UPDATE cart_entries SET held_until = ? WHERE id = ?').run(at(), some.id);
      } else if (op === 4) {
        db.prepare('DELETE FROM cart_entries WHERE id = ?').run(some.id);
      } else if (op === 5) {
        db.prepare('UPDATE carts SET is_purchased = ? WHERE id = ?').run(pick(2), some.cart_id);
      } else if (op === 6) {
        if (pick(2) === 0) {
          db.prepare(
            `INSERT INTO subscription_carts (token, product_id, sku, quantity, created, held_until)
             VALUES (?, 'prod-linen-shirt', ?, ?, 0, ?)`,
          ).run(`t-${serial++}`, sku, 1 + pick(3), at());
        } else {
          db.prepare(
            'DELETE FROM subscription_carts WHERE rowid IN (SELECT rowid FROM subscription_carts LIMIT 1)',
          ).run();
        }
      } else {
        advanceHeldUnits(db, at(), 500, 0);
      }
      for (let look = 0; look < 3; look++) {
        const now = at();
        for (const s of skus) expect(heldUnitsAt(db, s, now), `step ${step}, ${s} at ${now}`).toBe(summed(db, s, now));
      }
    }
  });
});

describe('reading the units held', () => {
  it('costs about the same with 20,000 carts holding the sku as with one', () => {
    const db = store();
    const now = Date.UTC(2026, 0, 1);
    const fill = (sku: string, carts: number) =>
      db.transaction(() => {
        for (let i = 0; i < carts; i++) {
          db.prepare('INSERT INTO carts (id, created, updated) VALUES (?, 0, 0)').run(`${sku}-${i}`);
          db.prepare(
            `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, created, held_until)
             VALUES (?, ?, 'prod-linen-shirt', ?, 1, 0, ?)`,
          ).run(`${sku}-e${i}`, `${sku}-${i}`, sku, now + 30 * 60_000);
        }
      })();
    fill('LS-S-SAND', 1);
    fill('LS-M-SAND', 20_000);
    advanceHeldUnits(db, now, 500, 0);
    const time = (sku: string) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 300; i++) reservedQuantity(db, sku, now + 60_000);
      return Number(process.hrtime.bigint() - start);
    };
    time('LS-S-SAND');
    const one = Math.min(time('LS-S-SAND'), time('LS-S-SAND'));
    const many = Math.min(time('LS-M-SAND'), time('LS-M-SAND'));
    expect(reservedQuantity(db, 'LS-M-SAND', now + 60_000)).toBe(20_000);
    expect(many / one).toBeLessThan(5);
  });
});
