import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import { getProduct, listProducts } from './catalog';
import { migrate, NewerSchemaError, openDb } from './db';
import { SCHEMA_VERSION } from './schema';
import { openStore } from './open-store';
import { commerceSettings, COMMERCE_SETTINGS_KEY, getSetting, setSetting } from './settings';

const { file: newFile } = databasesPerTest();

describe('demo data in older database files', () => {
  it('adds the commerce settings, images, reviews and new demo products when they are missing', () => {
    const file = newFile('store-seed-');
    let old = openStore(file);
    old.exec(`
      DELETE FROM variant_images; DELETE FROM product_images; DELETE FROM product_reviews;
      DELETE FROM variants WHERE product_id = 'prod-walnut-writing-desk';
      DELETE FROM products WHERE id = 'prod-walnut-writing-desk';
      DELETE FROM settings WHERE key = 'commerce_settings';`);
    old.close();

    old = openStore(file);
    try {
      expect(commerceSettings(old).taxRatePercent).toBe(8);
      const products = listProducts(old);
      expect(products).toHaveLength(48);
      expect(products.at(-1)?.slug).toBe('walnut-writing-desk');
      expect(products.every((p) => p.images.length > 0)).toBe(true);
      expect(getProduct(old, 'prod-linen-shirt')?.variants[0]?.mainImageId).toBe('img-linen-shirt-sand');
      expect((old.prepare('SELECT COUNT(*) AS n FROM product_reviews').get() as { n: number }).n).toBe(21);

      // What is there stays as it is.
      setSetting(old, COMMERCE_SETTINGS_KEY, '{"taxRatePercent":5}');
      old.prepare("UPDATE product_images SET label = 'Mine' WHERE id = 'img-ceramic-mug'").run();
    } finally {
      old.close();
    }
    old = openStore(file);
    try {
      expect(getSetting(old, COMMERCE_SETTINGS_KEY)).toBe('{"taxRatePercent":5}');
      expect(
        (old.prepare("SELECT label FROM product_images WHERE id = 'img-ceramic-mug'").get() as { label: string }).label,
      ).toBe('Mine');
      expect(listProducts(old)).toHaveLength(48);
    } finally {
      old.close();
    }
  });

  it('adds the hold column of cart entries to a file made before stock holds', () => {
    const file = newFile('store-seed-');
    const columns = (db: ReturnType<typeof openStore>) =>
      (db.prepare('PRAGMA table_info(cart_entries)').all() as { name: string }[]).map((c) => c.name);
    let old = openStore(file);
    // Such a file had none of the later indexes on the column either.
    old.exec(
      'DROP INDEX entries_held_by_sku; DROP INDEX entries_held_by_holder; DROP TRIGGER held_units_entry_insert; DROP TRIGGER held_units_entry_update; DROP TRIGGER held_units_entry_delete; DROP TRIGGER held_units_cart_purchase; DROP TRIGGER holder_units_entry_insert; DROP TRIGGER holder_units_entry_update; DROP TRIGGER holder_units_entry_delete; ALTER TABLE cart_entries DROP COLUMN held_until',
    );
    expect(columns(old)).not.toContain('held_until');
    old.pragma('user_version = 0');
    old.close();
    old = openStore(file);
    try {
      expect(columns(old)).toContain('held_until');
      expect(old.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    } finally {
      old.close();
    }
  });
});

describe('product terms migration', () => {
  it('adds the tags and categories table to a file at version 2 and keeps what a file has', () => {
    const file = newFile('store-terms-');
    let old = openStore(file);
    old.exec("INSERT INTO product_terms (kind, name) VALUES ('tag', 'Kept')");
    old.close();
    old = openStore(file);
    expect(old.prepare('SELECT name FROM product_terms').all()).toEqual([{ name: 'Kept' }]);
    old.exec('DROP TABLE product_terms');
    old.pragma('user_version = 2');
    old.close();
    old = openStore(file);
    try {
      expect(old.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(old.prepare('SELECT COUNT(*) AS n FROM product_terms').get()).toEqual({ n: 0 });
    } finally {
      old.close();
    }
  });
});

describe('schema versions', () => {
  const tables = (db: ReturnType<typeof openDb>) =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);

  it('records the version of a new file', () => {
    const db = openDb(':memory:');
    try {
      expect(SCHEMA_VERSION).toBeGreaterThan(0);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    } finally {
      db.close();
    }
  });

  it('refuses a file from a newer build with a clear message and leaves it untouched', () => {
    const file = newFile('store-schema-');
    const newer = openDb(file);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    expect(() => openStore(file)).toThrow(NewerSchemaError);
    expect(() => openStore(file)).toThrow(
      `${file} has schema version ${SCHEMA_VERSION + 1}, newer than this build's ${SCHEMA_VERSION}: start the newer build, or restore a backup made by this one.`,
    );
    const untouched = new Database(file, { readonly: true });
    expect(untouched.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    untouched.close();
  });

  it('takes a version 1 file to version 2: subscription checkouts get their hold column', () => {
    const file = newFile('store-schema-');
    let db = openStore(file);
    db.exec(
      'DROP INDEX subscription_holds_by_sku; DROP INDEX subscription_holds_by_holder; DROP TRIGGER held_units_subscription_insert; DROP TRIGGER held_units_subscription_delete; DROP TRIGGER holder_units_subscription_insert; DROP TRIGGER holder_units_subscription_delete; ALTER TABLE subscription_carts DROP COLUMN held_until',
    );
    db.pragma('user_version = 1');
    db.close();
    db = openStore(file);
    try {
      const columns = (db.prepare('PRAGMA table_info(subscription_carts)').all() as { name: string }[]).map(
        (c) => c.name,
      );
      expect(columns).toContain('held_until');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    } finally {
      db.close();
    }
  });

  it('runs only the steps a file lacks, and none of them when one fails', () => {
    const db = openDb(':memory:');
    try {
      db.pragma('user_version = 0');
      const steps = [
        (d: typeof db) => d.exec('CREATE TABLE IF NOT EXISTS one (x)'),
        (d: typeof db) => d.exec('CREATE TABLE two (x)'),
        () => {
          throw new Error('step 3 failed');
        },
      ];
      expect(() => migrate(db, 'test.db', steps)).toThrow('step 3 failed');
      expect(tables(db)).not.toContain('one');
      expect(tables(db)).not.toContain('two');
      expect(db.pragma('user_version', { simple: true })).toBe(0);

      migrate(db, 'test.db', steps.slice(0, 2));
      expect(tables(db)).toEqual(expect.arrayContaining(['one', 'two']));
      expect(db.pragma('user_version', { simple: true })).toBe(2);
      // At version 2 only the third step runs: the second would fail (its table exists).
      migrate(db, 'test.db', [...steps.slice(0, 2), (d: typeof db) => d.exec('CREATE TABLE three (x)')]);
      expect(tables(db)).toContain('three');
      expect(db.pragma('user_version', { simple: true })).toBe(3);
    } finally {
      db.close();
    }
  });
});
