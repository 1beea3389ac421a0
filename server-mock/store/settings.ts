import { randomBytes } from 'node:crypto';
import type { Db } from './db';

export function getSetting(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** The secret that signs crumbs; made once per store so crumbs survive restarts. */
export function crumbSecret(db: Db): string {
  const existing = getSetting(db, 'crumb_secret');
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run('crumb_secret', secret);
  return getSetting(db, 'crumb_secret') ?? secret;
}

export interface WebsiteSettings {
  id: string;
  title: string;
  selectedCurrency: string;
  multipleQuantityAllowedForServices: boolean;
}

export function websiteSettings(db: Db): WebsiteSettings {
  return {
    id: getSetting(db, 'website_id') ?? 'site',
    title: getSetting(db, 'site_title') ?? 'Store',
    selectedCurrency: getSetting(db, 'selected_currency') ?? 'USD',
    multipleQuantityAllowedForServices: getSetting(db, 'multiple_quantity_services') !== 'false',
  };
}
