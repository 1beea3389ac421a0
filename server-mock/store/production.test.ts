import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authenticate } from './site-users';
import { crumbSecret } from './settings';
import { openProductionStore, ProductionSetupError, type ProductionSetup } from './production';

describe('production mode', () => {
  let dir = '';
  let setup: ProductionSetup;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'store-production-'));
    setup = {
      file: join(dir, 'store.db'),
      publicOrigin: 'https://shop.example',
      ownerEmail: 'owner@shop.test',
      ownerPassword: 'correct-horse-battery',
      crumbSecret: undefined,
    };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const count = (db: ReturnType<typeof openProductionStore>, table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

  it('seeds no demo data and creates the owner from the setup on the first start', async () => {
    const db = openProductionStore(setup);
    try {
      expect(count(db, 'products')).toBe(0);
      expect(count(db, 'forms')).toBe(0);
      expect(count(db, 'site_users')).toBe(1);
      expect((await authenticate(db, 'owner@shop.test', 'correct-horse-battery'))?.roles).toEqual([1]);
      expect(await authenticate(db, 'owner@fieldandforge.test', 'demo-owner-pass')).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it('needs no owner settings once the owner exists, and keeps its generated secret', () => {
    let db = openProductionStore(setup);
    const secret = crumbSecret(db);
    db.close();
    db = openProductionStore({ ...setup, ownerEmail: undefined, ownerPassword: undefined });
    try {
      expect(count(db, 'site_users')).toBe(1);
      expect(crumbSecret(db)).toBe(secret);
    } finally {
      db.close();
    }
  });

  it('takes the crumb secret from the setup when given', () => {
    const db = openProductionStore({ ...setup, crumbSecret: 'x'.repeat(40) });
    try {
      expect(crumbSecret(db)).toBe('x'.repeat(40));
    } finally {
      db.close();
    }
  });

  it('refuses to start, saying every reason, and creates nobody', () => {
    const bad = { ...setup, publicOrigin: undefined, ownerPassword: 'short', crumbSecret: 'tiny' };
    expect(() => openProductionStore(bad)).toThrow(ProductionSetupError);
    try {
      openProductionStore(bad);
    } catch (error) {
      expect((error as ProductionSetupError).problems).toEqual([
        'PUBLIC_ORIGIN must be set (https://shop.example): e-mail links use it.',
        'CRUMB_SECRET must have at least 32 characters (or leave it unset to generate one).',
        'STORE_OWNER_PASSWORD must have at least 12 characters.',
      ]);
    }
    expect(() => openProductionStore({ ...setup, file: ':memory:' })).toThrow(
      'STORE_DB must name a file: a production store is never in memory.',
    );
    const db = openProductionStore({ ...setup });
    try {
      expect(count(db, 'site_users')).toBe(1);
    } finally {
      db.close();
    }
  });
});
