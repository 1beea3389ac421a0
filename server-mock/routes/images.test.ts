import { describe, expect, it } from 'vitest';
import { getProduct, listProducts } from '../store/catalog';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';

const store = storePerTest();

describe('product images', () => {
  it('lists the images of a product, with the main image of each variant', () => {
    const shirt = getProduct(store.db, 'prod-linen-shirt');
    expect(shirt?.images).toEqual([
      {
        id: 'img-linen-shirt-sand',
        url: '/img/img-linen-shirt-sand.svg',
        width: 1200,
        height: 1500,
        alt: 'Linen shirt in sand, laid flat',
      },
      {
        id: 'img-linen-shirt-indigo',
        url: '/img/img-linen-shirt-indigo.svg',
        width: 1200,
        height: 1500,
        alt: 'Linen shirt in indigo, laid flat',
      },
    ]);
    expect(Object.fromEntries(shirt?.variants.map((v) => [v.sku, v.mainImageId]) ?? [])).toEqual({
      'LS-S-SAND': 'img-linen-shirt-sand',
      'LS-S-INDIGO': 'img-linen-shirt-indigo',
      'LS-M-SAND': 'img-linen-shirt-sand',
      'LS-M-INDIGO': 'img-linen-shirt-indigo',
      'LS-L-SAND': 'img-linen-shirt-sand',
    });
    expect(getProduct(store.db, 'prod-coffee-club')?.variants.map((v) => v.mainImageId)).toEqual([null, null]);
  });

  it('gives every product at least one image, all images of a product one size, as listProducts and getProduct agree', () => {
    const products = listProducts(store.db);
    expect(products).toHaveLength(48);
    for (const product of products) {
      expect(product.images.length).toBeGreaterThan(0);
      expect(new Set(product.images.map((i) => `${i.width}x${i.height}`)).size).toBe(1);
      for (const v of product.variants) {
        if (v.mainImageId !== null) expect(product.images.map((i) => i.id)).toContain(v.mainImageId);
      }
      expect(getProduct(store.db, product.id)).toEqual(product);
    }
    expect(products.find((p) => p.slug === 'walnut-writing-desk')?.variants).toEqual([
      expect.objectContaining({ sku: 'DESK-WALNUT', priceCents: 240000, qtyInStock: 3, unlimited: false }),
    ]);
  });

  const sizeOf = (svg: string) => /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg)?.slice(1).map(Number);

  it('draws an image at its original size, or at each of the service widths', async () => {
    const original = await store.app.request('/img/img-linen-shirt-sand.svg');
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await original.text();
    expect(sizeOf(svg)).toEqual([1200, 1500]);
    expect(svg).toContain('fill="#d8c3a0"');
    expect(svg).toContain('>Linen Shirt · Sand</text>');
    const expected: Record<number, number> = {
      100: 125,
      300: 375,
      500: 625,
      750: 938,
      1000: 1250,
      1500: 1875,
      2500: 3125,
    };
    for (const [width, height] of Object.entries(expected)) {
      const response = await store.app.request(`/img/img-linen-shirt-sand.svg?format=${width}w`);
      expect(response.status).toBe(200);
      expect(sizeOf(await response.text())).toEqual([Number(width), height]);
    }
  });

  it('answers a matching If-None-Match with 304 and a changed image with another ETag', async () => {
    const first = await store.app.request('/img/img-ceramic-mug.svg?format=300w');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await store.app.request('/img/img-ceramic-mug.svg?format=300w', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const wider = await store.app.request('/img/img-ceramic-mug.svg?format=500w');
    expect(wider.headers.get('etag')).not.toBe(etag);
  });

  it.each(['500', '400w', '0w', 'w', '500W', '500w ', '-100w', '1e3w', '02500w', '0100w', ''])(
    'refuses format=%s with 400',
    async (format) => {
      const response = await store.app.request(`/img/img-ceramic-mug.svg?format=${encodeURIComponent(format)}`);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe('format must be one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w.');
    },
  );

  it('answers an unknown image with 404', async () => {
    for (const path of ['/img/nope.svg', '/img/img-ceramic-mug.png', '/img/img-ceramic-mug', '/img/..%2Fstore.svg']) {
      const response = await store.app.request(path);
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe('This image does not exist.');
    }
  });

  it('escapes the label and alt text and refuses a colour that is not #rrggbb', async () => {
    store.db
      .prepare("UPDATE product_images SET label = ?, alt = ?, color = ? WHERE id = 'img-ceramic-mug'")
      .run('</text><script>alert(1)</script> & "Mug"', '" onload="alert(2)', 'red" onload="alert(3)');
    const svg = await (await store.app.request('/img/img-ceramic-mug.svg')).text();
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('" onload');
    expect(svg).toContain('&#60;/text&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Mug&#34;</text>');
    expect(svg).toContain('fill="#cccccc"');
    expect(svg.match(/<text /g)).toHaveLength(1);
  });
});
