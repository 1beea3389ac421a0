import { controlCharacterMessage, findControlCharacter } from '../../contract/control-characters';
import type { CSV_PRODUCT_TYPES } from '../../contract/catalog-admin';
import {
  CATALOG_MESSAGES,
  CSV_COLUMNS,
  CSV_IMPORT_COLUMNS,
  fillMessage,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  type RefusedRow,
} from '../../contract/catalog-admin';
import { toDecimalString } from '../../contract/currencies';
import { isSubscribableType, NOT_SUBSCRIBABLE_TYPE } from '../../contract/enumerations';
import { readPrice } from '../../contract/read-money';
import { parseCsv, writeCsv } from '../validation/csv';
import type { Db } from './db';
import { websiteSettings } from './settings';
import { StoreError } from './store-error';

/** Product type code of each CSV type name, and back. */
const TYPE_CODES: Record<(typeof CSV_PRODUCT_TYPES)[number], number> = {
  physical: 1,
  digital: 2,
  service: 3,
  'gift card': 4,
};
const TYPE_NAMES = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name]));

type Column = (typeof CSV_IMPORT_COLUMNS)[number];

/** One data row of a checked file: its row number in the file (the header is 1) and its cells by column. */
export interface DatasetRow {
  row: number;
  cells: Partial<Record<Column, string>>;
}

/** A file that passed the file-level checks. */
export interface Dataset {
  rows: DatasetRow[];
  /** Notices: rows or columns dropped past the limits. */
  notices: string[];
}

const refuse = (message: string): never => {
  throw new StoreError('invalid', message);
};

/**
 * The file-level checks (platform spec, section 5), all or nothing: a supported file (`.csv`,
 * UTF-8 text that parses as RFC 4180), at least one column and one row, every row with all its
 * cells and a SKU and a Price, no unknown column; rows and columns past the limits are dropped
 * with a notice. Throws a {@link StoreError} with the spec's message.
 */
export function checkDataset(bytes: Uint8Array, fileName: string): Dataset {
  const unsupported = fillMessage(CATALOG_MESSAGES.unsupported, { fileName });
  if (!/\.csv$/i.test(fileName)) refuse(unsupported);
  let text = '';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    refuse(unsupported);
  }
  if (text.includes('\u0000')) refuse(unsupported);
  const records = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!records) return refuse(unsupported);
  const notices: string[] = [];

  let header = (records[0] ?? []).map((name) => name.trim());
  if (header.every((name) => name === '')) refuse(CATALOG_MESSAGES.noColumns);
  if (header.length > IMPORT_MAX_COLUMNS) {
    header = header.slice(0, IMPORT_MAX_COLUMNS);
    notices.push(`${CATALOG_MESSAGES.truncatedColumns} (${IMPORT_MAX_COLUMNS})`);
  }
  // A column without a name (a spreadsheet's trailing comma) is left out.
  const columns: (Column | null)[] = header.map((name) => {
    if (name === '') return null;
    const column = CSV_IMPORT_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase());
    return column ?? refuse(fillMessage(CATALOG_MESSAGES.notExpected, { val: name }));
  });
  for (const column of columns) {
    if (column && columns.indexOf(column) !== columns.lastIndexOf(column))
      refuse(`The column ${column} appears twice.`);
  }
  for (const required of ['SKU', 'Price'] as const) {
    if (!columns.includes(required)) refuse(`The file needs a ${required} column.`);
  }

  // An empty line is no row.
  let data = records.slice(1).map((cells, i) => ({ row: i + 2, cells }));
  data = data.filter(({ cells }) => !(cells.length === 1 && cells[0]?.trim() === ''));
  if (data.length === 0) refuse(CATALOG_MESSAGES.noRows);
  if (data.length > IMPORT_MAX_ROWS) {
    data = data.slice(0, IMPORT_MAX_ROWS);
    notices.push(`${CATALOG_MESSAGES.truncatedRows} (${IMPORT_MAX_ROWS})`);
  }
  // Every row has a cell for each named column (a missing trailing unnamed one is no gap).
  const cellsNeeded = columns.reduce((n, column, i) => (column ? i + 1 : n), 0);
  const rows = data.map(({ row, cells }) => {
    if (cells.length < cellsNeeded) refuse(CATALOG_MESSAGES.missingData);
    const byColumn: DatasetRow['cells'] = {};
    columns.forEach((column, i) => {
      if (column) byColumn[column] = (cells[i] ?? '').trim();
    });
    if (!byColumn.SKU || !byColumn.Price) refuse(CATALOG_MESSAGES.missingData);
    return { row, cells: byColumn };
  });
  return { rows, notices };
}

