import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { PRODUCTS_PER_PAGE } from '../pages/listing-views';

const store = storePerTest();

/** Adds `n` products of one variant each after the demo's, every third named "Blue …". */
function addProducts(n: number): void {
  const product = store.db.prepare(
    'INSERT INTO products (id, slug, name, product_type, position) VALUES (?, ?, ?, 1, 1000 + ?)',
  );
  const variant = store.db.prepare(
    'INSERT INTO variants (sku, product_id, price_cents, qty_in_stock, position) VALUES (?, ?, 100, 5, 0)',
  );
  store.db.transaction(() => {
    for (let i = 0; i < n; i++) {
      product.run(`prod-extra-${i}`, `extra-${i}`, `${i % 3 === 0 ? 'Blue' : 'Plain'} extra ${i}`, i);
      variant.run(`EXTRA-${i}`, `prod-extra-${i}`);
    }
  })();
}

interface Read {
  status: number;
  html: string;
  titles: string[];
  next: string | null;
  prev: string | null;
}

async function read(path: string): Promise<Read> {
  const response = await store.app.request(path);
  const html = await response.text();
  const link = (rel: string) =>
    new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
  const titles = [...html.matchAll(/<li class="card">\s*(?:<div[^>]*><\/div>\s*)?<h2><a href="[^"]+">([^<]+)</g)].map(
    (m) => m[1] as string,
  );
  return { status: response.status, html, titles, next: link('next'), prev: link('prev') };
}

/** Every page from `path` on, following the next links. */
async function walk(path: string): Promise<Read[]> {
  const pages = [await read(path)];
  for (let page = pages[0]; page?.next;) pages.push((page = await read(page.next)));
  return pages;
}

describe('shop and search pages', () => {
  it('show the 48 demo products on one page with no page links', async () => {
    const shop = await read('/shop');
    expect(shop.titles).toHaveLength(48);
    expect(shop.html).toContain('48 products');
    expect(shop.html).not.toContain('class="pager"');
  });

  it(`page the shop ${PRODUCTS_PER_PAGE} products at a time, with links both ways a crawler follows`, async () => {
    addProducts(450);
    const pages = await walk('/shop');
    expect(pages.map((p) => p.titles.length)).toEqual([200, 200, 98]);
    expect(pages.every((p) => p.status === 200 && p.html.includes('498 products'))).toBe(true);
    const all = pages.flatMap((p) => p.titles);
    expect(new Set(all).size).toBe(498);
    expect(all.at(-1)).toBe('Plain extra 449');
    expect(pages[0]?.prev).toBeNull();
    expect(pages[2]?.next).toBeNull();
    const back = await read(pages[2]?.prev ?? '');
    expect(back.titles).toEqual(pages[1]?.titles);
    expect(back.prev).toBe('/shop');

    // A product added while someone pages lands at the end: the pages already read stay as they were.
    store.db
      .prepare(
        "INSERT INTO products (id, slug, name, product_type, position) VALUES ('prod-late', 'late', 'Late', 1, 9e6)",
      )
      .run();
    expect((await read(pages[0]?.next ?? '')).titles).toEqual(pages[1]?.titles);
  });

  it('page search results the same way, keeping the query in the links', async () => {
    addProducts(900);
    const pages = await walk('/search?q=blue+EXTRA');
    expect(pages.map((p) => p.titles.length)).toEqual([200, 100]);
    expect(pages[0]?.html).toContain('Results for “blue EXTRA”: 300');
    expect(pages[0]?.next).toMatch(/^\/search\?q=blue\+EXTRA&after=/);
    expect(pages.flatMap((p) => p.titles).every((t) => t.startsWith('Blue extra'))).toBe(true);
    expect((await read(pages[1]?.prev ?? '')).titles).toEqual(pages[0]?.titles);
  });

  it('answer a made-up or mangled cursor with 400, the message and the first page', async () => {
    for (const path of ['/shop?after=bm9wZQ', '/shop?before=!!', '/search?q=linen&after=cHJvZHVjdHM6eA']) {
      const page = await read(path);
      expect(page.status, path).toBe(400);
      expect(page.html).toContain('This page cursor is not valid. Start again from the first page.');
      expect(page.titles.length).toBeGreaterThan(0);
    }
  });
});
