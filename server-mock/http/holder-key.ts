import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { remoteAddress } from '../middleware/rate-limit';
import { addressGroup } from './address-group';

/**
 * Who holds stock, as the store records it: a keyed hash of the caller's address group (see
 * {@link addressGroup}), the same in every process sharing the database, and no address in clear.
 */
export function holderKey(secret: string, c: Context): string {
  return createHmac('sha256', secret)
    .update(`holder\n${addressGroup(remoteAddress(c))}`)
    .digest('base64url')
    .slice(0, 22);
}
