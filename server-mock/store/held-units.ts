import type Database from 'better-sqlite3';

/** A database handle (better-sqlite3's own type: the schema's steps use this file, and `db.ts` uses them). */
type Db = Database.Database;

/**
 * Per sku, the units held by open carts' entries and subscription checkouts whose hold runs past
 * `since`, kept by triggers as holds are written: the held units at any time are then this count
 * corrected by the holds that lapsed (or, for a clock behind `since`, had not yet) between `since`
 * and that time, a range of the hold index that {@link advanceHeldUnits} keeps short. The count
 * of an entry is its quantity while its cart is open and its hold runs past `since`.
 */
export const HELD_UNITS_SCHEMA = `
CREATE TABLE IF NOT EXISTS held_units (
  sku   TEXT PRIMARY KEY,
  units INTEGER NOT NULL,
  since INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS held_units_by_since ON held_units(since) WHERE units > 0;
CREATE TRIGGER IF NOT EXISTS held_units_entry_insert AFTER INSERT ON cart_entries BEGIN
  INSERT OR IGNORE INTO held_units (sku, units, since) VALUES (NEW.sku, 0, 0);
  UPDATE held_units SET units = units + NEW.quantity
  WHERE sku = NEW.sku AND NEW.held_until > since
    AND NOT EXISTS (SELECT 1 FROM carts WHERE id = NEW.cart_id AND is_purchased != 0);
END;
CREATE TRIGGER IF NOT EXISTS held_units_entry_update AFTER UPDATE OF quantity, held_until ON cart_entries BEGIN
  UPDATE held_units SET units = units
    - CASE WHEN OLD.held_until > since THEN OLD.quantity ELSE 0 END
    + CASE WHEN NEW.held_until > since THEN NEW.quantity ELSE 0 END
  WHERE sku = NEW.sku AND NOT EXISTS (SELECT 1 FROM carts WHERE id = NEW.cart_id AND is_purchased != 0);
END;
CREATE TRIGGER IF NOT EXISTS held_units_entry_delete AFTER DELETE ON cart_entries BEGIN
  UPDATE held_units SET units = units - OLD.quantity
  WHERE sku = OLD.sku AND OLD.held_until > since
    AND NOT EXISTS (SELECT 1 FROM carts WHERE id = OLD.cart_id AND is_purchased != 0);
END;
CREATE TRIGGER IF NOT EXISTS held_units_cart_purchase AFTER UPDATE OF is_purchased ON carts
WHEN (OLD.is_purchased != 0) != (NEW.is_purchased != 0) BEGIN
  UPDATE held_units SET units = units + (CASE WHEN NEW.is_purchased != 0 THEN -1 ELSE 1 END) * (
    SELECT COALESCE(SUM(e.quantity), 0) FROM cart_entries e
    WHERE e.cart_id = NEW.id AND e.sku = held_units.sku AND e.held_until > held_units.since)
  WHERE sku IN (SELECT sku FROM cart_entries WHERE cart_id = NEW.id);
END;
CREATE TRIGGER IF NOT EXISTS held_units_subscription_insert AFTER INSERT ON subscription_carts BEGIN
  INSERT OR IGNORE INTO held_units (sku, units, since) VALUES (NEW.sku, 0, 0);
  UPDATE held_units SET units = units + NEW.quantity WHERE sku = NEW.sku AND NEW.held_until > since;
END;
CREATE TRIGGER IF NOT EXISTS held_units_subscription_delete AFTER DELETE ON subscription_carts BEGIN
  UPDATE held_units SET units = units - OLD.quantity WHERE sku = OLD.sku AND OLD.held_until > since;
END;
`;

/**
 * Fills {@link HELD_UNITS_SCHEMA}'s counts from the holds a file has, as of `since`: a row for every
 * variant (a row made later by a trigger starts at 0 units as of 0, true only for a sku without holds).
 */
export function countHeldUnits(db: Db, since: number): void {
  db.prepare('DELETE FROM held_units').run();
  db.prepare(
    `INSERT INTO held_units (sku, units, since)
     SELECT v.sku, COALESCE(h.units, 0), @since FROM variants v LEFT JOIN (
       SELECT sku, SUM(quantity) AS units FROM (
         SELECT e.sku, e.quantity FROM cart_entries e JOIN carts c ON c.id = e.cart_id
         WHERE c.is_purchased = 0 AND e.held_until > @since
         UNION ALL SELECT sku, quantity FROM subscription_carts WHERE held_until > @since)
       GROUP BY sku) h ON h.sku = v.sku`,
  ).run({ since });
}

/** Units of the sku whose hold ends in (`from`, `to`]: open carts' entries and subscription checkouts. */
function endingBetween(db: Db, sku: string, from: number, to: number): number {
  return (
    db
      .prepare(
        `SELECT
           (SELECT COALESCE(SUM(e.quantity), 0) FROM cart_entries e
            WHERE e.sku = @sku AND e.held_until > @from AND e.held_until <= @to
              AND NOT EXISTS (SELECT 1 FROM carts c WHERE c.id = e.cart_id AND c.is_purchased != 0))
         + (SELECT COALESCE(SUM(quantity), 0) FROM subscription_carts
            WHERE sku = @sku AND held_until > @from AND held_until <= @to) AS n`,
      )
      .get({ sku, from, to }) as { n: number }
  ).n;
}

/** Units of the sku held at `now` (see {@link HELD_UNITS_SCHEMA}): the count, less the holds that lapsed since. */
export function heldUnitsAt(db: Db, sku: string, now: number): number {
  const row = db.prepare('SELECT units, since FROM held_units WHERE sku = ?').get(sku) as
    { units: number; since: number } | undefined;
  if (!row || now === row.since) return row?.units ?? 0;
  return now > row.since
    ? row.units - endingBetween(db, sku, row.since, now)
    : row.units + endingBetween(db, sku, now, row.since);
}

/**
 * Moves the counts of up to `limit` skus counted more than `minAgeMs` before `now` (those counted
 * longest ago first) to `now`, so that reading them sums only the holds that lapse from then on.
 * A count of 0 needs no move: no hold of its sku runs past its time, so none can lapse after it.
 * The retention sweep runs it every minute.
 */
export function advanceHeldUnits(db: Db, now: number, limit = 500, minAgeMs = 60_000): number {
  const stale = db
    .prepare('SELECT sku FROM held_units WHERE units > 0 AND since < ? ORDER BY since LIMIT ?')
    .all(now - minAgeMs, limit) as { sku: string }[];
  const move = db.prepare('UPDATE held_units SET units = ?, since = ? WHERE sku = ?');
  for (const { sku } of stale) move.run(heldUnitsAt(db, sku, now), now, sku);
  return stale.length;
}
