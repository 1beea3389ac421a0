import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import {
  ALLOWED_ORIGINS_KEY,
  allowedOrigins,
  getSetting,
  setEnabledFeatures,
  setSetting,
  websiteSettings,
} from './settings';
import { settingsRows } from './settings-rows';
import { cachedPerTable, tableVersion } from './table-version';

const { bare: fresh, file: newFile } = databasesPerTest();

describe('statement cache', () => {
  it('gives the same statement for the same SQL, and one that follows schema changes', () => {
    const db = fresh();
    expect(db.prepare('SELECT 1 AS n')).toBe(db.prepare('SELECT 1 AS n'));
    db.exec('CREATE TABLE t (a INTEGER)');
    db.prepare('INSERT INTO t VALUES (1)').run();
    expect(db.prepare('SELECT * FROM t').get()).toEqual({ a: 1 });
    db.exec('ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2');
    expect(db.prepare('SELECT * FROM t').get()).toEqual({ a: 1, b: 2 });
  });
});

describe('settings cache', () => {
  it('sees every write of the settings table: the store functions and plain SQL', () => {
    const db = fresh();
    setSetting(db, 'site_title', 'One');
    expect(getSetting(db, 'site_title')).toBe('One');
    setSetting(db, 'site_title', 'Two');
    expect(getSetting(db, 'site_title')).toBe('Two');
    db.prepare("UPDATE settings SET value = 'Three' WHERE key = 'site_title'").run();
    expect(getSetting(db, 'site_title')).toBe('Three');
    db.prepare("DELETE FROM settings WHERE key = 'site_title'").run();
    expect(getSetting(db, 'site_title')).toBeUndefined();
  });

  it('keeps nothing a rolled-back transaction read or wrote', () => {
    const db = fresh();
    setSetting(db, 'site_title', 'Before');
    expect(getSetting(db, 'site_title')).toBe('Before');
    expect(() =>
      db.transaction(() => {
        setSetting(db, 'site_title', 'Inside');
        expect(getSetting(db, 'site_title')).toBe('Inside');
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(getSetting(db, 'site_title')).toBe('Before');
  });

  it('starts watching outside a transaction only', () => {
    const db = fresh();
    const reads = cachedPerTable('settings', (d) => d.prepare('SELECT COUNT(*) AS n FROM settings').get());
    expect(() =>
      db.transaction(() => {
        reads(db);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    const before = settingsRows(db).size;
    setSetting(db, 'new_key', 'x');
    expect(settingsRows(db).size).toBe(before + 1);
  });

  it('sees what another connection to the file committed, from the next turn of the event loop', async () => {
    const file = newFile('settings-cache-');
    const a = fresh(file);
    const b = fresh(file);
    setSetting(a, 'site_title', 'A');
    expect(getSetting(a, 'site_title')).toBe('A');
    const version = tableVersion(a, 'settings');
    setSetting(b, 'site_title', 'B');
    await Promise.resolve();
    expect(tableVersion(a, 'settings')).not.toBe(version);
    expect(getSetting(a, 'site_title')).toBe('B');
  });

  it('hands out the site settings and allowed origins until the owner changes them, frozen', () => {
    const db = fresh();
    const before = websiteSettings(db);
    expect(websiteSettings(db)).toBe(before);
    expect(Object.isFrozen(before.commerceSettings.enabledFeatures)).toBe(true);
    setSetting(db, 'site_title', 'Renamed');
    expect(websiteSettings(db).title).toBe('Renamed');
    const flags = setEnabledFeatures(db, [50]);
    expect(websiteSettings(db).commerceSettings.enabledFeatures).toEqual(flags);
    expect(allowedOrigins(db)).toEqual([]);
    setSetting(db, ALLOWED_ORIGINS_KEY, JSON.stringify(['https://theme.example']));
    expect(allowedOrigins(db)).toEqual(['https://theme.example']);
  });
});
