import { trimChar } from './trim-char';

/** Query strings are read up to this many parameters; the rest are ignored, not refused (platform spec, section 9). */
export const MAX_QUERY_KEYS = 1000;

/**
 * `search` (with or without its '?') cut to its first `limit` parameters, without the '?'; the
 * same text when it has no more.
 */
export function limitQueryString(search: string, limit: number = MAX_QUERY_KEYS): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  let count = 0;
  let start = 0;
  // Parameters are the non-empty pieces between '&' (URLSearchParams skips empty ones too).
  while (start <= query.length) {
    const found = query.indexOf('&', start);
    const end = found === -1 ? query.length : found;
    if (end > start) {
      count += 1;
      if (count > limit) return trimChar(query.slice(0, start), '&', 'end');
    }
    start = end + 1;
  }
  return query;
}

/** The parameters of `search`, the first {@link MAX_QUERY_KEYS} of them. */
export function parseQuery(search: string, limit: number = MAX_QUERY_KEYS): URLSearchParams {
  return new URLSearchParams(limitQueryString(search, limit));
}
