import { createHmac } from 'node:crypto';
import { boundedCache, type BoundedCache } from '../../contract/bounded-cache';
import type { Db } from './db';
import { identitySecret } from './settings';

/** Per database: its identity secret, made once and never changed. */
const secrets = new WeakMap<Db, string>();
/** Per database: recent hashes (the same address asks again and again; the HMAC is the cost). */
const recent = new WeakMap<Db, BoundedCache<string>>();
const RECENT_HASHES = 10_000;

/**
 * A keyed hash standing in for a value the store must recognise but need not keep (an address, an
 * e-mail address): the same in every process sharing the database, and not reversible by
 * hashing guesses without the store's secret.
 */
export function keyedHash(db: Db, purpose: 'address' | 'account' | 'cart', value: string): string {
  let cache = recent.get(db);
  if (!cache) recent.set(db, (cache = boundedCache<string>(RECENT_HASHES)));
  const input = `${purpose}\n${value}`;
  return cache(input, () => {
    let secret = secrets.get(db);
    if (secret === undefined) secrets.set(db, (secret = identitySecret(db)));
    return createHmac('sha256', secret).update(input).digest('base64url').slice(0, 22);
  });
}

/** The key of an e-mail address as typed in a sign-in or held in a shopper's data: case and spaces aside. */
export function accountKey(db: Db, email: string): string {
  return keyedHash(db, 'account', email.trim().toLowerCase());
}
