import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getProduct, listProducts } from './store/catalog';
import { openStore } from './store/open-store';
import { encodeCursor, INVALID_CURSOR } from './store/page-cursor';
import { addReview } from './store/reviews';
import { commerceSettings, COMMERCE_SETTINGS_KEY, getSetting, setSetting, websiteSettings } from './store/settings';
import { storePerTest } from './testing/test-store';
import { json } from './testing/visitor';

const store = storePerTest();

const reviewsOf = (productId: string, cursor?: string) =>
  store.app.request(
    `/api/commerce/products/${encodeURIComponent(productId)}/reviews${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
  );

describe('commerce settings', () => {
  it('reads the demo store settings, also through websiteSettings', () => {
    const expected = {
      minimumSubtotalCents: 2000,
      taxRatePercent: 8,
      flatShippingCents: 700,
      installments: {
        afterPayMinCents: 3500,
        afterPayMaxCents: 200000,
        stripeAccountCountry: 'US',
        shopperLanguage: 'en',
      },
      reviews: { nativeReviewsEnabled: true, importedReviewsEnabled: false },
      featureFlags: [],
    };
    expect(commerceSettings(store.db)).toEqual(expected);
    expect(websiteSettings(store.db).commerceSettings).toEqual(expected);
  });

  const DEFAULTS = {
    minimumSubtotalCents: null,
    taxRatePercent: 0,
    flatShippingCents: 0,
    installments: null,
    reviews: { nativeReviewsEnabled: false, importedReviewsEnabled: false },
    featureFlags: [],
  };

  it.each([
    ['unset', null],
    ['not JSON', '{oops'],
    ['a list', '[1]'],
    [
      'of the wrong types',
      JSON.stringify({
        minimumSubtotalCents: '2000',
        taxRatePercent: -5,
        flatShippingCents: 7.5,
        installments: {
          afterPayMinCents: 5000,
          afterPayMaxCents: 100,
          stripeAccountCountry: 'US',
          shopperLanguage: 'en',
        },
        reviews: { nativeReviewsEnabled: 'yes' },
        featureFlags: 'reviews-kill-switch',
      }),
    ],
  ])('falls back to safe defaults when the setting is %s', (_name, value) => {
    if (value === null) store.db.prepare('DELETE FROM settings WHERE key = ?').run(COMMERCE_SETTINGS_KEY);
    else setSetting(store.db, COMMERCE_SETTINGS_KEY, value);
    expect(commerceSettings(store.db)).toEqual(DEFAULTS);
  });

  it('keeps only the text flags', () => {
    setSetting(store.db, COMMERCE_SETTINGS_KEY, JSON.stringify({ featureFlags: ['reviews-kill-switch', 3, null] }));
    expect(commerceSettings(store.db).featureFlags).toEqual(['reviews-kill-switch']);
  });
});

describe('product reviews', () => {
  it('pages the linen shirt reviews newest first, five at a time, with the average over all', async () => {
    const seen: { id: string; createdOn: number }[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const response = await reviewsOf('prod-linen-shirt', cursor);
      expect(response.status).toBe(200);
      const page = await json(response);
      expect(page.averageRating).toBe(4.3); // 51 stars / 12
      expect(page.reviewCount).toBe(12);
      pages.push(page.reviews.length);
      seen.push(...page.reviews);
      expect(page.nextPageCursor === null).toBe(!page.hasNextPage);
      cursor = page.hasNextPage ? (page.nextPageCursor as string) : undefined;
    } while (cursor);
    expect(pages).toEqual([5, 5, 2]);
    expect(seen[0]).toEqual({
      id: 'rev-linen-shirt-12',
      authorName: 'Eva T.',
      rating: 4,
      title: 'Comfortable',
      body: 'Very comfortable. I wish it had a chest pocket.',
      createdOn: Date.parse('2025-08-09T13:35:00Z'),
    });
    expect(new Set(seen.map((r) => r.id)).size).toBe(12);
    const dates = seen.map((r) => r.createdOn);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('takes the page size from the app options', async () => {
    store.reopen({ reviewsPageSize: 2 });
    const page = await json(await reviewsOf('prod-field-guide'));
    expect(page.reviews.map((r: { id: string }) => r.id)).toEqual(['rev-field-guide-03', 'rev-field-guide-02']);
    expect(page.hasNextPage).toBe(true);
    const next = await json(await reviewsOf('prod-field-guide', page.nextPageCursor));
    expect(next.reviews.map((r: { id: string }) => r.id)).toEqual(['rev-field-guide-01']);
    expect(next).toMatchObject({ hasNextPage: false, nextPageCursor: null, averageRating: 4.7, reviewCount: 3 });
  });

  it('does not shift later pages when a review arrives while someone pages', async () => {
    const first = await json(await reviewsOf('prod-linen-shirt'));
    addReview(store.db, {
      id: 'rev-new',
      productId: 'prod-linen-shirt',
      authorName: 'New',
      rating: 1,
      title: 'Late',
      body: 'Arrived while paging.',
      createdOn: Date.now(),
    });
    const second = await json(await reviewsOf('prod-linen-shirt', first.nextPageCursor));
    expect(second.reviews[0].id).toBe('rev-linen-shirt-07');
    expect(second.reviewCount).toBe(13);
    expect((await json(await reviewsOf('prod-linen-shirt'))).reviews[0].id).toBe('rev-new');
  });

  it('answers a product without reviews with an average of 0, and rounds averages to one decimal', async () => {
    expect(await json(await reviewsOf('prod-ceramic-mug'))).toEqual({
      averageRating: 0,
      reviewCount: 0,
      reviews: [],
      hasNextPage: false,
      nextPageCursor: null,
    });
    [5, 4, 4].forEach((rating, i) =>
      addReview(store.db, {
        id: `mug-${i}`,
        productId: 'prod-ceramic-mug',
        authorName: 'A',
        rating,
        title: '',
        body: '',
        createdOn: i,
      }),
    );
    expect((await json(await reviewsOf('prod-ceramic-mug'))).averageRating).toBe(4.3);
  });

  it('refuses an unknown product with 404 and a bad cursor with 400', async () => {
    const unknown = await reviewsOf('nope');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: 'This product does not exist.' });
    for (const cursor of [
      'garbage!',
      'x'.repeat(100),
      encodeCursor('groups', 3),
      Buffer.from('reviews:').toString('base64url'),
    ]) {
      const response = await reviewsOf('prod-linen-shirt', cursor);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ message: INVALID_CURSOR });
    }
  });

  it('stores only ratings from 1 to 5', () => {
    const insert = store.db.prepare(
      "INSERT INTO product_reviews (id, product_id, author_name, rating, created) VALUES (?, 'prod-ceramic-mug', 'A', ?, 0)",
    );
    expect(() => insert.run('r0', 0)).toThrow(/CHECK/);
    expect(() => insert.run('r6', 6)).toThrow(/CHECK/);
    expect(() => insert.run('r5', 5)).not.toThrow();
  });
});

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

describe('installment info pages', () => {
  const info = (query: string) => store.app.request(`/api/commerce/installments/info${query}`);

  it.each([
    ['en', 'US', 'Afterpay', 'resident of the U.S.'],
    ['en', 'CA', 'Afterpay', 'resident of Canada'],
    ['en', 'AU', 'Afterpay', 'resident of Australia'],
    ['en', 'NZ', 'Afterpay', 'resident of New Zealand'],
    ['en', 'GB', 'Clearpay', 'resident of the UK'],
  ])('serves the English page for %s_%s (%s)', async (language, country, provider, terms) => {
    const response = await info(`?language=${language}&country=${country}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<h2>Pay in 4 interest-free payments with (Afterpay|Clearpay)<\/h2>/);
    expect(html).toContain(`with ${provider}</h2>`);
    expect(html).toContain(`Choose ${provider} at checkout.`);
    expect(html).not.toContain(provider === 'Clearpay' ? 'Afterpay' : 'Clearpay');
    expect(html).toContain('one every two weeks');
    expect(html.match(/<li>/g)).toHaveLength(4);
    expect(html).toContain(terms);
    expect(html).not.toMatch(/<html|<body|<script/i);
  });

  it('serves the French page for fr_CA', async () => {
    const html = await (await info('?language=fr&country=CA')).text();
    expect(html).toContain('<h2>Payez en 4 versements sans intérêt avec Afterpay</h2>');
    expect(html).toContain('toutes les deux semaines');
    expect(html).toContain('résider au Canada');
  });

  it('reads language and country in any case', async () => {
    expect((await info('?language=EN&country=gb')).status).toBe(200);
  });

  it.each([
    '?language=fr&country=US',
    '?language=en&country=FR',
    '?language=de&country=DE',
    '?language=en',
    '?country=US',
    '',
    '?language=en_US&country=US',
    '?language=en&country=US%3Cscript%3E',
    '?language=constructor&country=x',
    '?language=__proto__&country=US',
  ])('answers %s with a 404 JSON message that echoes nothing', async (query) => {
    const response = await info(query);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({
      message: 'There is no installment information for this language and country.',
    });
  });
});

