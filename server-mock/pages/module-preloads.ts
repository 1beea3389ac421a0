import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';

/** What the build writes beside the loader (storefront/preload-manifest.mjs). */
export interface PreloadManifest {
  /** Tag -> the chunk that defines it and every chunk it imports, relative to the bundle's root. */
  tags: Record<string, string[]>;
  /** Platform-markup selector (`.class[attr]…`) -> its chunks, the same way. */
  markup: Record<string, string[]>;
}

/** The loader's script tag as the site-head partial renders it: where the bundle lives and the nonce. */
const LOADER_SCRIPT = /<script type="module" src="([^"]*)\/storefront\.js"([^>]*)><\/script>/;
const NONCE = /\snonce="([^"]*)"/;
const START_TAG = /<[a-zA-Z][\w-]*(?:\s[^>]*)?>/g;

/** A selector of the simple form the platform markup uses, `.class[attr][attr2]`, as a test on a start tag. */
function startTagTest(selector: string): ((tag: string) => boolean) | null {
  const match = /^\.([\w-]+)((?:\[[\w-]+\])*)$/.exec(selector);
  if (!match) return null;
  const [, className = '', attrs = ''] = match;
  const required = [...attrs.matchAll(/\[([\w-]+)\]/g)].map((m) => m[1] as string);
  return (tag) => {
    const classes = /\sclass="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
    return classes.includes(className) && required.every((name) => new RegExp(`\\s${name}(?=[\\s=/>])`).test(tag));
  };
}

/** The chunks a page's markup needs at once, by the manifest: its tags and its platform markup. */
export function chunksForPage(html: string, manifest: PreloadManifest): string[] {
  const files = new Set<string>();
  for (const [tag, chunks] of Object.entries(manifest.tags)) {
    if (new RegExp(`<${tag}[\\s>/]`).test(html)) chunks.forEach((file) => files.add(file));
  }
  const tests = Object.entries(manifest.markup)
    .map(([selector, chunks]) => ({ test: startTagTest(selector), chunks }))
    .filter((entry): entry is { test: (tag: string) => boolean; chunks: string[] } => entry.test !== null);
  if (tests.length > 0) {
    for (const [tag] of html.matchAll(START_TAG)) {
      for (const entry of tests) if (entry.test(tag)) entry.chunks.forEach((file) => files.add(file));
    }
  }
  return [...files];
}

/**
 * Adds `<link rel="modulepreload">` for the chunks the page needs right after the loader's script
 * tag, from the same origin (the CDN of `ASSET_BASE_URL` too) and with the same nonce. A page
 * without the loader is left as it is.
 */
export function addModulePreloads(html: string, manifest: PreloadManifest): string {
  const loader = LOADER_SCRIPT.exec(html);
  if (!loader) return html;
  const [script, base = '', rest = ''] = loader;
  const nonce = NONCE.exec(rest)?.[1];
  const links = chunksForPage(html, manifest)
    .map((file) => `<link rel="modulepreload" href="${base}/${file}"${nonce ? ` nonce="${nonce}"` : ''}>`)
    .join('\n');
  if (!links) return html;
  const at = loader.index + script.length;
  return `${html.slice(0, at)}\n${links}${html.slice(at)}`;
}

/** The manifest of the bundle in `distDir`, read again when the build rewrites it; null without one. */
export function manifestReader(distDir: string): () => PreloadManifest | null {
  const file = join(distDir, 'preload-manifest.json');
  let cached: { mtimeMs: number; manifest: PreloadManifest | null } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let manifest: PreloadManifest | null;
      try {
        manifest = JSON.parse(readFileSync(file, 'utf8')) as PreloadManifest;
      } catch {
        manifest = null;
      }
      cached = { mtimeMs, manifest };
    }
    return cached.manifest;
  };
}

/** Middleware: the pages the server renders announce the chunks their markup needs (see addModulePreloads). */
export function modulePreloads(distDir: string): MiddlewareHandler {
  const manifest = manifestReader(distDir);
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
    const found = manifest();
    if (!found) return;
    const html = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    c.res = new Response(addModulePreloads(html, found), { status: c.res.status, headers });
  };
}
