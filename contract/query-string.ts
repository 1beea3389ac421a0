/** Query strings are read up to this many parameters; the rest are ignored, not refused (platform spec, section 9). */
export const MAX_QUERY_KEYS = 1000;

/**
 * `search` (with or without its '?') cut to its first `limit` parameters, without the '?'; the
 * same text when it has no more.
 */
export function limitQueryString(search: string, limit: number = MAX_QUERY_KEYS): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  let count = 0;
  // Parameters are the non-empty pieces between '&' (URLSearchParams skips empty ones too).
  for (let start = 0, at = 0; start <= query.length; start = at + 1) {
    at = query.indexOf('&', start);
    if (at === -1) at = query.length;
    if (at > start) {
      count += 1;
      if (count > limit) return query.slice(0, start).replace(/&+$/, '');
    }
  }
  return query;
}

/** The parameters of `search`, the first {@link MAX_QUERY_KEYS} of them. */
export function parseQuery(search: string, limit: number = MAX_QUERY_KEYS): URLSearchParams {
  return new URLSearchParams(limitQueryString(search, limit));
}
