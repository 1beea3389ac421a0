import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { citationProblems, citationsOf, REQUIREMENTS } from './spec-citations';

const ROOT = join(import.meta.dirname, '..');
const temporary: string[] = [];

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A repository of the given files (path -> text) in a temporary folder. */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'spec-citations-'));
  temporary.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A requirements page with a heading for every section, the given lines under the first heading. */
function requirements(storefront1 = ''): string {
  const heading = (spec: string, n: number) => `## <a id="${spec}-${n}"></a>${spec} ${n}\n`;
  return [
    heading('storefront', 1) + storefront1,
    ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => heading('storefront', n)),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => heading('platform', n)),
  ].join('\n');
}

describe('spec citations of the repository', () => {
  it(`each lead to a heading of ${REQUIREMENTS} that lists the citing file`, () => {
    expect(citationProblems(ROOT)).toEqual([]);
  });
});

describe('the citation checker', () => {
  it('reads single sections, lists and ranges across comment lines, by the spec named last', () => {
    const text = [
      '/** Cart (storefront spec, section 7; platform spec,',
      ' * sections 3 and 5), the pill (shopper spec, sections 2, 4-5). */',
      '// As the spec says (section 9).',
    ].join('\n');
    expect(citationsOf('a.ts', text).map(({ line, anchor }) => [line, anchor])).toEqual([
      [1, 'storefront-7'],
      [2, 'platform-3'],
      [2, 'platform-5'],
      [2, 'storefront-2'],
      [2, 'storefront-4'],
      [2, 'storefront-5'],
      [3, 'storefront-9'],
    ]);
  });

  it('finds a citation without a spec or a heading, an unlisted citing file, a listed file gone and a section without a heading', () => {
    const root = repository({
      [REQUIREMENTS]: requirements('Code: `src/cart.ts`, `src/gone.ts`, `src/pill/`.\n').replace(
        '## <a id="platform-9"></a>platform 9\n',
        '',
      ),
      'src/cart.ts': '/** The cart (storefront spec, section 1). */',
      'src/pill/pill.ts': '/** The pill (storefront spec, section 1). */',
      'src/bare.ts': '/** Bare (spec, section 1). */',
      'src/other.ts': '// Other (storefront spec, sections 1 and 12).',
      'docs/page.md': 'A page (platform spec, section 2) need not be listed.',
    });
    const files = ['src/cart.ts', 'src/pill/pill.ts', 'src/bare.ts', 'src/other.ts', 'docs/page.md'];
    expect(citationProblems(root, files)).toEqual([
      { file: REQUIREMENTS, line: 1, problem: 'has no heading <a id="platform-9"> (platform spec, section 9)' },
      { file: REQUIREMENTS, line: 1, problem: '#storefront-1 lists src/gone.ts, which does not exist' },
      {
        file: 'src/bare.ts',
        line: 1,
        problem: '"section 1" names no spec: write "storefront spec, section 1" or "platform spec, section 1"',
      },
      {
        file: 'src/other.ts',
        line: 1,
        problem: `cites storefront-1, but ${REQUIREMENTS}#storefront-1 does not list src/other.ts`,
      },
      {
        file: 'src/other.ts',
        line: 1,
        problem: `"sections 1 and 12" cites storefront-12, which ${REQUIREMENTS} has no heading for`,
      },
    ]);
  });
});
