import { LIMIT_MESSAGES, LIMITS } from '../../contract/limits';
import {
  CATALOG_MESSAGES,
  fillMessage,
  fitsTermLength,
  TERM_MAX_LENGTH,
  TERM_TYPES,
  type CatalogTerms,
  type TermType,
} from '../../contract/catalog-admin';
import type { Db } from './db';
import { StoreError } from './store-error';

/** The owner's tags and categories, each list in name order (case-insensitive). */
export function listTerms(db: Db): CatalogTerms {
  const names = (kind: TermType) =>
    (db.prepare('SELECT name FROM product_terms WHERE kind = ? ORDER BY name').all(kind) as { name: string }[]).map(
      (r) => r.name,
    );
  return { tags: names('tag'), categories: names('category') };
}

/** The term kind a request names, or a 400 "{val} is not one of the expected options". */
export function termType(value: unknown): TermType {
  if (typeof value === 'string' && (TERM_TYPES as readonly string[]).includes(value)) return value as TermType;
  throw new StoreError('invalid', fillMessage(CATALOG_MESSAGES.notExpected, { val: String(value ?? '') }));
}

/** A term name as stored: trimmed, inner runs of white space made one space, within the kind's length. */
export function termName(type: TermType, value: unknown): string {
  const name = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
  const label = type === 'tag' ? 'tag' : 'category';
  if (name === '') throw new StoreError('invalid', `Enter a ${label} name.`);
  if (!fitsTermLength(type, name)) {
    throw new StoreError('invalid', `A ${label} name can be at most ${TERM_MAX_LENGTH[type]} characters long.`);
  }
  return name;
}

function exists(db: Db, type: TermType, name: string): boolean {
  return db.prepare('SELECT 1 FROM product_terms WHERE kind = ? AND name = ?').get(type, name) !== undefined;
}

const alreadyExists = (type: TermType) =>
  new StoreError('conflict', fillMessage(CATALOG_MESSAGES.termExists, { tagType: type }));
const notFound = () => new StoreError('not-found', CATALOG_MESSAGES.unableToLocate);

export function addTerm(db: Db, type: TermType, rawName: unknown): string {
  const name = termName(type, rawName);
  return db.transaction(() => {
    if (exists(db, type, name)) throw alreadyExists(type);
    if (type === 'category') {
      const { n } = db.prepare("SELECT COUNT(*) AS n FROM product_terms WHERE kind = 'category'").get() as {
        n: number;
      };
      if (n >= LIMITS.nestedCategories) throw new StoreError('conflict', LIMIT_MESSAGES.nestedCategories);
    }
    db.prepare('INSERT INTO product_terms (kind, name) VALUES (?, ?)').run(type, name);
    return name;
  })();
}

/** Renames `from` (404 when gone); a new name another term has already is refused. Case-only changes are allowed. */
export function renameTerm(db: Db, type: TermType, from: string, rawName: unknown): string {
  const name = termName(type, rawName);
  return db.transaction(() => {
    const current = db.prepare('SELECT name FROM product_terms WHERE kind = ? AND name = ?').get(type, from) as
      { name: string } | undefined;
    if (!current) throw notFound();
    if (name.toLowerCase() !== current.name.toLowerCase() && exists(db, type, name)) throw alreadyExists(type);
    db.prepare('UPDATE product_terms SET name = ? WHERE kind = ? AND name = ?').run(name, type, from);
    return name;
  })();
}

export function removeTerm(db: Db, type: TermType, name: string): void {
  const { changes } = db.prepare('DELETE FROM product_terms WHERE kind = ? AND name = ?').run(type, name);
  if (changes === 0) throw notFound();
}
