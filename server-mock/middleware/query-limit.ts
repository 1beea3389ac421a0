import type { MiddlewareHandler } from 'hono';
import { limitQueryString, MAX_QUERY_KEYS } from '../../contract/query-string';

/**
 * Every route reads at most the first {@link MAX_QUERY_KEYS} query parameters (platform spec,
 * section 9): a request with more is handed on with the rest dropped, not refused. A request
 * within the limit is not touched.
 */
export function queryLimit(limit: number = MAX_QUERY_KEYS): MiddlewareHandler {
  return (c, next) => {
    const raw = c.req.raw;
    const mark = raw.url.indexOf('?');
    if (mark !== -1) {
      const search = raw.url.slice(mark + 1).split('#')[0] ?? '';
      const kept = limitQueryString(search, limit);
      if (kept !== search) {
        const url = `${raw.url.slice(0, mark)}${kept ? `?${kept}` : ''}`;
        const hasBody = raw.body !== null;
        c.req.raw = new Request(url, {
          method: raw.method,
          headers: raw.headers,
          signal: raw.signal,
          ...(hasBody ? { body: raw.body, duplex: 'half' } : {}),
        } as RequestInit);
      }
    }
    return next();
  };
}
