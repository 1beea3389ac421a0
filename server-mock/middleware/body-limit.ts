import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest accepted request body by default, in bytes. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Refuses a request body over `maxBytes` with 413 `{message}`. A GET or HEAD (no body) and a body
 * of declared `Content-Length` are judged by their headers alone, without touching the request's
 * body stream (on @hono/node-server that would turn the light request into a full `Request`); a
 * chunked body is counted as it streams in (hono's `bodyLimit`).
 */
export function limitBody(maxBytes: number = DEFAULT_MAX_BODY_BYTES): MiddlewareHandler {
  const streamed = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
  });
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length || '0', 10) > maxBytes
        ? Promise.resolve(c.json({ message: 'The request body is too large.' }, 413))
        : next();
    }
    return streamed(c, next);
  };
}
