import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';
import { captchaSecret, captchaSettings } from './settings';

/**
 * Whether a CAPTCHA token is good, and spends it: the store's configured provider (the local test
 * provider in the demo, a reCAPTCHA-compatible siteverify service in production). Fails closed.
 */
export type CaptchaCheck = (token: unknown) => Promise<boolean>;

/**
 * Tokens of the local CAPTCHA test provider: `v1.{nonce}.{expires}.{mac}`, where the mac is an
 * HMAC (the store's CAPTCHA secret) over the site key, nonce and expiry. A token is good for
 * {@link CAPTCHA_TOKEN_TTL_MS}, for the site key it was issued to, and once.
 */
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60_000;

const TOKEN = /^v1\.([A-Za-z0-9_-]{22})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

function mac(db: Db, siteKey: string, nonce: string, expires: string): string {
  return createHmac('sha256', captchaSecret(db))
    .update(`captcha\n${siteKey}\n${nonce}\n${expires}`)
    .digest('base64url');
}

/** What the provider hands the page once the visitor has ticked the box, for any site key. */
export function issueCaptchaToken(db: Db, siteKey: string): { token: string; expiresIn: number } {
  const nonce = randomBytes(16).toString('base64url');
  const expires = String(Date.now() + CAPTCHA_TOKEN_TTL_MS);
  return {
    token: `v1.${nonce}.${expires}.${mac(db, siteKey, nonce, expires)}`,
    expiresIn: CAPTCHA_TOKEN_TTL_MS / 1000,
  };
}

/**
 * Verifies and spends a token for the store's own site key. Fails closed: no configured site
 * key, a missing, malformed, forged, expired, reused or other-site token all give false.
 */
export function verifyCaptcha(db: Db, token: unknown): boolean {
  try {
    const settings = captchaSettings(db);
    if (!settings || typeof token !== 'string') return false;
    const match = TOKEN.exec(token);
    if (!match) return false;
    const [, nonce = '', expires = '', given = ''] = match;
    const expected = Buffer.from(mac(db, settings.siteKey, nonce, expires));
    if (!timingSafeEqual(expected, Buffer.from(given))) return false;
    const now = Date.now();
    const expiresAt = Number(expires);
    if (expiresAt <= now || expiresAt > now + CAPTCHA_TOKEN_TTL_MS) return false;
    db.prepare('DELETE FROM captcha_used_tokens WHERE expires <= ?').run(now);
    return (
      db.prepare('INSERT OR IGNORE INTO captcha_used_tokens (nonce, expires) VALUES (?, ?)').run(nonce, expiresAt)
        .changes === 1
    );
  } catch {
    return false;
  }
}
