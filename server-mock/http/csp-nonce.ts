import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/** Where a page is found: the store's public origin and the path asked for (language prefix included). */
export interface PageAddress {
  origin: string;
  path: string;
}

/** The nonce (and the address) of the request being answered, for the pages rendered while answering it. */
const current = new AsyncLocalStorage<{ nonce: string; address?: PageAddress }>();

/** Nonces drawn from the system's random source in one call (each nonce takes its own 16 bytes, once). */
const NONCES_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let next = 0;

/**
 * A fresh nonce for one response's Content-Security-Policy: 128 random bits. The bits come from
 * `randomBytes` in batches ({@link NONCES_PER_DRAW} nonces a call); no bytes are ever used twice.
 */
export function newCspNonce(): string {
  if (next >= pool.length) {
    pool = randomBytes(16 * NONCES_PER_DRAW);
    next = 0;
  }
  const nonce = pool.toString('base64', next, next + 16);
  next += 16;
  return nonce;
}

/** Runs `answer` with `nonce` as the request's nonce (the security-headers middleware does), and its address. */
export function withCspNonce<T>(nonce: string, answer: () => T, address?: PageAddress): T {
  return current.run(address ? { nonce, address } : { nonce }, answer);
}

/** The nonce of the request being answered; undefined outside one (as when tests render a page). */
export function cspNonce(): string | undefined {
  return current.getStore()?.nonce;
}

/** The public address of the page being answered (for its canonical URL); undefined outside a page request. */
export function pageAddress(): PageAddress | undefined {
  return current.getStore()?.address;
}
