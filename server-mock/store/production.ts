import { randomUUID } from 'node:crypto';
import { isValidEmail } from '../../contract/email';
import { UserRole } from '../../contract/enumerations';
import { openDb, type Db } from './db';
import { setSetting } from './settings';
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
  const problems: string[] = [];
  if (setup.file === ':memory:') problems.push('STORE_DB must name a file: a production store is never in memory.');
  if (!setup.publicOrigin) problems.push('PUBLIC_ORIGIN must be set (https://shop.example): e-mail links use it.');
  if (setup.crumbSecret !== undefined && setup.crumbSecret.length < MIN_SECRET_LENGTH) {
    problems.push(
      `CRUMB_SECRET must have at least ${MIN_SECRET_LENGTH} characters (or leave it unset to generate one).`,
    );
  }
  if (!ownerExists) {
    if (!setup.ownerEmail || !isValidEmail(setup.ownerEmail)) {
      problems.push('STORE_OWNER_EMAIL must be an e-mail address: the first start creates the owner from it.');
    }
    if (!setup.ownerPassword || setup.ownerPassword.length < MIN_OWNER_PASSWORD) {
      problems.push(`STORE_OWNER_PASSWORD must have at least ${MIN_OWNER_PASSWORD} characters.`);
    }
  }
  return problems;
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
 * owner created from the setup on the first start, the crumb secret from the setup when given.
 * Refuses ({@link ProductionSetupError}) when something it needs is missing, before writing anything
 * but the schema.
 */
export function openProductionStore(setup: ProductionSetup): Db {
  const db = openDb(setup.file);
  try {
    const ownerExists = hasOwner(db);
    const problems = productionProblems(setup, ownerExists);
    if (problems.length) throw new ProductionSetupError(problems);
    db.transaction(() => {
      if (setup.crumbSecret) setSetting(db, 'crumb_secret', setup.crumbSecret);
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
