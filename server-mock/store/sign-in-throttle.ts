import type { Db } from './db';

/** Failed sign-ins an account takes in a scope before each next one must wait. */
export const FREE_SIGN_IN_FAILURES = 5;
/** The longest wait between two attempts: the most an attacker can keep an owner waiting. */
export const MAX_SIGN_IN_DELAY_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
export const SIGN_IN_FAILURE_MEMORY_MS = 24 * 3600_000;
/** An address an account signed in from counts as its own for this long after the last sign-in. */
export const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 3600_000;

/** The wait after `failures` failed sign-ins in a row: none for the first few, then 1 s doubling up to the cap. */
export function signInDelay(failures: number): number {
  if (failures < FREE_SIGN_IN_FAILURES) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, 1000 * 2 ** (failures - FREE_SIGN_IN_FAILURES));
}

/** Scope of failures from every address an account has not signed in from. */
const ELSEWHERE = '*';

/** Whether the account signed in from the address within {@link KNOWN_ADDRESS_TTL_MS}. */
export function isKnownAddress(db: Db, account: string, address: string, now: number): boolean {
  return (
    db
      .prepare('SELECT 1 FROM sign_in_addresses WHERE account_key = ? AND address_key = ? AND last > ?')
      .get(account, address, now - KNOWN_ADDRESS_TTL_MS) !== undefined
  );
}

/** One sign-in attempt: whose account, from where, and whether that address is the account's own. */
export interface SignInAttempt {
  account: string;
  address: string;
  known: boolean;
}

/**
 * Starts a sign-in attempt for an account key from an address key at `now`: either how many ms
 * the caller must wait first (the attempt is not counted), or the attempt, already counted as a
 * failure so that attempts racing each other all count; {@link signInSucceeded} undoes it.
 * An address the account signed in from is throttled only by its own failures, so attacks from
 * elsewhere never lock the owner out there; other addresses share one progressive delay.
 */
export function startSignIn(
  db: Db,
  account: string,
  address: string,
  now: number,
): { wait: number } | { attempt: SignInAttempt } {
  return db.transaction(() => {
    const known = isKnownAddress(db, account, address, now);
    const scopes = known ? [address] : [address, ELSEWHERE];
    let wait = 0;
    for (const scope of scopes) {
      const row = db
        .prepare('SELECT failures, last FROM sign_in_failures WHERE account_key = ? AND scope = ? AND last > ?')
        .get(account, scope, now - SIGN_IN_FAILURE_MEMORY_MS) as { failures: number; last: number } | undefined;
      if (row) wait = Math.max(wait, row.last + signInDelay(row.failures) - now);
    }
    if (wait > 0) return { wait };
    for (const scope of scopes) {
      db.prepare(
        `INSERT INTO sign_in_failures (account_key, scope, failures, last) VALUES (?, ?, 1, ?)
         ON CONFLICT (account_key, scope) DO UPDATE SET
           failures = CASE WHEN last > ? THEN failures + 1 ELSE 1 END, last = excluded.last`,
      ).run(account, scope, now, now - SIGN_IN_FAILURE_MEMORY_MS);
    }
    return { attempt: { account, address, known } };
  })();
}

/**
 * The attempt's password was right: its failures are cleared (from an address the account had not
 * used, the shared ones too: the owner proved who they are) and the address becomes the account's own.
 */
export function signInSucceeded(db: Db, attempt: SignInAttempt, now: number): void {
  db.transaction(() => {
    const clear = db.prepare('DELETE FROM sign_in_failures WHERE account_key = ? AND scope = ?');
    clear.run(attempt.account, attempt.address);
    if (!attempt.known) clear.run(attempt.account, ELSEWHERE);
    db.prepare(
      `INSERT INTO sign_in_addresses (account_key, address_key, last) VALUES (?, ?, ?)
       ON CONFLICT (account_key, address_key) DO UPDATE SET last = excluded.last`,
    ).run(attempt.account, attempt.address, now);
  })();
}

/** Deletes forgotten failures and addresses not used for their time (at most `limit` of each). */
export function sweepSignIns(db: Db, now: number, limit = 1000): number {
  const failures = db
    .prepare('DELETE FROM sign_in_failures WHERE rowid IN (SELECT rowid FROM sign_in_failures WHERE last <= ? LIMIT ?)')
    .run(now - SIGN_IN_FAILURE_MEMORY_MS, limit).changes;
  const addresses = db
    .prepare(
      'DELETE FROM sign_in_addresses WHERE rowid IN (SELECT rowid FROM sign_in_addresses WHERE last <= ? LIMIT ?)',
    )
    .run(now - KNOWN_ADDRESS_TTL_MS, limit).changes;
  return failures + addresses;
}
