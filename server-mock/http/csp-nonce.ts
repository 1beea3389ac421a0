import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/** The nonce of the request being answered, for the pages rendered while answering it. */
const current = new AsyncLocalStorage<string>();

/** A fresh nonce for one response's Content-Security-Policy: 128 random bits. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Runs `answer` with `nonce` as the request's nonce (the security-headers middleware does). */
export function withCspNonce<T>(nonce: string, answer: () => T): T {
  return current.run(nonce, answer);
}

/** The nonce of the request being answered; undefined outside one (as when tests render a page). */
export function cspNonce(): string | undefined {
  return current.getStore();
}
