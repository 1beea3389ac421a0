import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';
import { issueCaptchaToken } from '../store/captcha';
import type { Db } from '../store/db';

const PROVIDER_SCRIPT = readFileSync(new URL('../captcha/test-provider.js', import.meta.url), 'utf8');

/**
 * The local CAPTCHA test provider (there is no outside network here): its browser script,
 * a reCAPTCHA v2 look-alike, and the call that hands out a token when the box is ticked.
 */
export function captchaRoutes(db: Db): Hono {
  const app = new Hono();

  app.get('/captcha/test-provider.js', (c) =>
    c.body(PROVIDER_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  app.post('/api/captcha/test-token', async (c) => {
    const { sitekey } = await readJsonObject(c);
    if (typeof sitekey !== 'string' || sitekey === '' || sitekey.length > 200) {
      throw new HttpError(400, 'sitekey is required.');
    }
    return c.json(issueCaptchaToken(db, sitekey));
  });

  return app;
}
