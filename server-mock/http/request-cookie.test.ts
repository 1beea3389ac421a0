import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { requestCookie } from './request-cookie';

const NAMES = ['crumb', 'CART', 'SiteUserSession', 'a', 'b', 'missing'];

describe('requestCookie', () => {
  it.each([
    'crumb=abc.def; CART=0123456789abcdef01234567',
    'crumb=first; crumb=second',
    'crumb="quoted"; a=%7B%22x%22%3A1%7D; b=%E0%A4%A',
    ' crumb = spaced ;CART=x;;a',
    'a=bad value; a=good',
    'SiteUserSession=tok; SiteUserInfo=%7B%22authenticated%22%3Atrue%7D',
    '',
  ])('reads %j as getCookie does', async (header) => {
    const app = new Hono();
    app.get('/', (c) => {
      const ours = NAMES.map((name) => requestCookie(c, name));
      // Asked again (now from the parsed cookies): the same answers.
      expect(NAMES.map((name) => requestCookie(c, name))).toEqual(ours);
      return c.json({ ours: ours.map(String), hono: NAMES.map((name) => String(getCookie(c, name))) });
    });
    const response = await app.request('/', header ? { headers: { Cookie: header } } : {});
    const { ours, hono } = (await response.json()) as { ours: string[]; hono: string[] };
    expect(ours).toEqual(hono);
  });
});
