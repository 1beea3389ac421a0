import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import { getProduct, getProductBySlug, listProducts, productListPage, reservedQuantity } from './catalog';
import type { Db } from './db';

const { store: fresh, file: newFile } = databasesPerTest();

const ID = 'prod-linen-shirt';
const SKU = 'LS-S-SAND';
const variantOf = (db: Db) => getProduct(db, ID)?.variants.find((v) => v.sku === SKU);

describe('catalog cache', () => {
  it('hands out the same frozen records until a catalog table changes', () => {
    const db = fresh();
    const first = getProduct(db, ID);
    expect(first).toBeDefined();
    expect(getProduct(db, ID)).toBe(first);
    expect(getProductBySlug(db, 'linen-shirt')).toBe(first);
    expect(listProducts(db)).toContain(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.variants[0]?.attributes)).toBe(true);
    expect(() => (first?.variants as unknown[]).push(1)).toThrow(TypeError);
  });

  it('sees every write to products, variants, variant images and product images', () => {
    const db = fresh();
    expect(variantOf(db)?.priceCents).toBeGreaterThan(0);
    db.prepare('UPDATE variants SET price_cents = 1234, qty_in_stock = 7 WHERE sku = ?').run(SKU);
    expect(variantOf(db)).toMatchObject({ priceCents: 1234, qtyInStock: 7 });

    db.prepare('UPDATE products SET name = ?, slug = ? WHERE id = ?').run('Renamed', 'renamed', ID);
    expect(getProduct(db, ID)?.name).toBe('Renamed');
    expect(getProductBySlug(db, 'linen-shirt')).toBeUndefined();
    expect(getProductBySlug(db, 'renamed')?.id).toBe(ID);

    expect(getProduct(db, ID)?.images.length).toBeGreaterThan(0);
    db.prepare('DELETE FROM variant_images WHERE sku = ?').run(SKU);
    expect(variantOf(db)?.mainImageId).toBeNull();
    db.prepare('UPDATE product_images SET alt = ? WHERE product_id = ?').run('Changed', ID);
    expect(getProduct(db, ID)?.images.every((image) => image.alt === 'Changed')).toBe(true);
  });

  it('keeps nothing a rolled-back transaction read or wrote', () => {
    const db = fresh();
    const before = variantOf(db)?.priceCents;
    expect(() =>
      db.transaction(() => {
        db.prepare('UPDATE variants SET price_cents = 1 WHERE sku = ?').run(SKU);
        expect(variantOf(db)?.priceCents).toBe(1);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(variantOf(db)?.priceCents).toBe(before);
  });

  it('sees what another connection to the file committed, from the next turn of the event loop', async () => {
    const file = newFile('catalog-cache-');
    const a = fresh(file);
    const b = fresh(file);
    expect(variantOf(a)?.qtyInStock).not.toBe(3);
    b.prepare('UPDATE variants SET qty_in_stock = 3 WHERE sku = ?').run(SKU);
    await Promise.resolve();
    expect(variantOf(a)?.qtyInStock).toBe(3);
  });
});

describe('reservedQuantity', () => {
  it('counts live holds of open carts and subscription checkouts, less purchased carts and the cart left out', () => {
    const db = fresh();
    const now = 1_000_000;
    const cart = db.prepare('INSERT INTO carts (id, created, updated, is_purchased) VALUES (?, 0, 0, ?)');
    const entry = db.prepare(
      `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, created, held_until)
       VALUES (?, ?, ?, ?, ?, 0, ?)`,
    );
    cart.run('open-a', 0);
    cart.run('open-b', 0);
    cart.run('bought', 1);
    entry.run('e1', 'open-a', ID, SKU, 2, now + 1);
    entry.run('e2', 'open-a', ID, SKU, 100, now); // lapsed
    entry.run('e3', 'open-b', ID, SKU, 3, null); // holds nothing
    entry.run('e4', 'open-b', ID, SKU, 5, now + 60_000);
    entry.run('e5', 'bought', ID, SKU, 7, now + 60_000);
    db.prepare(
      `INSERT INTO subscription_carts (token, product_id, sku, quantity, created, held_until) VALUES (?, ?, ?, ?, 0, ?)`,
    ).run('sub', ID, SKU, 11, now + 5);
    expect(reservedQuantity(db, SKU, now)).toBe(2 + 5 + 11);
    expect(reservedQuantity(db, SKU, now, 'open-a')).toBe(5 + 11);
    expect(reservedQuantity(db, SKU, now, 'open-b')).toBe(2 + 11);
    expect(reservedQuantity(db, SKU, now, 'bought')).toBe(2 + 5 + 11);
    expect(reservedQuantity(db, SKU, now + 10)).toBe(5);
    expect(reservedQuantity(db, 'NO-SUCH-SKU', now)).toBe(0);
  });
});

describe('catalog cache, product by product', () => {
  it('reads again only the products a write changed, and keeps the shop order through inserts, moves and deletes', () => {
    const db = fresh();
    const other = getProduct(db, 'prod-ceramic-mug');
    const order = () => productListPage(db, {}, 1000).items.map((p) => p.id);
    const before = order();
    db.prepare('UPDATE variants SET price_cents = 999 WHERE sku = ?').run(SKU);
    expect(variantOf(db)?.priceCents).toBe(999);
    expect(getProduct(db, 'prod-ceramic-mug')).toBe(other);

    db.prepare(
      "INSERT INTO products (id, slug, name, product_type, position) VALUES ('prod-new', 'new', 'New', 1, -5)",
    ).run();
    db.prepare(
      "INSERT INTO products (id, slug, name, product_type, position) VALUES ('prod-last', 'last', 'Last', 1, 1e6)",
    ).run();
    expect(order()).toEqual(['prod-new', ...before, 'prod-last']);
    db.prepare("UPDATE products SET position = 1e7 WHERE id = 'prod-new'").run();
    db.prepare('DELETE FROM products WHERE id = ?').run('prod-last');
    expect(order()).toEqual([...before, 'prod-new']);
    expect(getProduct(db, 'prod-last')).toBeUndefined();
    expect(getProductBySlug(db, 'new')?.name).toBe('New');
    expect(getProduct(db, 'prod-ceramic-mug')).toBe(other);
  });
});
