import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { UserRole } from '../../contract/enumerations';
import type { Db } from './db';

/** Roles that run the store: they may list restock sign-ups, send restock e-mails and open /config pages. */
export const OWNER_ROLES: readonly number[] = [UserRole.ADMIN, UserRole.STORE_MANAGER];

/** A site user without secrets. */
export interface SiteUser {
  id: string;
  email: string;
  roles: number[];
}

/** Whether the user holds one of the owner roles. */
export function isOwner(user: SiteUser): boolean {
  return user.roles.some((role) => OWNER_ROLES.includes(role));
}

const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt. Synchronous: for seeding, not for requests. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** {@link hashPassword} without blocking the server: for requests. */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Creates a member (no role) with this e-mail; undefined when an account has it already (any case). */
export function createMember(db: Db, email: string, passwordHash: string, now = Date.now()): SiteUser | undefined {
  const id = `member-${randomBytes(9).toString('base64url')}`;
  const added = db
    .prepare(
      `INSERT INTO site_users (id, email, password_hash, roles, created) VALUES (?, ?, ?, '[]', ?)
       ON CONFLICT DO NOTHING`,
    )
    .run(id, email, passwordHash, now);
  return added.changes === 1 ? { id, email, roles: [] } : undefined;
}

/** Checks a password against a stored hash without blocking the server; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  try {
    const options = { N: Number(n), r: Number(r), p: Number(p) };
    const actual = await scryptAsync(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      options,
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

let decoyHash: string | undefined;

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  roles: string;
}

function toUser(row: UserRow): SiteUser {
  const roles: unknown = JSON.parse(row.roles);
  return {
    id: row.id,
    email: row.email,
    roles: Array.isArray(roles) ? roles.filter((r): r is number => typeof r === 'number') : [],
  };
}

/** Adds a user (with a hash from {@link hashPassword}) unless one with the same id or e-mail exists. */
export function addSiteUser(db: Db, user: { id: string; email: string; passwordHash: string; roles: number[] }): void {
  const exists = db.prepare('SELECT 1 FROM site_users WHERE email = ? OR id = ?').get(user.email, user.id);
  if (exists) return;
  db.prepare('INSERT INTO site_users (id, email, password_hash, roles, created) VALUES (?, ?, ?, ?, ?)').run(
    user.id,
    user.email,
    user.passwordHash,
    JSON.stringify(user.roles),
    Date.now(),
  );
}

/** The user with this e-mail (any case) and password, or undefined. */
export async function authenticate(db: Db, email: string, password: string): Promise<SiteUser | undefined> {
  const row = db.prepare('SELECT id, email, password_hash, roles FROM site_users WHERE email = ?').get(email.trim()) as
    UserRow | undefined;
  // An unknown e-mail is checked against a hash no password matches, so both failures take as long.
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const matches = await verifyPassword(password, row?.password_hash ?? decoyHash);
  return row && matches ? toUser(row) : undefined;
}

/** How long a session lasts: a month when remembered, else a day (the cookie then ends with the browser). */
export const SESSION_TTL_MS = { remembered: 30 * 24 * 3600_000, browser: 24 * 3600_000 } as const;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for the user; only the hash of the returned token is stored. */
export function createSession(db: Db, userId: string, rememberMe: boolean): { token: string; expires: number } {
  const now = Date.now();
  const token = randomBytes(32).toString('base64url');
  const expires = now + (rememberMe ? SESSION_TTL_MS.remembered : SESSION_TTL_MS.browser);
  db.transaction(() => {
    db.prepare('DELETE FROM site_user_sessions WHERE expires <= ?').run(now);
    db.prepare('INSERT INTO site_user_sessions (token_hash, user_id, created, expires) VALUES (?, ?, ?, ?)').run(
      tokenHash(token),
      userId,
      now,
      expires,
    );
    // When the account was last used: members unused for the retention period are deleted.
    db.prepare('UPDATE site_users SET last_seen = ? WHERE id = ?').run(now, userId);
  })();
  return { token, expires };
}

/** The user of a live session token, or undefined. */
export function sessionUser(db: Db, token: string | undefined): SiteUser | undefined {
  if (!token || token.length > 100) return undefined;
  const row = db
    .prepare(
      `SELECT u.id, u.email, u.password_hash, u.roles FROM site_user_sessions s JOIN site_users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires > ?`,
    )
    .get(tokenHash(token), Date.now()) as UserRow | undefined;
  return row ? toUser(row) : undefined;
}

/** Ends a session (nothing happens for an unknown token). */
export function deleteSession(db: Db, token: string | undefined): void {
  if (token) db.prepare('DELETE FROM site_user_sessions WHERE token_hash = ?').run(tokenHash(token));
}
