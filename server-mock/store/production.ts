import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { isDeliverableEmail } from '../../contract/email';
import { UserRole } from '../../contract/enumerations';
import type { CaptchaSettings } from '../../contract/store-context';
import { openDb, type Db } from './db';
import { DEMO_ACCOUNTS, DEMO_STORE_KEY } from './seed';
import { CAPTCHA_SETTINGS_KEY, setSetting } from './settings';
import { addSiteUser, hashPassword } from './site-users';

/** What a production store is started with (from the environment: see docs/deploying.md). */
export interface ProductionSetup {
  /** The database file; a production store is never in memory. */
  file: string;
  /** The origin shoppers reach the store at (e-mail links are built on it). */
  publicOrigin: string | undefined;
  /** The first owner, created on the first start only (an existing owner needs neither). */
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  /** Signs crumbs; without it one is generated on the first start and kept in the database. */
  crumbSecret: string | undefined;
  /**
   * The public part of the CAPTCHA provider (site key and script) pages render the widget with;
   * without it the store offers no CAPTCHA (and every CAPTCHA token fails).
   */
  captchaSettings?: CaptchaSettings | undefined;
  /** What is wrong with the other settings (malformed variables, CAPTCHA), said with the problems found here. */
  settingsProblems?: readonly string[];
}

/** Owner passwords shorter than this are refused. */
export const MIN_OWNER_PASSWORD = 12;
/** A crumb secret given in the environment has at least this many characters. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The most common passwords of 12 characters or more (lower-cased), from published lists of
 * leaked passwords: each is among the first an attacker tries.
 */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '098765432109',
  '111111111111',
  '000000000000',
  '123123123123',
  'password1234',
  'password12345',
  'password123!',
  'passwordpassword',
  'password1password1',
  'qwerty123456',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdfgh',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'q1w2e3r4t5y6',
  'abcdefghijkl',
  'abc123456789',
  'administrator',
  'administrator1',
  'adminadminadmin',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'changeme1234',
  'trustno1trustno1',
  'correcthorsebatterystaple',
  'correct horse battery staple',
]);

/** Why `password` cannot be the owner's, or undefined when it can. */
export function ownerPasswordProblem(password: string | undefined): string | undefined {
  const rule = `STORE_OWNER_PASSWORD must have at least ${MIN_OWNER_PASSWORD} characters, not all spaces`;
  if (!password || [...password].length < MIN_OWNER_PASSWORD || password.trim() === '') return `${rule}.`;
  if (DEMO_ACCOUNTS.some((account) => account.password === password)) {
    return 'STORE_OWNER_PASSWORD is a demo password, published in the README: choose your own.';
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size === 1) {
    return 'STORE_OWNER_PASSWORD is one of the most common passwords, the first an attacker tries: choose your own.';
  }
  return undefined;
}

/** Whether the store in `db` has an owner (an admin account). */
function hasOwner(db: Database.Database): boolean {
  const rows = db.prepare('SELECT roles FROM site_users').all() as { roles: string }[];
  return rows.some((row) => (JSON.parse(row.roles) as unknown[]).includes(UserRole.ADMIN));
}

/** Why the store cannot start in production as set up; empty when it can. */
export function productionProblems(setup: ProductionSetup, ownerExists: boolean): string[] {
  const problems: string[] = [...(setup.settingsProblems ?? [])];
  if (setup.file === ':memory:') problems.push('STORE_DB must name a file: a production store is never in memory.');
  if (!setup.publicOrigin) problems.push('PUBLIC_ORIGIN must be set (https://shop.example): e-mail links use it.');
  if (setup.crumbSecret !== undefined && setup.crumbSecret.length < MIN_SECRET_LENGTH) {
    problems.push(
      `CRUMB_SECRET must have at least ${MIN_SECRET_LENGTH} characters (or leave it unset to generate one).`,
    );
  }
  if (!ownerExists) {
    if (!setup.ownerEmail || !isDeliverableEmail(setup.ownerEmail.trim())) {
      problems.push('STORE_OWNER_EMAIL must be an e-mail address: the first start creates the owner from it.');
    }
    const password = ownerPasswordProblem(setup.ownerPassword);
    if (password) problems.push(password);
  }
  return problems;
}