/** What one row does: create a product, update a variant, or nothing (refused, with why). */
export type RowPlan =
  | {
      row: number;
      action: 'create';
      sku: string;
      name: string;
      productType: number;
      priceCents: number;
      stock: number;
      subscribable: boolean;
    }
  | {
      row: number;
      action: 'update';
      sku: string;
      priceCents: number;
      stock: number | null;
      subscribable: boolean | null;
    }
  | { row: number; action: 'refuse'; reason: string };

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
/** What the Subscribable column takes. */
const YES_NO = { yes: true, no: false, true: true, false: false } as const;
const STOCK = /^\d{1,6}$/;

/**
 * The row's plan against the catalog as it is: an existing SKU updates its price (and its stock
 * when given); a new SKU makes a product of one variant named by the Product column. `seen`
 * holds the SKUs of the rows before it (row numbers), so a SKU twice in a file is refused.
 */
export function planRow(db: Db, { row, cells }: DatasetRow, seen: Map<string, number>): RowPlan {
  const sku = cells.SKU ?? '';
  const no = (reason: string): RowPlan => ({ row, action: 'refuse', reason });
  const earlier = seen.get(sku.toLowerCase());
  if (earlier !== undefined) return no(`SKU ${sku} is already on row ${earlier}.`);
  seen.set(sku.toLowerCase(), row);
  if (sku.length > 64 || !/^[\w.-]+$/.test(sku)) {
    return no('A SKU is 1 to 64 letters, digits, dots, dashes or underscores.');
  }
  const price = cells.Price ?? '';
  // A price is a decimal in the store's currency (whole yen in JPY): the money reader's decimalValue.
  const read = PRICE.test(price) ? readPrice({ decimalValue: price }, websiteSettings(db).selectedCurrency) : undefined;
  if (!read || !('minor' in read)) return no(`Price ${price} is not an amount like 12.50.`);
  const priceCents = read.minor;
  const stockText = cells.Stock ?? '';
  if (stockText !== '' && !STOCK.test(stockText)) return no(`Stock ${stockText} is not a whole number of 0 or more.`);
  const stock = stockText === '' ? null : Number(stockText);
  const typeText = (cells.Type ?? '').toLowerCase();
  if (typeText !== '' && !(typeText in TYPE_CODES)) {
    return no(fillMessage(CATALOG_MESSAGES.notExpected, { val: cells.Type ?? '' }));
  }
  const subscribableText = (cells.Subscribable ?? '').toLowerCase();
  if (subscribableText !== '' && !Object.hasOwn(YES_NO, subscribableText)) {
    return no(fillMessage(CATALOG_MESSAGES.notExpected, { val: cells.Subscribable ?? '' }));
  }
  const subscribable = subscribableText === '' ? null : YES_NO[subscribableText as keyof typeof YES_NO];
  // Served by the index of SKUs whatever their case (variants_by_sku_nocase).
  const existing = db
    .prepare(
      'SELECT v.sku, p.product_type FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ? COLLATE NOCASE LIMIT 1',
    )
    .get(sku) as { sku: string; product_type: number } | undefined;
  if (existing) {
    if (subscribable && !isSubscribableType(existing.product_type)) return no(NOT_SUBSCRIBABLE_TYPE);
    return { row, action: 'update', sku: existing.sku, priceCents, stock, subscribable };
  }
  const name = (cells.Product ?? '').trim();
  if (name === '') return no(`SKU ${sku} is new: give its Product name.`);
  if (name.length > 200) return no('A Product name is at most 200 characters.');
  const control = findControlCharacter(name, 'The Product name');
  if (control) return no(controlCharacterMessage(control));
  const productType = typeText === '' ? 1 : TYPE_CODES[typeText as keyof typeof TYPE_CODES];
  if (subscribable && !isSubscribableType(productType)) return no(NOT_SUBSCRIBABLE_TYPE);
  return {
    row,
    action: 'create',
    sku,
    name,
    productType,
    priceCents,
    stock: stock ?? 0,
    subscribable: subscribable === true,
  };
}

