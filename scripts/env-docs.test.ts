import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const CODE_FOLDERS = [
  'analytics',
  'bench',
  'build',
  'contract',
  'e2e',
  'runtime',
  'scripts',
  'server-mock',
  'storefront',
  'template',
  'testing',
  'widgets',
];

function codeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every environment variable the code reads from `process.env`, with the first file that reads it. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...CODE_FOLDERS.flatMap(codeFiles), 'rollup.config.mjs', 'playwright.config.ts', 'vitest.config.ts'];
  for (const file of files) {
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(
      // Members of process.env, of an environment passed in (env), and the names given to the *FromEnv readers.
      /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])|FromEnv\(['"]([A-Z][A-Z0-9_]*)['"]/g,
    )) {
      const name = (match[1] ?? match[2] ?? match[3]) as string;
      if (!found.has(name)) found.set(name, file);
    }
  }
  return found;
}

describe('docs/configuration.md', () => {
  it('names every environment variable the code reads', () => {
    const page = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(20);
    const missing = [...read]
      .filter(([name]) => !page.includes(`\`${name}\``))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
