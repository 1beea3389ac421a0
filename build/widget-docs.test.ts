import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifest, scanDefinitions, type Scan } from './types-generator.mjs';
import { orphanPages, pageFile, PROSE_END, PROSE_START, proseOf, widgetPage, widgetPages } from './widget-docs.mjs';

const ROOT = join(import.meta.dirname, '..');
let scan: Scan;
let pages: Map<string, string>;

beforeAll(async () => {
  scan = scanDefinitions(ROOT);
  pages = await widgetPages(ROOT, scan);
}, 60_000);

describe('docs/widgets/', () => {
  it('has every tag page as the element definitions make it (run `npm run docs:widgets` to update)', () => {
    expect(pages.size).toBe(scan.elements.length);
    for (const [file, text] of pages) expect(readFileSync(join(ROOT, file), 'utf8'), file).toBe(text);
  });

  it('keeps no generated page of a tag that is gone', () => {
    expect(orphanPages(pages, ROOT)).toEqual([]);
  });

  it("links every tag's page from its index", () => {
    const index = readFileSync(join(ROOT, 'docs', 'widgets', 'README.md'), 'utf8');
    for (const element of scan.elements) expect(index, element.tag).toContain(`](${pageFile(element.tag)})`);
  });
});

describe('a widget page', () => {
  it('states the facts of the manifest and the strings, and keeps the prose as written', () => {
    const element = scan.elements.find((e) => e.tag === 'store-add-to-cart');
    const declaration = manifest(scan).modules[0]?.declarations.find((d) => d.tagName === 'store-add-to-cart');
    if (!element || !declaration) throw new Error('no <store-add-to-cart>');
    const page = widgetPage(declaration, element, 'Hand-written | prose.');
    expect(proseOf(page)).toBe('Hand-written | prose.');
    expect(page).toContain(`${PROSE_START}\n\nHand-written | prose.\n\n${PROSE_END}`);
    expect(page).toContain('| `data-item-id` | string |');
    expect(page).toContain('| `store-item-added` |');
    expect(page).toContain('| `--store-accent-color` |');
    expect(page).toContain('| `.store-add-to-cart__button` |');
    expect(page).toContain('| `addToCart.button` | `Add To Cart` |');
  });

  it('has no prose when it has no markers', () => {
    expect(proseOf('# A page\n\nText.')).toBe('');
  });
});