function slugOf(name: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'product';
  return base;
}

/** What an import did. */
export interface ImportOutcome {
  created: number;
  updated: number;
  refused: RefusedRow[];
}

/** Where an import is: rows checked so far, and whether it has begun to write. */
export interface ImportProgress {
  checked: number;
  writing: boolean;
}

/** Rows an import step checks, and rows it writes in one transaction. */
export interface ImportBatches {
  checkRows: number;
  writeRows: number;
}

/**
 * The first free slug of each name's slug (`base`, then `base-2`, `base-3`…) as an import hands
 * them out: one query per name for where its numbers end, then one check per product.
 */
function slugs(db: Db): (name: string) => string {
  const next = new Map<string, number>();
  const taken = (slug: string) =>
    db.prepare('SELECT 1 FROM products WHERE slug = ? OR id = ?').get(slug, `prod-${slug}`);
  return (name) => {
    const base = slugOf(name);
    let n = next.get(base);
    if (n === undefined) {
      // The base's numbered slugs sit in one range of the slug index (GLOB with a literal prefix).
      const { last } = db
        .prepare('SELECT MAX(CAST(substr(slug, ?) AS INTEGER)) AS last FROM products WHERE slug GLOB ?')
        .get(base.length + 2, `${base}-[0-9]*`) as { last: number | null };
      n = !taken(base) ? 1 : Math.max(2, (last ?? 1) + 1);
    }
    let slug = n === 1 ? base : `${base}-${n}`;
    while (taken(slug)) slug = `${base}-${(n = Math.max(2, n + 1))}`;
    next.set(base, n + 1);
    return slug;
  };
}

/**
 * Imports a checked file a step at a time (the caller lets the event loop come round between
 * two): first the rows are planned, `checkRows` a step, each once against the catalog as it is;
 * then the plans are written, `writeRows` per transaction. A write the catalog no longer allows
 * (another import made the SKU meanwhile) refuses its row alone. Returns what the import did.
 */
