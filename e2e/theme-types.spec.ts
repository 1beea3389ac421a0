import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_FILE, TYPES_FILE, writeThemeFiles } from '../build/types-generator.mjs';

const ROOT = join(import.meta.dirname, '..');

test('the build ships the current storefront.d.ts and custom-elements.json', async () => {
  const fresh = mkdtempSync(join(tmpdir(), 'theme-files-'));
  try {
    await writeThemeFiles(fresh, ROOT);
    for (const file of [TYPES_FILE, MANIFEST_FILE]) {
      expect(readFileSync(join(ROOT, 'dist', file), 'utf8'), file).toBe(readFileSync(join(fresh, file), 'utf8'));
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
});

test('a theme project with the package in node_modules type-checks against the built dist/', () => {
  // node_modules/storefront-widgets is this repository: its package.json `exports` and `types` resolve.
  const dir = mkdtempSync(join(tmpdir(), 'theme-project-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'storefront-widgets'), 'dir');
    for (const file of ['tsconfig.json', 'theme.ts'])
      copyFileSync(join(ROOT, 'testing/theme-project', file), join(dir, file));
    writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
