import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks } from './doc-links';

const ROOT = join(import.meta.dirname, '..');
const temporary: string[] = [];

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('links of README.md and docs/', () => {
  it('lead to files that exist and to headings those files have', () => {
    expect(brokenLinks(ROOT)).toEqual([]);
  });
});

describe('the link checker', () => {
  it('names anchors as GitHub does: code kept, punctuation dropped, repeats numbered', () => {
    const anchors = anchorsOf('# `<store-cart-pill>`\n\n## Types and custom-elements.json\n\n## Events\n\n## Events\n');
    expect([...anchors]).toEqual(['store-cart-pill', 'types-and-custom-elementsjson', 'events', 'events-1']);
  });

  it('finds a missing file, a missing anchor, and ignores web addresses and code', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    temporary.push(root);
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'a.md'), '# A page\n\n## Same name\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '[ok](docs/a.md#a-page) [ok too](docs/a.md#same-name) [here](#top) [web](https://example.com/x.md#nope)',
        '',
        '# Top',
        '',
        '[gone](docs/b.md) [bad anchor](docs/a.md#other)',
        '',
        '```md',
        '[in code](docs/c.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(root)).toEqual([
      { file: 'README.md', line: 5, href: 'docs/b.md', problem: 'docs/b.md does not exist' },
      { file: 'README.md', line: 5, href: 'docs/a.md#other', problem: 'docs/a.md has no heading for #other' },
    ]);
  });
});