describe('demo data in older database files', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it('adds the commerce settings, images, reviews and new demo products when they are missing', () => {
    dir = mkdtempSync(join(tmpdir(), 'store-seed-'));
    const file = join(dir, 'store.db');
    let old = openStore(file);
    old.exec(`
      DELETE FROM variant_images; DELETE FROM product_images; DELETE FROM product_reviews;
      DELETE FROM variants WHERE product_id = 'prod-walnut-writing-desk';
      DELETE FROM products WHERE id = 'prod-walnut-writing-desk';
      DELETE FROM settings WHERE key = 'commerce_settings';`);
    old.close();

    old = openStore(file);
    try {
      expect(commerceSettings(old).taxRatePercent).toBe(8);
      const products = listProducts(old);
      expect(products).toHaveLength(48);
      expect(products.at(-1)?.slug).toBe('walnut-writing-desk');
      expect(products.every((p) => p.images.length > 0)).toBe(true);
      expect(getProduct(old, 'prod-linen-shirt')?.variants[0]?.mainImageId).toBe('img-linen-shirt-sand');
      expect((old.prepare('SELECT COUNT(*) AS n FROM product_reviews').get() as { n: number }).n).toBe(21);

      // What is there stays as it is.
      setSetting(old, COMMERCE_SETTINGS_KEY, '{"taxRatePercent":5}');
      old.prepare("UPDATE product_images SET label = 'Mine' WHERE id = 'img-ceramic-mug'").run();
    } finally {
      old.close();
    }
    old = openStore(file);
    try {
      expect(getSetting(old, COMMERCE_SETTINGS_KEY)).toBe('{"taxRatePercent":5}');
      expect(
        (old.prepare("SELECT label FROM product_images WHERE id = 'img-ceramic-mug'").get() as { label: string }).label,
      ).toBe('Mine');
      expect(listProducts(old)).toHaveLength(48);
    } finally {
      old.close();
    }
  });
});
