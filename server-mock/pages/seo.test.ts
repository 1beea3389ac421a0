import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { okBody, storePerTest } from '../testing/test-store';
import { sitemapPaths } from '../testing/sitemap-paths';
import { jsonForHtml } from '../../contract/json-in-html';
import { metaDescription } from './seo';

const store = storePerTest();

/** The JSON-LD of a rendered page, parsed. */
function structuredData(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, any>,
  );
}

/**
 * Type-checks each value as `WithContext<Product>` of schema-dts, the schema.org vocabulary as
 * TypeScript types (an unknown property, a wrong type or a value of the wrong kind is an error),
 * all in one program. Answers the errors of each value.
 */
function schemaOrgErrors(values: unknown[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'json-ld-'));
  try {
    const files = values.map((value, i) => {
      const file = join(dir, `check${i}.ts`);
      writeFileSync(
        file,
        `import type { Product, WithContext } from 'schema-dts';\nexport const data: WithContext<Product> = ${JSON.stringify(value, null, 2)};\n`,
      );
      return file;
    });
    const program = ts.createProgram({
      rootNames: files,
      options: {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        types: [],
        paths: { 'schema-dts': [join(process.cwd(), 'node_modules/schema-dts/dist/schema.d.ts')] },
      },
    });
    return files.map((file) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('JSON in HTML', () => {
  it('escapes <, >, &, U+2028 and U+2029 and stays the same JSON', () => {
    const value = { text: '</script><!-- a & b \u2028 \u2029 >' };
    const text = jsonForHtml(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e\\u003c!-- a \\u0026 b \\u2028 \\u2029 \\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('meta descriptions', () => {
  it('are plain text of at most 160 characters, cut at a word', () => {
    expect(metaDescription('<p>Tea &amp; <b>cake</b></p>')).toBe('Tea & cake');
    const long = metaDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});

describe("a product page's structured data", () => {
  it('is a schema.org Product with one Offer per variant, valid against the vocabulary', async () => {
    const html = await (await store.visitor().call('GET', '/shop/p/linen-shirt')).text();
    const [product, ...others] = structuredData(html);
    expect(others).toEqual([]);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Linen Shirt',
      url: 'http://localhost:4173/shop/p/linen-shirt',
      brand: { '@type': 'Brand', name: 'Field & Forge' },
    });
    const skus = store.db
      .prepare(
        "SELECT sku, qty_in_stock, unlimited, price_cents FROM variants WHERE product_id = 'prod-linen-shirt' ORDER BY position",
      )
      .all() as { sku: string; qty_in_stock: number; unlimited: number; price_cents: number }[];
    expect(product?.offers).toEqual(
      skus.map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        name: expect.stringMatching(/^Linen Shirt \(Size: .+, Color: .+\)$/),
        price: (v.price_cents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability:
          v.qty_in_stock > 0 || v.unlimited ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: 'http://localhost:4173/shop/p/linen-shirt',
      })),
    );
    expect(product?.offers.some((o: { availability: string }) => o.availability.endsWith('OutOfStock'))).toBe(true);
    // One program checks the page's data and two that are not schema.org, so the check is seen to bite.
    const [valid, unknownProperty, wrongKind] = schemaOrgErrors([
      product,
      { '@context': 'https://schema.org', '@type': 'Product', name: 'x', colour: 'red' },
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'x',
        offers: { '@type': 'Offer', price: { amount: 1 } },
      },
    ]);
    expect(valid).toEqual([]);
    expect(unknownProperty).not.toEqual([]);
    expect(wrongKind).not.toEqual([]);
  }, 60_000);

  it('a digital product is always in stock, and every product page carries its own', async () => {
    for (const product of store.db.prepare('SELECT slug, product_type FROM products LIMIT 8').all() as {
      slug: string;
      product_type: number;
    }[]) {
      const html = await (await store.visitor().call('GET', `/shop/p/${product.slug}`)).text();
      const [data] = structuredData(html);
      expect(data?.url, product.slug).toBe(`http://localhost:4173/shop/p/${product.slug}`);
      if (product.product_type === 2 || product.product_type === 4) {
        expect(
          data?.offers.every((o: { availability: string }) => o.availability === 'https://schema.org/InStock'),
        ).toBe(true);
      }
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists only pages that answer 200', async () => {
    const v = store.visitor();
    const paths = sitemapPaths(await okBody(v, '/sitemap.xml', /^application\/xml/));
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect((await v.call('GET', path)).status, path).toBe(200);
  });

  it('the sitemap lists the public pages, every product and journal post, on the public origin', async () => {
    const xml = await okBody(store.visitor(), '/sitemap.xml', /^application\/xml/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const products = store.db.prepare('SELECT slug FROM products').all() as { slug: string }[];
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://localhost:4173/',
        'http://localhost:4173/shop',
        'http://localhost:4173/journal/winter-market',
        'http://localhost:4173/contact',
      ]),
    );
    for (const { slug } of products) expect(locs).toContain(`http://localhost:4173/shop/p/${slug}`);
    expect(locs.some((l) => /\/(config|cart|checkout|qa)\b/.test(l ?? ''))).toBe(false);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
  });

  it('robots.txt keeps crawlers out of the owner area, calls and checkouts, and names the sitemap', async () => {
    const text = await (await store.visitor().call('GET', '/robots.txt')).text();
    expect(text).toBe(
      'User-agent: *\nDisallow: /config\nDisallow: /settings/billing\nDisallow: /api/\nDisallow: /qa/\nDisallow: /checkout\nDisallow: /commerce/\nDisallow: /account\n\nSitemap: http://localhost:4173/sitemap.xml\n',
    );
  });
});
