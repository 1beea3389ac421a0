import { describe, expect, it } from 'vitest';
import { databasesPerTest } from '../testing/databases';
import type { Db } from './db';
import { checkDataset, EXPORT_CHUNK_PRODUCTS, exportCsv, importAll, importSteps } from './product-csv';

const { store } = databasesPerTest();

/** A demo store whose executed statements are counted. */
function traced(): { db: Db; executed: () => number } {
  let count = 0;
  const db = store(':memory:', { verbose: () => (count += 1) });
  return { db, executed: () => count };
}

const file = (rows: string[]) =>
  checkDataset(new TextEncoder().encode(`SKU,Product,Price,Stock\r\n${rows.join('\r\n')}\r\n`), 'p.csv');

describe('product import', () => {
  it('gives same-name products the next free slug with as many queries per product, however many came before', () => {
    const { db, executed } = traced();
    const perFile: number[] = [];
    for (let f = 0; f < 4; f++) {
      const before = executed();
      const outcome = importAll(db, file(Array.from({ length: 300 }, (_, i) => `SAME-${f}-${i},Same Widget,1,1`)));
      expect(outcome).toMatchObject({ created: 300, refused: [] });
      perFile.push(executed() - before);
    }
    // The fourth file finds 900 "Same Widget" before it and costs what the first did.
    expect(perFile[3]).toBeLessThanOrEqual((perFile[0] as number) + 5);
    const slugs = (db.prepare("SELECT slug FROM products WHERE name = 'Same Widget'").all() as { slug: string }[]).map(
      (r) => r.slug,
    );
    expect(new Set(slugs).size).toBe(1200);
    expect(slugs).toContain('same-widget');
    expect(slugs).toContain('same-widget-1200');
  });

  it('skips a slug another name already took', () => {
    const { db } = traced();
    importAll(db, file(['W-2,Widget 2,1,1', 'W-A,Widget,1,1', 'W-B,Widget,1,1', 'W-C,Widget,1,1']));
    const slugOf = (sku: string) =>
      (
        db.prepare('SELECT p.slug FROM products p JOIN variants v ON v.product_id = p.id WHERE v.sku = ?').get(sku) as {
          slug: string;
        }
      ).slug;
    expect(['W-2', 'W-A', 'W-B', 'W-C'].map(slugOf)).toEqual(['widget-2', 'widget', 'widget-3', 'widget-4']);
  });

  it('checks each row once, then writes a batch per step; a SKU made meanwhile refuses its row alone', () => {
    const { db } = traced();
    const steps = importSteps(
      db,
      file(['mug-1,,2.50,', 'NEW-1,First,1,1', 'NEW-2,Second,1,1', 'NEW-3,Third,1,1', 'NEW-4,Fourth,1,1']),
      { checkRows: 2, writeRows: 2 },
    );
    const progress = [];
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      progress.push(step.value);
      // Another import makes NEW-4 once this one has checked every row.
      if (step.value.checked === 5 && !step.value.writing) {
        importAll(db, file(['NEW-4,Elsewhere,1,1']));
      }
    }
    expect(progress).toEqual([
      { checked: 2, writing: false },
      { checked: 4, writing: false },
      { checked: 5, writing: false },
      { checked: 5, writing: true },
      { checked: 5, writing: true },
    ]);
    expect(step.value).toEqual({
      created: 3,
      updated: 1,
      refused: [{ row: 6, reason: 'SKU NEW-4 was added while this file was imported.' }],
    });
    expect(db.prepare("SELECT price_cents FROM variants WHERE sku = 'MUG-1'").get()).toEqual({ price_cents: 250 });
  });
});

describe('product export', () => {
  it(`writes every variant in shop order, ${EXPORT_CHUNK_PRODUCTS} products a chunk, a product's variants never split`, () => {
    const { db } = traced();
    for (let at = 0; at < 1200; at += 400) {
      importAll(db, file(Array.from({ length: 400 }, (_, i) => `E-${at + i},Thing ${at + i},1,1`)));
    }
    // A product of two variants at the end of the first chunk.
    const edge = (
      db.prepare('SELECT id FROM products ORDER BY position, id LIMIT 1 OFFSET ?').get(EXPORT_CHUNK_PRODUCTS - 1) as {
        id: string;
      }
    ).id;
    db.prepare(
      "INSERT INTO variants (sku, product_id, price_cents, qty_in_stock, position) VALUES ('EDGE-2', ?, 100, 1, 9)",
    ).run(edge);
    const chunks = [...exportCsv(db)];
    expect(chunks).toHaveLength(1 + Math.ceil(1248 / EXPORT_CHUNK_PRODUCTS));
    const rows = chunks.join('').trimEnd().split('\r\n');
    const skus = (
      db
        .prepare(
          'SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id ORDER BY p.position, p.id, v.position',
        )
        .all() as { sku: string }[]
    ).map((r) => r.sku);
    expect(rows[0]).toBe('SKU,Product,Type,Price,Stock');
    expect(rows.slice(1).map((row) => row.split(',')[0])).toEqual(skus);
    expect(chunks[1]?.trimEnd().split('\r\n').at(-1)).toMatch(/^EDGE-2,/);
  });
});
