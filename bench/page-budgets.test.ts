import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGETS_END,
  BUDGETS_START,
  BUILDS,
  budgetPages,
  buildScripts,
  chunkName,
  pageLoad,
  readBudgets,
  readmeSnippet,
  type BudgetPage,
} from './page-budgets';

const ROOT = join(import.meta.dirname, '..');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const budgets = readBudgets(readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8'));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PAGES = ['product page', 'cart page', 'shop page', 'theme page (README)'];

describe('the page budget helpers', () => {
  it('name a chunk without its hash', () => {
    expect(chunkName('chunks/add-to-cart-shared-WrOeErit.js')).toBe('add-to-cart-shared');
    expect(chunkName('chunks/reviews.element-IAWWq_x1.js')).toBe('reviews.element');
    expect(chunkName('storefront.js')).toBe('storefront.js');
  });

  it("take README's example as the theme page", () => {
    const snippet = readmeSnippet(readme);
    expect(snippet).toContain('<store-add-to-cart');
    expect(snippet).toContain('storefront.js');
  });

  it('read the budget tables by name, in KB of 1000 bytes, the last two cells', () => {
    const doc = [
      BUDGETS_START,
      '| script | loads | React build | lite build |',
      '| --- | --- | --- | --- |',
      '| `runtime` | before interactive | 10.5 KB | 10.4 KB |',
      '',
      '| page | React build | lite build |',
      '| --- | --- | --- |',
      '| `cart page` | 19.0 KB | 29.0 KB |',
      BUDGETS_END,
    ].join('\n');
    expect([...readBudgets(doc).values()]).toEqual([
      { name: 'runtime', React: 10_500, lite: 10_400 },
      { name: 'cart page', React: 19_000, lite: 29_000 },
    ]);
  });
});

for (const build of BUILDS) {
  const dir = join(ROOT, build.dir);
  describe(`the ${build.name} build (${build.dir}/)`, () => {
    let pages: BudgetPage[] = [];
    beforeAll(async () => {
      if (!existsSync(join(dir, 'preload-manifest.json'))) {
        throw new Error(
          `no build in ${build.dir}/: run \`npm run build\` first (npm test builds before the unit tests)`,
        );
      }
      pages = await budgetPages(dir, readme);
    });

    it('keeps every script within its budget in docs/benchmarks.md', () => {
      const over: string[] = [];
      for (const { name, file, gzip } of buildScripts(dir)) {
        const budget = budgets.get(name)?.[build.name];
        if (budget === undefined) over.push(`${file}: ${kb(gzip)}, no budget in docs/benchmarks.md`);
        else if (gzip > budget) over.push(`${file}: ${kb(gzip)} over the budget of \`${name}\`, ${kb(budget)}`);
      }
      expect(over).toEqual([]);
    });

    const what = build.name === 'React' ? "beyond the UI library's chunk" : 'all of it';
    it(`keeps what each page loads before its interactive mark within its budget, ${what}`, () => {
      expect(pages.map((p) => p.name)).toEqual(PAGES);
      const scripts = buildScripts(dir);
      const over = pages
        .map((page) => pageLoad(dir, page, scripts))
        .map((load) => ({ load, bytes: build.name === 'React' ? load.beyondUiLibrary : load.all }))
        .filter(({ load, bytes }) => bytes > (budgets.get(load.page)?.[build.name] ?? 0))
        .map(
          ({ load, bytes }) =>
            `${load.page}: ${kb(bytes)} (${load.scripts.map((s) => `${s.name} ${kb(s.gzip)}`).join(', ')})`,
        );
      expect(over).toEqual([]);
    });
  });
}

it('lists no script or page in the budget tables that neither build has', () => {
  const names = new Set([
    ...PAGES,
    ...BUILDS.flatMap((build) => buildScripts(join(ROOT, build.dir)).map((s) => s.name)),
  ]);
  expect([...budgets.keys()].filter((name) => !names.has(name))).toEqual([]);
});
