import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest accepted request body by default, in bytes. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Refuses a request body over `maxBytes` with 413 `{message}`. */
export function limitBody(maxBytes: number = DEFAULT_MAX_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
  });
}
