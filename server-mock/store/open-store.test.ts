import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getProduct, listProducts } from './catalog';
import { openStore } from './open-store';
import { commerceSettings, COMMERCE_SETTINGS_KEY, getSetting, setSetting } from './settings';

describe('demo data in older database files', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it('adds the commerce settings, images, reviews and new demo products when they are missing', () => {
    dir = mkdtempSync(join(tmpdir(), 'store-seed-'));
    const file = join(dir, 'store.db');
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
    dir = mkdtempSync(join(tmpdir(), 'store-seed-'));
    const file = join(dir, 'store.db');
    const columns = (db: ReturnType<typeof openStore>) =>
      (db.prepare('PRAGMA table_info(cart_entries)').all() as { name: string }[]).map((c) => c.name);
    let old = openStore(file);
    old.exec('ALTER TABLE cart_entries DROP COLUMN held_until');
    expect(columns(old)).not.toContain('held_until');
    old.close();
    old = openStore(file);
    try {
      expect(columns(old)).toContain('held_until');
    } finally {
      old.close();
    }
  });
});
