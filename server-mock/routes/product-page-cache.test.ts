import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setSetting } from '../store/settings';
import { storePerTest } from '../testing/test-store';
import { OWNER } from '../testing/visitor';

const store = storePerTest();
const PAGE = '/shop/p/linen-shirt';

const FORM_KEYS = /name="formKey" value="([^"]*)"/g;

/**
 * The page's text (the visitor's crumb and the forms' one-time keys taken out), the nonce its
 * Content-Security-Policy names, and the forms' keys.
 */
async function page(path = PAGE, v = store.visitor()): Promise<{ html: string; nonce: string; keys: string[] }> {
  const response = await v.call('GET', path);
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
  const crumb = v.cookies.get('crumb') ?? '';
  const html = await response.text();
  // Each visitor's forms carry their own crumb (page-forms.test.ts checks it).
  expect(html).toContain(`name="crumb" value="${crumb}"`);
  const keys = [...html.matchAll(FORM_KEYS)].map((m) => m[1] ?? '');
  return { html: html.replaceAll(crumb, 'CRUMB').replace(FORM_KEYS, 'name="formKey" value="KEY"'), nonce, keys };
}

describe('kept product pages', () => {
  it('carry each response its own nonce, the one of its Content-Security-Policy', async () => {
    const first = await page();
    const second = await page();
    expect(first.nonce).not.toBe(second.nonce);
    for (const { html, nonce } of [first, second]) {
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html.match(/nonce="([^"]*)"/g)?.every((attr) => attr === `nonce="${nonce}"`)).toBe(true);
    }
    expect(first.html.replaceAll(first.nonce, '')).toBe(second.html.replaceAll(second.nonce, ''));
    // And its forms their own one-time key.
    expect(first.keys.length).toBeGreaterThan(0);
    for (const key of first.keys) expect(key).toMatch(/^[\w-]{22}$/);
    expect(first.keys.filter((key) => second.keys.includes(key))).toEqual([]);
  });

  it('follow changes to the product, its variants and the site settings', async () => {
    expect((await page()).html).toContain('Linen Shirt');
    store.db.prepare("UPDATE products SET name = 'Hemp Shirt' WHERE slug = 'linen-shirt'").run();
    const renamed = (await page()).html;
    expect(renamed).toContain('Hemp Shirt');
    expect(renamed).not.toContain('Linen Shirt');

    store.db.prepare('UPDATE variants SET price_cents = 12345 WHERE product_id = ?').run('prod-linen-shirt');
    expect((await page()).html).toContain('123.45');

    setSetting(store.db, 'site_title', 'Renamed Store');
    expect((await page()).html).toContain('Renamed Store');

    // A form no product uses leaves the page as it was.
    const forms = (await page()).html;
    store.db.prepare("INSERT INTO forms (id, definition) VALUES ('f-test', '{}')").run();
    expect((await page()).html.replace(/nonce="[^"]*"/g, '')).toBe(forms.replace(/nonce="[^"]*"/g, ''));
  });

  it('are kept apart for visitors and signed-in owners', async () => {
    const visitorPage = (await page()).html;
    const owner = store.visitor();
    expect((await owner.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const ownerPage = (await page(PAGE, owner)).html;
    expect(ownerPage).toMatch(/"account":\{"roles":\[/);
    expect(visitorPage).toContain('"account":null');
    expect((await page()).html).toContain('"account":null');
  });
});

describe('kept product pages with a bundle', () => {
  it('announce the chunks of their widgets with the nonce of each response, after a rebuild too', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kept-page-'));
    try {
      const manifest = (chunk: string) => ({ tags: {}, markup: { '.sqs-add-to-cart-button': [chunk] } });
      writeFileSync(join(dist, 'preload-manifest.json'), JSON.stringify(manifest('chunks/add-A.js')));
      store.reopen({ distDir: dist });
      for (let i = 0; i < 2; i++) {
        const { html, nonce } = await page();
        expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
          `<link rel="modulepreload" href="/chunks/add-A.js" nonce="${nonce}">`,
        ]);
      }
      writeFileSync(join(dist, 'preload-manifest.json'), JSON.stringify(manifest('chunks/add-B.js')));
      const later = Date.now() / 1000 + 5;
      utimesSync(join(dist, 'preload-manifest.json'), later, later);
      const { html, nonce } = await page();
      expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
        `<link rel="modulepreload" href="/chunks/add-B.js" nonce="${nonce}">`,
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
