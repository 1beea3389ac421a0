import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compressedCopies } from '../../build/precompress.mjs';
import { createApp } from '../app';
import { openStore } from '../store/open-store';
import { acceptsEncoding, assetRoutes } from './assets';

const dist = mkdtempSync(join(tmpdir(), 'dist-'));
const LOADER = 'export const loader = "storefront";'.repeat(20);
const CHUNK = 'export const chunk = "widget";'.repeat(20);

function writeScript(path: string, text: string): void {
  const bytes = Buffer.from(text);
  const copies = compressedCopies(bytes);
  writeFileSync(join(dist, path), bytes);
  writeFileSync(join(dist, `${path}.br`), copies.br);
  writeFileSync(join(dist, `${path}.gz`), copies.gz);
}

mkdirSync(join(dist, 'chunks'));
writeScript('storefront.js', LOADER);
writeScript('chunks/widget-Ab12.js', CHUNK);
writeFileSync(join(dist, 'template.js'), 'export {};'); // a build without compressed copies
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = assetRoutes(dist);
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('assets', () => {
  it('answers brotli when the browser takes it, gzip when only that, and plain bytes otherwise', async () => {
    const br = await get('/chunks/widget-Ab12.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(Buffer.from(await br.arrayBuffer())).toEqual(compressedCopies(Buffer.from(CHUNK)).br);

    const gzip = await get('/chunks/widget-Ab12.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');

    const plain = await get('/chunks/widget-Ab12.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(CHUNK);
    expect(plain.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
  });

  it('sends plain bytes when a file has no compressed copy', async () => {
    const response = await get('/template.js', { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.text()).toBe('export {};');
  });

  it('caches hashed chunks for good and makes the loader revalidate by its ETag', async () => {
    const chunk = await get('/chunks/widget-Ab12.js', { 'Accept-Encoding': 'br' });
    expect(chunk.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');

    const loader = await get('/storefront.js', { 'Accept-Encoding': 'br' });
    expect(loader.headers.get('Cache-Control')).toBe('no-cache');
    const etag = loader.headers.get('ETag');
    expect(etag).toMatch(/^".+-br"$/);
    const again = await get('/storefront.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' });
    expect(again.status).toBe(304);
    // The same file in another encoding is another representation: no 304 for it.
    const gzip = await get('/storefront.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag ?? '' });
    expect(gzip.status).toBe(200);
  });

  it('serves nothing outside the bundle or of another kind', async () => {
    expect((await get('/chunks/../../etc/passwd')).status).toBe(404);
    expect((await get('/chunks/widget-Ab12.js.br')).status).toBe(404);
    expect((await get('/chunks/missing.js')).status).toBe(404);
  });
});

describe('Accept-Encoding', () => {
  it('reads tokens, q-values and the wildcard', () => {
    expect(acceptsEncoding('gzip, br', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('*;q=0, gzip', 'br')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('GZIP;Q=0.5', 'gzip')).toBe(true);
  });
});

describe('assets for pages on other origins', () => {
  it('sends the loader, chunks and maps with CORS headers any origin may use', async () => {
    for (const path of ['/storefront.js', '/chunks/widget-Ab12.js', '/template.js']) {
      const response = await get(path, { Origin: 'http://theme.example' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Access-Control-Allow-Origin'), path).toBe('*');
      expect(response.headers.get('Cross-Origin-Resource-Policy'), path).toBe('cross-origin');
    }
  });
});

describe('assets in a shared cache', () => {
  it('sets no cookie on the bundle or an image (a CDN keeps only answers without one), where a page gets its crumb', async () => {
    const store = createApp({ db: openStore(':memory:'), distDir: dist });
    for (const path of ['/storefront.js', '/chunks/widget-Ab12.js', '/template.js', '/img/img-linen-shirt-sand.svg']) {
      const response = await store.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Set-Cookie'), path).toBeNull();
    }
    const page = await store.request('/shop');
    expect(page.headers.get('Set-Cookie')).toMatch(/^crumb=/);
  });
});
