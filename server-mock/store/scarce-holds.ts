import { HOLD_MESSAGES } from '../../contract/messages';
import type { Db } from './db';
import { holderUnitsAt } from './holder-units';
import { StoreError } from './store-error';

/**
 * A limited variant with at most this many units on hand is scarce: its holds last a shorter time,
 * and a bounded time in all (one shopper holds only a share of any limited variant).
 */
export const SCARCE_STOCK = 50;

/** Whether holds of the variant follow the scarce rules, with `scarceStock` as the bound (0: none do). */
export function isScarce(variant: { unlimited: boolean; qtyInStock: number }, scarceStock = SCARCE_STOCK): boolean {
  return !variant.unlimited && variant.qtyInStock <= scarceStock;
}

/** Units of a limited variant one cart, and one address, may hold at once: half the stock, at least one. */
export function fairShare(stock: number): number {
  return Math.max(1, Math.ceil(stock / 2));
}

/**
 * The times of scarce holds, from the store's hold window: a hold lasts a third of it; one cart or
 * address holds a variant for at most the window in all, counted from its first hold, and then
 * holds none of it for another window.
 */
export function scarceTimes(holdMs: number): { holdMs: number; spanMs: number; pauseMs: number } {
  return { holdMs: Math.ceil(holdMs / 3), spanMs: holdMs, pauseMs: holdMs };
}

/** One request to hold units of a scarce variant. */
export interface ScarceClaim {
  sku: string;
  /** Units on hand. */
  stock: number;
  /** The cart the entry is in (null for a subscription checkout). */
  cartId: string | null;
  /** Who asks, as a key of their address (null when unknown, as in store-level tests). */
  holder: string | null;
  /** The entry whose quantity this replaces, if any: its own units are not counted twice. */
  entryId: string | null;
  /** Units the entry is to hold. */
  wanted: number;
  now: number;
  /** The store's hold window. */
  windowMs: number;
}

const sum = (db: Db, sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;

/** Units of the sku held at `now` in the cart, besides the entry. */
function heldInCart(db: Db, claim: ScarceClaim): number {
  if (claim.cartId === null) return 0;
  return sum(
    db,
    `SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_entries
     WHERE cart_id = ? AND sku = ? AND held_until > ? AND id IS NOT ?`,
    claim.cartId,
    claim.sku,
    claim.now,
    claim.entryId,
  );
}

/**
 * Units of the sku held at `now` from the holder's address, in any cart or subscription checkout,
 * besides the entry: its kept count (see `holder-units.ts`), less the entry's own.
 */
function heldByHolder(db: Db, claim: ScarceClaim): number {
  if (claim.holder === null) return 0;
  const own =
    claim.entryId === null
      ? 0
      : sum(
          db,
          `SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_entries
           WHERE id = ? AND holder = ? AND sku = ? AND held_until > ?`,
          claim.entryId,
          claim.holder,
          claim.sku,
          claim.now,
        );
  return holderUnitsAt(db, claim.holder, claim.sku, claim.now) - own;
}

/**
 * Checks a hold of a limited variant against the fair share of its cart and of its address: each
 * holds at most half of the units on hand. Throws the conflict a shopper reads otherwise. Call
 * inside the immediate transaction that writes the hold.
 */
export function claimFairShare(db: Db, claim: ScarceClaim): void {
  const share = fairShare(claim.stock);
  // The cart's own units first: it needs no read of the address's.
  const inCart = heldInCart(db, claim);
  if (inCart + claim.wanted > share || heldByHolder(db, claim) + claim.wanted > share) {
    throw new StoreError('conflict', HOLD_MESSAGES.fairShare(share));
  }
}

/**
 * Checks a hold of a scarce variant against the fair share ({@link claimFairShare}) and the hold
 * spans of its cart and of its address, records a span that starts now, and answers until when
 * the units are held. Throws the conflict a shopper reads otherwise. Call inside the immediate
 * transaction that writes the hold.
 */
export function claimScarceHold(db: Db, claim: ScarceClaim): number {
  claimFairShare(db, claim);
  const times = scarceTimes(claim.windowMs);
  let until = claim.now + times.holdMs;
  const holders = [claim.cartId && `cart:${claim.cartId}`, claim.holder && `address:${claim.holder}`];
  for (const holder of holders) {
    if (!holder) continue;
    const span = db.prepare('SELECT since FROM hold_spans WHERE holder = ? AND sku = ?').get(holder, claim.sku) as
      { since: number } | undefined;
    const live = span && claim.now >= span.since && claim.now < span.since + times.spanMs + times.pauseMs;
    if (live && claim.now >= span.since + times.spanMs) {
      const minutes = Math.ceil((span.since + times.spanMs + times.pauseMs - claim.now) / 60_000);
      throw new StoreError('conflict', HOLD_MESSAGES.heldLongEnough(minutes));
    }
    const since = live ? span.since : claim.now;
    if (!live) {
      db.prepare(
        'INSERT INTO hold_spans (holder, sku, since) VALUES (?, ?, ?) ON CONFLICT (holder, sku) DO UPDATE SET since = excluded.since',
      ).run(holder, claim.sku, since);
    }
    until = Math.min(until, since + times.spanMs);
  }
  return until;
}

/** Deletes the hold spans whose pause has ended by `now` (at most `limit`): they bind nobody any more. */
export function sweepHoldSpans(db: Db, now: number, windowMs: number, limit = 1000): number {
  const { spanMs, pauseMs } = scarceTimes(windowMs);
  return db
    .prepare('DELETE FROM hold_spans WHERE rowid IN (SELECT rowid FROM hold_spans WHERE since <= ? LIMIT ?)')
    .run(now - spanMs - pauseMs, limit).changes;
}
