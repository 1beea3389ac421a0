/**
 * The bytes a page loads before it is interactive, computed from a build alone: the loader, and for
 * each tag and platform markup the page holds, the chunks the build's preload manifest lists (the
 * chunk that defines it and every chunk it imports statically, transitively). Tags that wait for the
 * viewport or for the interactive mark are not in the manifest's eager lists, and neither is code
 * loaded on first use. e2e/page-weight.spec.ts checks that Chromium fetches exactly these.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createApp } from '../server-mock/app';
import { chunksForPage, type PreloadManifest } from '../server-mock/pages/module-preloads';
import { openStore } from '../server-mock/store/open-store';

/** The two builds: the React one in dist/, the lite one (Preact) in dist/lite/. */
export const BUILDS = [
  { name: 'React', dir: 'dist' },
  { name: 'lite', dir: 'dist/lite' },
] as const;

/** The goals of the pages before their interactive mark, gzip -9 bytes (KB = 1000 bytes). */
export const PAGE_GOALS = {
  /** The React build: everything but the UI library's chunk (`react`). */
  reactBeyondUiLibrary: 20_000,
  /** The lite build: everything. */
  liteAll: 30_000,
  /** The loader alone, either build. */
  loader: 4_000,
};

/** The name of a built file without its hash: `chunks/react-AbC123.js` -> `react`, `storefront.js` -> `storefront.js`. */
export function chunkName(file: string): string {
  const match = /(?:^|\/)chunks\/(.+)-[\w-]{8}\.js$/.exec(file);
  return match?.[1] ?? file.replace(/^.*\//, '');
}

export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** One script of a build: its file (relative to the build's folder), its name and its gzip -9 bytes. */
export interface BuiltScript {
  file: string;
  name: string;
  gzip: number;
}

/** Every script of a build: the loader and each chunk (two chunks may share a name). */
export function buildScripts(dir: string): BuiltScript[] {
  const files = [
    'storefront.js',
    ...readdirSync(join(dir, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `chunks/${f}`),
  ];
  return files.map((file) => ({ file, name: chunkName(file), gzip: gzipBytes(join(dir, file)) }));
}

/** README's example: the tags and script a theme developer copies onto a product page of any site. */
export function readmeSnippet(readme: string): string {
  const example = readme.slice(readme.indexOf('## Example'));
  const match = /```html\n([\s\S]*?)```/.exec(example);
  if (!match?.[1]) throw new Error('README.md: no html block under "## Example"');
  return match[1];
}

/** A page, as the budget counts it: its HTML, from server-mock or given. */
export interface BudgetPage {
  name: string;
  html: string;
}

/** The store's product, cart and shop pages as server-mock renders them, and a theme page with README's snippet. */
export async function budgetPages(dir: string, readme: string): Promise<BudgetPage[]> {
  const app = createApp({ db: openStore(':memory:'), distDir: dir });
  const pages: BudgetPage[] = [];
  for (const [name, path] of [
    ['product page', '/shop/p/linen-shirt'],
    ['cart page', '/cart'],
    ['shop page', '/shop'],
  ] as const) {
    const response = await app.request(path);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    pages.push({ name, html: await response.text() });
  }
  pages.push({ name: 'theme page (README)', html: readmeSnippet(readme) });
  return pages;
}

/** What a page loads before its interactive mark in one build: each script's name and gzip bytes. */
export interface PageLoad {
  page: string;
  scripts: { name: string; gzip: number }[];
  /** All of them. */
  all: number;
  /** All but the UI library's chunk (`react`). */
  beyondUiLibrary: number;
}

export function pageLoad(dir: string, page: BudgetPage, scripts = buildScripts(dir)): PageLoad {
  const manifest = JSON.parse(readFileSync(join(dir, 'preload-manifest.json'), 'utf8')) as PreloadManifest;
  const files = ['storefront.js', ...chunksForPage(page.html, manifest)];
  const loaded = files.map((file) => {
    const script = scripts.find((s) => s.file === file);
    if (!script) throw new Error(`${dir}: the manifest names ${file}, which the build does not have`);
    return { name: script.name, gzip: script.gzip };
  });
  const all = loaded.reduce((sum, s) => sum + s.gzip, 0);
  const library = loaded.find((s) => s.name === 'react')?.gzip ?? 0;
  return { page: page.name, scripts: loaded, all, beyondUiLibrary: all - library };
}

/** One row of the budget tables of docs/benchmarks.md: a script's or a page's name and its budgets per build. */
export interface Budget {
  name: string;
  React: number;
  lite: number;
}

export const BUDGETS_START = '<!-- budgets: checked by bench/page-budgets.test.ts -->';
export const BUDGETS_END = '<!-- /budgets -->';

/**
 * The budget tables of docs/benchmarks.md, by name: rows `| \`name\` | … | React KB | lite KB |`
 * (a script: what it weighs itself; a page: what it loads before its interactive mark).
 */
export function readBudgets(doc: string): Map<string, Budget> {
  const start = doc.indexOf(BUDGETS_START);
  const end = doc.indexOf(BUDGETS_END);
  if (start < 0 || end < start)
    throw new Error(`docs/benchmarks.md: no tables between ${BUDGETS_START} and ${BUDGETS_END}`);
  const budgets = new Map<string, Budget>();
  for (const line of doc.slice(start, end).split('\n')) {
    const cells = line
      .split('|')
      .map((cell) => cell.trim())
      .slice(1, -1);
    const name = /^`([^`]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!name) continue;
    const kb = (cell: string | undefined) => Math.round(Number(cell?.replace(/\s*KB$/, '')) * 1000);
    budgets.set(name, { name, React: kb(cells.at(-2)), lite: kb(cells.at(-1)) });
  }
  return budgets;
}
