import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
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
  /** What is wrong with the CAPTCHA settings, said with the other problems. */
  captchaProblems?: readonly string[];
}

/** Owner passwords shorter than this are refused. */
export const MIN_OWNER_PASSWORD = 12;
/** A crumb secret given in the environment has at least this many characters. */
export const MIN_SECRET_LENGTH = 32;

function hasOwner(db: Db): boolean {
  const rows = db.prepare('SELECT roles FROM site_users').all() as { roles: string }[];
  return rows.some((row) => (JSON.parse(row.roles) as unknown[]).includes(UserRole.ADMIN));
}

/** Why the store cannot start in production as set up; empty when it can. */
export function productionProblems(setup: ProductionSetup, ownerExists: boolean): string[] {
  const problems: string[] = [...(setup.captchaProblems ?? [])];
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
    if (!setup.ownerPassword || setup.ownerPassword.length < MIN_OWNER_PASSWORD) {
      problems.push(`STORE_OWNER_PASSWORD must have at least ${MIN_OWNER_PASSWORD} characters.`);
    } else if (DEMO_ACCOUNTS.some((account) => account.password === setup.ownerPassword)) {
      problems.push('STORE_OWNER_PASSWORD is a demo password, published in the README: choose your own.');
    }
  }
  return problems;
}

/**
 * Why `file` must not become a production store: the demo seed's mark, or (a file from before the
 * mark) a demo account, whose password is published. Read before anything is written to the file.
 */
export function demoFileProblem(file: string): string | undefined {
  if (file === ':memory:' || !existsSync(file)) return undefined;
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
    if (!marked && !demoAccount) return undefined;
    return (
      `STORE_DB (${file}) was made by the demo store (${marked ? 'its seed mark' : 'a demo account'} is in it): ` +
      'it holds the demo catalog and accounts whose passwords are published. Start production on a new ' +
      'file (STORE_DB=/var/lib/store/store.db), or move this one away; nothing was changed in it.'
    );
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
 * settings from the setup. Refuses ({@link ProductionSetupError}) a file the demo made, untouched,
 * and, when something it needs is missing, before writing anything but the schema.
 */
export function openProductionStore(setup: ProductionSetup): Db {
  const demoFile = demoFileProblem(setup.file);
  if (demoFile) throw new ProductionSetupError([demoFile]);
  const db = openDb(setup.file);
  try {
    const ownerExists = hasOwner(db);
    const problems = productionProblems(setup, ownerExists);
    if (problems.length) throw new ProductionSetupError(problems);
    db.transaction(() => {
      if (setup.crumbSecret) setSetting(db, 'crumb_secret', setup.crumbSecret);
      // Pages offer the configured provider's widget, or none.
      if (setup.captchaSettings) setSetting(db, CAPTCHA_SETTINGS_KEY, JSON.stringify(setup.captchaSettings));
      else db.prepare('DELETE FROM settings WHERE key = ?').run(CAPTCHA_SETTINGS_KEY);
      if (!ownerExists && setup.ownerEmail && setup.ownerPassword) {
        addSiteUser(db, {
          id: `user-${randomUUID()}`,
          email: setup.ownerEmail.trim(),
          passwordHash: hashPassword(setup.ownerPassword),
          roles: [UserRole.ADMIN],
        });
      }
    })();
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
