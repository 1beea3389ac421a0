import type { Context } from 'hono';
import { StoreError } from '../store/store-error';
import type { PageRequest, TwoWayPage } from '../store/page-cursor';

/** What the pager partial shows: links to the pages before and after, and a refused cursor's message. */
export interface PagerData {
  pager: { label: string; previous: string | null; next: string | null } | null;
  pageError: { message: string; firstPage: string } | null;
}

/** The cursor of a paged page's query (`after` or `before`; one at a time, `after` first). */
function pageRequest(c: Context): PageRequest {
  const after = c.req.query('after');
  if (after) return { after };
  const before = c.req.query('before');
  return before ? { before } : {};
}

/** `path` with the query `params` (the empty ones left out). */
function href(path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The links of a page of `path` (`keep`: the query it keeps, a search's `q`): plain `<a href>` a
 * crawler follows, the first page without a cursor.
 */
export function pagerData(path: string, label: string, page: TwoWayPage<unknown>, keep: Record<string, string> = {}) {
  const previous =
    page.previousCursor === null
      ? null
      : href(path, page.previousIsFirst ? keep : { ...keep, before: page.previousCursor });
  const next = page.nextCursor === null ? null : href(path, { ...keep, after: page.nextCursor });
  return {
    pager: previous || next ? { label, previous, next } : null,
    pageError: null,
  } satisfies PagerData;
}

/**
 * Reads a page, or when its cursor is refused (a made-up or mangled link) the first page with
 * the refusal's message: the caller answers 400.
 */
export function readPage<P>(
  c: Context,
  read: (request: PageRequest) => P,
  firstPage: string,
): { page: P; error: PagerData['pageError'] } {
  try {
    return { page: read(pageRequest(c)), error: null };
  } catch (error) {
    if (!(error instanceof StoreError) || error.kind !== 'invalid') throw error;
    return { page: read({}), error: { message: error.message, firstPage } };
  }
}
