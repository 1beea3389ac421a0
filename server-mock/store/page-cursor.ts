import { StoreError } from './store-error';

/** A page of a keyset-paged list, as the owner calls return it. */
export interface KeysetPage<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** The message of a refused cursor (400). */
export const INVALID_CURSOR = 'This page cursor is not valid. Start again from the first page.';

/**
 * Opaque cursors of keyset pagination: the list they belong to and the last position shown,
 * base64url-encoded. A cursor of another list or a made-up one is refused.
 */
export function encodeCursor(list: string, position: number): string {
  return Buffer.from(`${list}:${position}`).toString('base64url');
}

/** The position after which the next page starts: 0 without a cursor; throws 'invalid' on a bad one. */
export function decodeCursor(list: string, cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new StoreError('invalid', INVALID_CURSOR);
  const match = /^([a-z-]+):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[1] !== list) throw new StoreError('invalid', INVALID_CURSOR);
  return Number(match[2]);
}

/**
 * Cuts `rows` (fetched with one row more than `size`) into a page; the cursor is the
 * position of the last row shown.
 */
export function toPage<R, T>(
  list: string,
  rows: R[],
  size: number,
  positionOf: (row: R) => number,
  view: (row: R) => T,
): KeysetPage<T> {
  const shown = rows.slice(0, size);
  const last = shown[shown.length - 1];
  const hasNextPage = rows.length > size && last !== undefined;
  return {
    items: shown.map(view),
    hasNextPage,
    nextPageCursor: hasNextPage ? encodeCursor(list, positionOf(last)) : null,
  };
}

/**
 * A page of a list that can be walked both ways (pages of links a crawler follows): the cursors
 * of the pages before and after it, or null at either end. `previousIsFirst`: the page before is
 * the list's first page, which has no cursor of its own.
 */
export interface TwoWayPage<T> {
  items: T[];
  previousCursor: string | null;
  previousIsFirst: boolean;
  nextCursor: string | null;
}

/** Which way a cursor walks: the page after the item it names, or the page before it. */
export type PageRequest = { after?: string; before?: string };

/**
 * Cuts a page out of the rows read in both directions: `rows` in list order, `moreBefore` and
 * `moreAfter` whether the list goes on past them. A page read backwards that reached the list's
 * start is the first page.
 */
export function twoWayPage<R, T>(
  rows: R[],
  ends: { moreBefore: boolean; moreAfter: boolean; firstBefore: boolean },
  cursorOf: (row: R) => string,
  view: (row: R) => T,
): TwoWayPage<T> {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    items: rows.map(view),
    previousCursor: ends.moreBefore && first !== undefined ? cursorOf(first) : null,
    previousIsFirst: ends.firstBefore,
    nextCursor: ends.moreAfter && last !== undefined ? cursorOf(last) : null,
  };
}

/** A cursor whose position is text (a key of several parts, as its list writes it). */
export function encodeTextCursor(list: string, key: string): string {
  return Buffer.from(`${list}:${key}`).toString('base64url');
}

/** The key of a {@link encodeTextCursor} cursor of `list`; throws 'invalid' on anything else. */
export function decodeTextCursor(list: string, cursor: string): string {
  if (cursor.length > 400 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new StoreError('invalid', INVALID_CURSOR);
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(`${list}:`)) throw new StoreError('invalid', INVALID_CURSOR);
  return text.slice(list.length + 1);
}
