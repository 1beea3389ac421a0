import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono, type Context } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Hashed chunks never change under their name; the entry and the engine revalidate. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The build's precompressed copies (build/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', ending: '.br' },
  { name: 'gzip', ending: '.gz' },
] as const;

/** Whether the request's Accept-Encoding takes `name` (listed, or `*`, with a q above 0). */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  let wildcard = false;
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (token === name) return accepted;
    if (token === '*') wildcard = accepted;
  }
  return wildcard;
}

/** The bundle's files besides the chunks: the loader, its stylesheet and the template engine, with their maps. */
const ENTRY_FILES = ['/storefront.js', '/storefront.js.map', '/storefront.css', '/template.js', '/template.js.map'];

/**
 * Whether `path` is one of the bundle's files. They are the same for every visitor, so they carry
 * no cookie: a shared cache (a CDN) stores a response only when it sets none.
 */
export function isBundleFile(path: string): boolean {
  return path.startsWith('/chunks/') || ENTRY_FILES.includes(path);
}

interface Asset {
  body: Buffer;
  type: string;
  /** Content-Encoding of `body`, when it is a precompressed copy. */
  encoding?: string;
}

/**
 * Serves the built bundle: the loader revalidates (with an ETag), hashed chunks are cached for
 * good, and every script goes out brotli- or gzip-compressed when the browser takes it, with
 * `Access-Control-Allow-Origin: *` so pages on other origins can load it.
 */
export function assetRoutes(distDir: string): Hono {
  const app = new Hono();
  const root = resolve(distDir);

  const read = async (file: string) => {
    try {
      return await readFile(file);
    } catch {
      return null;
    }
  };

  const find = async (c: Context, path: string): Promise<Asset | null> => {
    const file = resolve(root, `.${path}`);
    const type = TYPES[extname(file)];
    if (!file.startsWith(root + sep) || !type) return null;
    const accepted = c.req.header('Accept-Encoding');
    for (const { name, ending } of ENCODINGS) {
      if (!acceptsEncoding(accepted, name)) continue;
      const body = await read(file + ending);
      if (body) return { body, type, encoding: name };
    }
    const body = await read(file);
    return body ? { body, type } : null;
  };

  const send = (c: Context, asset: Asset, cacheControl: string) => {
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding',
      // Pages on any origin may load the bundle as a module script (CORS mode), without cookies.
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    };
    if (asset.encoding) headers['Content-Encoding'] = asset.encoding;
    if (cacheControl === REVALIDATE) {
      const etag = `"${createHash('sha256').update(asset.body).digest('base64url').slice(0, 22)}${asset.encoding ? `-${asset.encoding}` : ''}"`;
      headers.ETag = etag;
      const known = c.req.header('If-None-Match');
      if (known?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
    }
    return c.body(new Uint8Array(asset.body), 200, headers);
  };

  // The loader, and the template engine as one module for pages and tools that render templates in
  // the browser: both revalidate. Without the loader the store has no widgets: say how to build it.
  for (const path of ENTRY_FILES) {
    app.get(path, async (c) => {
      const found = await find(c, path);
      if (found) return send(c, found, REVALIDATE);
      return path === '/storefront.js' ? c.text('The bundle is not built: run npm run build.', 404) : c.notFound();
    });
  }
  app.get('/chunks/*', async (c) => {
    const found = await find(c, c.req.path);
    return found ? send(c, found, IMMUTABLE) : c.notFound();
  });

  return app;
}