export function* importSteps(
  db: Db,
  dataset: Dataset,
  { checkRows, writeRows }: ImportBatches = { checkRows: 100, writeRows: 100 },
): Generator<ImportProgress, ImportOutcome> {
  const seen = new Map<string, number>();
  const plans: RowPlan[] = [];
  for (let at = 0; at < dataset.rows.length; at += checkRows) {
    for (const row of dataset.rows.slice(at, at + checkRows)) plans.push(planRow(db, row, seen));
    yield { checked: Math.min(dataset.rows.length, at + checkRows), writing: false };
  }
  const outcome: ImportOutcome = { created: 0, updated: 0, refused: [] };
  const writes: Exclude<RowPlan, { action: 'refuse' }>[] = [];
  for (const plan of plans) {
    if (plan.action === 'refuse') outcome.refused.push({ row: plan.row, reason: plan.reason });
    else writes.push(plan);
  }
  const slugFor = slugs(db);
  const write = db.transaction((batch: typeof writes) => {
    let position = (db.prepare('SELECT MAX(position) AS n FROM products').get() as { n: number | null }).n ?? 0;
    for (const plan of batch) {
      if (plan.action === 'update') {
        const { changes } = db
          .prepare('UPDATE variants SET price_cents = ?, qty_in_stock = COALESCE(?, qty_in_stock) WHERE sku = ?')
          .run(plan.priceCents, plan.stock, plan.sku);
        if (changes !== 1) {
          outcome.refused.push({ row: plan.row, reason: `SKU ${plan.sku} no longer exists.` });
          continue;
        }
        if (plan.subscribable !== null) {
          db.prepare(
            'UPDATE products SET is_subscribable = ? WHERE id = (SELECT product_id FROM variants WHERE sku = ?)',
          ).run(plan.subscribable ? 1 : 0, plan.sku);
        }
        outcome.updated += 1;
        continue;
      }
      if (db.prepare('SELECT 1 FROM variants WHERE sku = ?').get(plan.sku)) {
        outcome.refused.push({ row: plan.row, reason: `SKU ${plan.sku} was added while this file was imported.` });
        continue;
      }
      const slug = slugFor(plan.name);
      position += 1;
      db.prepare(
        'INSERT INTO products (id, slug, name, product_type, is_subscribable, position) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(`prod-${slug}`, slug, plan.name, plan.productType, plan.subscribable ? 1 : 0, position);
      db.prepare(
        'INSERT INTO variants (sku, product_id, price_cents, qty_in_stock, position) VALUES (?, ?, ?, ?, 0)',
      ).run(plan.sku, `prod-${slug}`, plan.priceCents, plan.stock);
      outcome.created += 1;
    }
  });
  for (let at = 0; at < writes.length; at += writeRows) {
    write.immediate(writes.slice(at, at + writeRows));
    if (at + writeRows < writes.length) yield { checked: dataset.rows.length, writing: true };
  }
  outcome.refused.sort((a, b) => a.row - b.row);
  return outcome;
}

/** Imports a checked file in one go (no pause between the steps of {@link importSteps}). */
export function importAll(db: Db, dataset: Dataset, batches?: ImportBatches): ImportOutcome {
  const steps = importSteps(db, dataset, batches);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Products per chunk of an export (their variants, a few hundred CSV rows). */
export const EXPORT_CHUNK_PRODUCTS = 500;

/**
 * Every variant as a CSV row (SKU, Product, Type, Price, Stock), header first, in shop order, a
 * chunk of {@link EXPORT_CHUNK_PRODUCTS} products at a time (keyset on position and id): the
 * caller sends each chunk before reading the next, so a large catalog never holds the server long.
 */
export function* exportCsv(db: Db): Generator<string> {
  yield writeCsv([[...CSV_COLUMNS]]);
  const currency = websiteSettings(db).selectedCurrency;
  let after = { position: Number.MIN_SAFE_INTEGER, id: '' };
  for (;;) {
    const rows = db
      .prepare(
        `WITH page AS (
           SELECT id, position, name, product_type FROM products
           WHERE (position, id) > (?, ?) ORDER BY position, id LIMIT ?)
         SELECT page.id, page.position, v.sku, page.name, page.product_type, v.price_cents, v.qty_in_stock
         FROM page JOIN variants v ON v.product_id = page.id
         ORDER BY page.position, page.id, v.position`,
      )
      .all(after.position, after.id, EXPORT_CHUNK_PRODUCTS) as {
      id: string;
      position: number;
      sku: string;
      name: string;
      product_type: number;
      price_cents: number;
      qty_in_stock: number;
    }[];
    const last = rows[rows.length - 1];
    if (!last) return;
    yield writeCsv(
      rows.map((r) => [
        r.sku,
        // A leading = + - @ would run as a formula in a spreadsheet: keep it text.
        /^[=+\-@]/.test(r.name) ? `'${r.name}` : r.name,
        TYPE_NAMES.get(r.product_type) ?? String(r.product_type),
        toDecimalString(r.price_cents, currency),
        String(r.qty_in_stock),
      ]),
    );
    after = { position: last.position, id: last.id };
  }
}
