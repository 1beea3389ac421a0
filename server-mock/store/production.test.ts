import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authenticate } from './site-users';
import { crumbSecret } from './settings';
import { openStore } from './open-store';
import { openProductionStore, ProductionSetupError, type ProductionSetup } from './production';
import { DEMO_STORE_KEY } from './seed';

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
        'STORE_OWNER_PASSWORD must have at least 12 characters, not all spaces.',
      ]);
    }
    expect(existsSync(setup.file)).toBe(false);
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

describe('production mode on a file the demo store made', () => {
  let dir = '';
  let file = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'store-demo-file-'));
    file = join(dir, 'store.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const setup = (): ProductionSetup => ({
    file,
    publicOrigin: 'https://shop.example',
    ownerEmail: 'owner@shop.example',
    ownerPassword: 'correct-horse-battery',
    crumbSecret: undefined,
  });
  const problemsOf = (run: () => unknown): string[] => {
    try {
      run();
    } catch (error) {
      if (error instanceof ProductionSetupError) return error.problems;
      throw error;
    }
    return [];
  };

  it('refuses it, naming what to do, and changes nothing in it', () => {
    openStore(file).close();
    const before = readFileSync(file);
    const [problem] = problemsOf(() => openProductionStore(setup()));
    expect(problem).toMatch(/^STORE_DB \(.*store\.db\) was made by the demo store \(its seed mark is in it\)/);
    expect(problem).toContain('Start production on a new file');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses an older demo file by its demo accounts, whose passwords are published', async () => {
    const db = openStore(file);
    db.prepare('DELETE FROM settings WHERE key = ?').run(DEMO_STORE_KEY);
    db.prepare("DELETE FROM site_users WHERE email <> 'viewer@fieldandforge.test'").run();
    expect(await authenticate(db, 'viewer@fieldandforge.test', 'demo-viewer-pass')).toBeDefined();
    db.close();
    expect(problemsOf(() => openProductionStore(setup()))[0]).toMatch(/\(a demo account is in it\)/);
  });

  it('refuses an owner password of spaces, a common one, or one character again and again', () => {
    const cases = {
      [' '.repeat(12)]: 'at least 12 characters, not all spaces',
      ['\t \n'.repeat(5)]: 'at least 12 characters, not all spaces',
      Password1234: 'one of the most common passwords',
      '123456789012': 'one of the most common passwords',
      zzzzzzzzzzzzzz: 'one of the most common passwords',
      'short pass': 'at least 12 characters',
    };
    for (const [ownerPassword, problem] of Object.entries(cases)) {
      const problems = problemsOf(() => openProductionStore({ ...setup(), ownerPassword }));
      expect(problems, JSON.stringify(ownerPassword)).toHaveLength(1);
      expect(problems[0], JSON.stringify(ownerPassword)).toContain(problem);
    }
    expect(existsSync(file)).toBe(false);
    openProductionStore({ ...setup(), ownerPassword: 'four long words here' }).close();
  });

  it('names the demo file and every other problem at once, and changes nothing in the file', () => {
    openStore(file).close();
    const before = readFileSync(file);
    const problems = problemsOf(() =>
      openProductionStore({
        ...setup(),
        publicOrigin: undefined,
        settingsProblems: ['ALLOWED_ORIGINS must list origins'],
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/was made by the demo store/),
      'ALLOWED_ORIGINS must list origins',
      'PUBLIC_ORIGIN must be set (https://shop.example): e-mail links use it.',
    ]);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a published demo password for the owner', () => {
    for (const ownerPassword of ['demo-owner-pass', 'demo-member-pass']) {
      expect(problemsOf(() => openProductionStore({ ...setup(), ownerPassword }))).toEqual([
        'STORE_OWNER_PASSWORD is a demo password, published in the README: choose your own.',
      ]);
    }
  });

  it('starts on its own file again and again', () => {
    openProductionStore(setup()).close();
    const db = openProductionStore({ ...setup(), ownerEmail: undefined, ownerPassword: undefined });
    db.close();
  });
});
