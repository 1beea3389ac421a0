import type { Context } from 'hono';
import { requestCookie } from './request-cookie';

/** The census visitor id cookie. */
export const VISITOR_ID_COOKIE = 'ss_cid';

const visitorIdPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The census visitor id of the request: the `ss_cid` cookie, else the id in the visitor record sent. */
export function visitorIdOf(c: Context, record?: string | null): string | null {
  const cookie = requestCookie(c, VISITOR_ID_COOKIE);
  if (cookie && visitorIdPattern.test(cookie)) return cookie;
  const fromRecord = record?.split('|')[0];
  return fromRecord && visitorIdPattern.test(fromRecord) ? fromRecord : null;
}
