import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../store/db';
import { openProductionStore, type ProductionSetup } from '../store/production';

/** The owner a throwaway production store is made with. */
export const PRODUCTION_OWNER = { email: 'owner@shop.example', password: 'correct-horse-battery' } as const;

/**
 * A production store on a file of its own in a fresh temp folder (production refuses `:memory:`),
 * set up as `setup` says over a complete setup; `close` closes it and removes the folder.
 */
export function tempProductionStore(setup: Partial<ProductionSetup> = {}): { db: Db; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'store-production-'));
  const db = openProductionStore({
    file: join(dir, 'store.db'),
    publicOrigin: 'https://shop.example',
    ownerEmail: PRODUCTION_OWNER.email,
    ownerPassword: PRODUCTION_OWNER.password,
    crumbSecret: undefined,
    ...setup,
  });
  return {
    db,
    close: () => {
      if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Adds a sold-out product `p` (variant `P-1`) for restock sign-ups: a production store starts with none. */
export function addSoldOutProduct(db: Db): void {
  db.prepare(
    "INSERT INTO products (id, slug, name, product_type, description, position) VALUES ('p', 'p', 'Lamp', 1, '', 0)",
  ).run();
  db.prepare(
    "INSERT INTO variants (sku, product_id, attributes, price_cents, qty_in_stock, unlimited, position) VALUES ('P-1', 'p', '{}', 100, 0, 0, 0)",
  ).run();
}
