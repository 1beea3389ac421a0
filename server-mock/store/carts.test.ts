import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import { addEntry, type StockHold } from './carts';
import { reservedQuantity } from './catalog';
import type { Db } from './db';

const ITEM = 'prod-linen-shirt';
const SKU = 'LS-S-SAND';
const MINUTE = 60_000;

const databases = databasesPerTest();

/** A file store with `stock` units of the variant, and a second connection to the same file. */
function twoConnections(stock: number): { db: Db; other: Db } {
  const file = databases.file('carts-');
  const db = databases.store(file);
  const other = databases.bare(file);
  db.prepare('UPDATE variants SET qty_in_stock = ?, unlimited = 0 WHERE sku = ?').run(stock, SKU);
  return { db, other };
}

let now = Date.UTC(2026, 0, 1);
// One cart takes more than half here: the shares are the routes' tests' to prove (commerce.test.ts).
const hold: StockHold = { now: () => now, holdMs: 30 * MINUTE, scarceStock: 0 };
const add = (db: Db, quantity = 1, cartId: string | null = null) =>
  addEntry(db, { cartId, itemId: ITEM, sku: SKU, quantity, additionalFields: undefined }, hold);

describe('add to cart and the units held', () => {
  it("never holds more than the stock, whatever another connection's carts took between two adds", () => {
    now = Date.UTC(2026, 0, 1);
    const { db, other } = twoConnections(5);
    const first = add(db, 2);
    add(db, 1, first.cart.id);
    // Another process takes the last two units in a cart of its own.
    other.prepare("INSERT INTO carts (id, created, updated) VALUES ('other-cart', ?, ?)").run(now, now);
    other
      .prepare(
        `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, created, held_until)
         VALUES ('other-entry', 'other-cart', ?, ?, 2, ?, ?)`,
      )
      .run(ITEM, SKU, now, now + 30 * MINUTE);
    expect(() => add(db, 1)).toThrow(/do not have enough/);
    expect(() => add(db, 1, first.cart.id)).toThrow(/do not have enough/);
    expect(reservedQuantity(db, SKU, now)).toBe(5);
  });

  it('counts again once holds lapse, and with a clock set back', () => {
    now = Date.UTC(2026, 0, 1);
    const { db } = twoConnections(60);
    add(db, 60);
    expect(() => add(db, 1)).toThrow(/do not have enough/);
    now += 30 * MINUTE;
    const later = add(db, 1);
    expect(later.cart.totalQuantity).toBe(1);
    // Back before the first cart's hold lapsed: both carts hold their units then.
    now -= 20 * MINUTE;
    expect(reservedQuantity(db, SKU, now)).toBe(61);
    expect(() => add(db, 1)).toThrow(/do not have enough/);
    now += 20 * MINUTE;
    expect(add(db, 59, later.cart.id).cart.totalQuantity).toBe(60);
    expect(() => add(db, 1)).toThrow(/do not have enough/);
  });

  it('holds exactly the stock over many adds from many carts, one unit at a time', () => {
    now = Date.UTC(2026, 0, 1);
    const { db } = twoConnections(40);
    const carts: (string | null)[] = Array.from({ length: 7 }, () => null);
    let held = 0;
    for (let i = 0; i < 60; i += 1) {
      const slot = i % carts.length;
      now += 1000;
      try {
        carts[slot] = add(db, 1, carts[slot] ?? null).cart.id;
        held += 1;
      } catch (error) {
        expect(String(error)).toMatch(/do not have enough/);
      }
      expect(reservedQuantity(db, SKU, now)).toBe(held);
    }
    expect(held).toBe(40);
  });
});
