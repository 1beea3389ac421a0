import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FOLDERS = ['contract', 'analytics', 'runtime', 'widgets', 'storefront', 'template', 'server-mock'];

/** Every source file (tests left out) of the folders that must read contract/'s tables rather than copy them. */
function sources(): { path: string; text: string }[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      // Generated files are written from the owners' constants, not copies of them.
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|fuzz\.test|generated)\.tsx?$/.test(file))
      .map((file) => join(ROOT, folder, file))
      .map((path) => ({ path: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') })),
  );
}

/** Written-out copies of values contract/enumerations.ts owns, as they were found once. */
const ENUMERATION_COPIES: [what: string, pattern: RegExp][] = [
  ['the source environments', /'dev',\s*'qa',\s*'staging',\s*'prod'/],
  ['the analytics event types', /'1',\s*'2',\s*'10',\s*'20',\s*'21'/],
  ['a second EventSource type', /\b(type|const|interface)\s+EventSource\b/],
  ['a site status code', /siteStatus\s*[!=]==?\s*\d/],
  ['a record type code', /\brecordType:\s*-?\d/],
  ['a product type code', /\bproductType:\s*\d/],
  ['a page-view event type in SQL', /event_type\s*=\s*\d/],
  ['a product type in a selector', /data-product-type="\d/],
  ['a page type code', /\bpageType\s*[!=]==?\s*\d/],
];

/** Written-out copies of other tables of contract/, with the file that owns each. */
const TABLE_COPIES: [what: string, pattern: RegExp, owner: string][] = [
  ['the image widths', /100,\s*300,\s*500,\s*750,\s*1000/, 'contract/product-images.ts'],
  ['the gallery designs', /slideshow\|slider|'slideshow',\s*'slider'/, 'contract/gallery-settings.ts'],
  ['the gallery meta positions', /top-left\|top-right|'top-left',\s*'top-right'/, 'contract/gallery-settings.ts'],
];

const COPIES: [what: string, pattern: RegExp, owner: string][] = [
  ...ENUMERATION_COPIES.map(([what, pattern]): [string, RegExp, string] => [what, pattern, 'contract/enumerations.ts']),
  ...TABLE_COPIES,
];

describe("contract/'s tables have one copy", () => {
  const files = sources();

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(COPIES)('no file but its owner writes out %s', (_, pattern, owner) => {
    expect(files.filter((f) => f.path !== owner && pattern.test(f.text)).map((f) => f.path)).toEqual([]);
  });
});
