import type Database from 'better-sqlite3';

/** A database handle (better-sqlite3's own type: the schema's steps use this file). */
type Db = Database.Database;

/** Adds the hold `row` (NEW or OLD) of a trigger to its holder's count, or takes it off (`sign` '-'). */
const countHold = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
  `UPDATE holder_units SET units = units ${sign} ${row}.quantity
  WHERE holder = ${row}.holder AND sku = ${row}.sku AND ${row}.held_until > since;`;

/** Starts the count a hold adds to: 0 units as of 0, true of a holder with no hold of the sku (a count is forgotten only then). */
const ensureCount = 'INSERT OR IGNORE INTO holder_units (holder, sku, units, since)';

/** The triggers that count a hold of `table` written and take off one deleted (`name`: the triggers' names). */
const insertAndDelete = (table: string, name: string) => `
CREATE TRIGGER IF NOT EXISTS holder_units_${name}_insert AFTER INSERT ON ${table}
WHEN NEW.holder IS NOT NULL BEGIN
  ${ensureCount} VALUES (NEW.holder, NEW.sku, 0, 0);
  ${countHold('NEW', '+')}
END;
CREATE TRIGGER IF NOT EXISTS holder_units_${name}_delete AFTER DELETE ON ${table}
WHEN OLD.holder IS NOT NULL BEGIN
  ${countHold('OLD', '-')}
END;`;

/**
 * Per holder (a key of an address) and sku, the units its cart entries and subscription checkouts
 * hold past `since`, kept by triggers as holds are written, as `held_units` is per sku: the units a
 * holder holds at a time are this count corrected by its holds that lapsed between `since` and
 * then, a range of the holder's hold index that {@link advanceHolderUnits} keeps short. So the
 * share of one address is read at the same cost however many carts it holds with.
 */
export const HOLDER_UNITS_SCHEMA = `
CREATE TABLE IF NOT EXISTS holder_units (
  holder TEXT NOT NULL,
  sku    TEXT NOT NULL,
  units  INTEGER NOT NULL,
  since  INTEGER NOT NULL,
  PRIMARY KEY (holder, sku)
);
CREATE INDEX IF NOT EXISTS holder_units_by_since ON holder_units(since) WHERE units > 0;
CREATE INDEX IF NOT EXISTS holder_units_empty ON holder_units(since) WHERE units = 0;
${insertAndDelete('cart_entries', 'entry')}
CREATE TRIGGER IF NOT EXISTS holder_units_entry_update AFTER UPDATE OF quantity, held_until, holder ON cart_entries
WHEN OLD.holder IS NOT NULL OR NEW.holder IS NOT NULL BEGIN
  ${countHold('OLD', '-')}
  ${ensureCount} SELECT NEW.holder, NEW.sku, 0, 0 WHERE NEW.holder IS NOT NULL;
  ${countHold('NEW', '+')}
END;
${insertAndDelete('subscription_carts', 'subscription')}
`;

/** Fills {@link HOLDER_UNITS_SCHEMA}'s counts from the holds a file has, as of `since`. */
export function countHolderUnits(db: Db, since: number): void {
  db.prepare('DELETE FROM holder_units').run();
  db.prepare(
    `INSERT INTO holder_units (holder, sku, units, since)
     SELECT holder, sku, SUM(quantity), @since FROM (
       SELECT holder, sku, quantity FROM cart_entries WHERE holder IS NOT NULL AND held_until > @since
       UNION ALL SELECT holder, sku, quantity FROM subscription_carts WHERE holder IS NOT NULL AND held_until > @since)
     GROUP BY holder, sku`,
  ).run({ since });
}

/** Units of the holder's sku whose hold ends in (`from`, `to`]. */
function endingBetween(db: Db, holder: string, sku: string, from: number, to: number): number {
  return (
    db
      .prepare(
        `SELECT
           (SELECT COALESCE(SUM(quantity), 0) FROM cart_entries
            WHERE holder = @holder AND sku = @sku AND held_until > @from AND held_until <= @to)
         + (SELECT COALESCE(SUM(quantity), 0) FROM subscription_carts
            WHERE holder = @holder AND sku = @sku AND held_until > @from AND held_until <= @to) AS n`,
      )
      .get({ holder, sku, from, to }) as { n: number }
  ).n;
}

/** Units of the sku the holder holds at `now`: the count, less the holds that lapsed since. */
export function holderUnitsAt(db: Db, holder: string, sku: string, now: number): number {
  const row = db.prepare('SELECT units, since FROM holder_units WHERE holder = ? AND sku = ?').get(holder, sku) as
    { units: number; since: number } | undefined;
  if (!row || now === row.since) return row?.units ?? 0;
  return now > row.since
    ? row.units - endingBetween(db, holder, sku, row.since, now)
    : row.units + endingBetween(db, holder, sku, now, row.since);
}

/**
 * Moves up to `limit` counts made more than `minAgeMs` before `now` (oldest first) to `now`, so
 * reading them sums only the holds that lapse from then on; the retention sweep runs it every minute.
 */
export function advanceHolderUnits(db: Db, now: number, limit = 500, minAgeMs = 60_000): number {
  const stale = db
    .prepare('SELECT holder, sku FROM holder_units WHERE units > 0 AND since < ? ORDER BY since LIMIT ?')
    .all(now - minAgeMs, limit) as { holder: string; sku: string }[];
  const move = db.prepare('UPDATE holder_units SET units = ?, since = ? WHERE holder = ? AND sku = ?');
  for (const { holder, sku } of stale) move.run(holderUnitsAt(db, holder, sku, now), now, holder, sku);
  // A count with no hold left at all (its carts swept) is forgotten: a later hold makes it again.
  db.prepare(
    `DELETE FROM holder_units WHERE rowid IN (
       SELECT rowid FROM holder_units h WHERE units = 0 AND since < ?
          AND NOT EXISTS (SELECT 1 FROM cart_entries e WHERE e.holder = h.holder AND e.sku = h.sku)
          AND NOT EXISTS (SELECT 1 FROM subscription_carts s WHERE s.holder = h.holder AND s.sku = h.sku)
        LIMIT ?)`,
  ).run(now - minAgeMs, limit);
  return stale.length;
}
