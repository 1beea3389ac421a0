import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the built bundle: the loader revalidates, hashed chunks are cached for good. */
export function assetRoutes(distDir: string): Hono {
  const app = new Hono();
  const root = resolve(distDir);

  const serve = async (path: string) => {
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep) || !TYPES[extname(file)]) return null;
    try {
      return { body: await readFile(file), type: TYPES[extname(file)] as string };
    } catch {
      return null;
    }
  };

  app.get('/storefront.js', async (c) => {
    const found = await serve('/storefront.js');
    if (!found) return c.text('The bundle is not built: run npm run build.', 404);
    return c.body(found.body, 200, { 'Content-Type': found.type, 'Cache-Control': 'no-cache' });
  });
  // The template engine as one module, for pages and tools that render templates in the browser.
  for (const path of ['/storefront.js.map', '/template.js', '/template.js.map']) {
    app.get(path, async (c) => {
      const found = await serve(path);
      return found
        ? c.body(found.body, 200, { 'Content-Type': found.type, 'Cache-Control': 'no-cache' })
        : c.notFound();
    });
  }
  app.get('/chunks/*', async (c) => {
    const found = await serve(c.req.path);
    if (!found) return c.notFound();
    return c.body(found.body, 200, {
      'Content-Type': found.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  return app;
}
