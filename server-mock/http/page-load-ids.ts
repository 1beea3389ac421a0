import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Page load ids are signed, so records can only name a page load this server started. */
export function pageLoadIds(secret: string) {
  const sign = (nonce: string) =>
    createHmac('sha256', secret).update(`page-load:${nonce}`).digest('base64url').slice(0, 22);
  return {
    issue(): string {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isValid(id: string): boolean {
      const dot = id.indexOf('.');
      if (dot <= 0) return false;
      const expected = Buffer.from(sign(id.slice(0, dot)));
      const given = Buffer.from(id.slice(dot + 1));
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
