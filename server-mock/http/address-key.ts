import type { Context } from 'hono';
import { remoteAddress } from '../middleware/rate-limit';
import type { Db } from '../store/db';
import { keyedHash } from '../store/keyed-hash';
import { addressGroup } from './address-group';

/** The caller's address as the store records it (stock holders, known sign-in addresses): a keyed hash of its group. */
export function addressKey(db: Db, c: Context): string {
  return keyedHash(db, 'address', addressGroup(remoteAddress(c)));
}