/** What a file there already says, read before anything is written to it. */
interface ExistingFile {
  /** Why it must not become a production store: the demo made it. */
  demoProblem: string | undefined;
  /** Whether it has an owner already (then the owner settings are not needed). */
  ownerExists: boolean;
}

/**
 * Reads an existing `file` without writing to it: whether the demo store made it (the demo seed's
 * mark, or, a file from before the mark, a demo account, whose password is published) and whether
 * it has an owner. A missing file (or `:memory:`) says nothing.
 */
function readExistingFile(file: string): ExistingFile {
  if (file === ':memory:' || !existsSync(file)) return { demoProblem: undefined, ownerExists: false };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    const marked = tables.has('settings') && db.prepare('SELECT 1 FROM settings WHERE key = ?').get(DEMO_STORE_KEY);
    const emails = DEMO_ACCOUNTS.map((account) => account.email.toLowerCase());
    const demoAccount =
      tables.has('site_users') &&
      db.prepare(`SELECT 1 FROM site_users WHERE lower(email) IN (${emails.map(() => '?').join(', ')})`).get(...emails);
    const ownerExists = tables.has('site_users') && hasOwner(db);
    if (!marked && !demoAccount) return { demoProblem: undefined, ownerExists };
    const demoProblem =
      `STORE_DB (${file}) was made by the demo store (${marked ? 'its seed mark' : 'a demo account'} is in it): ` +
      'it holds the demo catalog and accounts whose passwords are published. Start production on a new ' +
      'file (STORE_DB=/var/lib/store/store.db), or move this one away; nothing was changed in it.';
    return { demoProblem, ownerExists };
  } finally {
    db.close();
  }
}

/** A production store could not start; `problems` says every reason at once. */
export class ProductionSetupError extends Error {
  constructor(readonly problems: string[]) {
    super(`The store cannot start in production mode:\n- ${problems.join('\n- ')}`);
    this.name = 'ProductionSetupError';
  }
}

/**
 * Opens a production store: the schema only (no demo products, accounts, forms or settings), the
 * owner created from the setup on the first start, the crumb secret and the CAPTCHA's public
 * settings from the setup. Refuses ({@link ProductionSetupError}, naming every problem at once)
 * before it creates or writes anything: a file the demo made stays as it was, and a refused first
 * start leaves no file behind.
 */
export function openProductionStore(setup: ProductionSetup): Db {
  const existing = readExistingFile(setup.file);
  const problems = [
    ...(existing.demoProblem ? [existing.demoProblem] : []),
    ...productionProblems(setup, existing.ownerExists),
  ];
  if (problems.length) throw new ProductionSetupError(problems);
  const isNew = !existsSync(setup.file);
  let db: Db | undefined;
  try {
    db = openDb(setup.file);
    const opened = db;
    opened.transaction(() => {
      if (setup.crumbSecret) setSetting(opened, 'crumb_secret', setup.crumbSecret);
      // Pages offer the configured provider's widget, or none.
      if (setup.captchaSettings) setSetting(opened, CAPTCHA_SETTINGS_KEY, JSON.stringify(setup.captchaSettings));
      else opened.prepare('DELETE FROM settings WHERE key = ?').run(CAPTCHA_SETTINGS_KEY);
      if (!existing.ownerExists && setup.ownerEmail && setup.ownerPassword) {
        addSiteUser(opened, {
          id: `user-${randomUUID()}`,
          email: setup.ownerEmail.trim(),
          passwordHash: hashPassword(setup.ownerPassword),
          roles: [UserRole.ADMIN],
        });
      }
    })();
  } catch (error) {
    db?.close();
    // A first start that failed half-way leaves no file that a later start would take for a store.
    if (isNew) for (const suffix of ['', '-wal', '-shm']) rmSync(`${setup.file}${suffix}`, { force: true });
    throw error;
  }
  return db;
}
