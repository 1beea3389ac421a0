import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';

/** What the build writes beside the loader (build/preload-manifest.mjs). */
export interface PreloadManifest {
  /** Tag -> the chunk that defines it and every chunk it imports, relative to the bundle's root. */
  tags: Record<string, string[]>;
  /** Platform-markup selector (`.class[attr]…`) -> its chunks, the same way. */
  markup: Record<string, string[]>;
  /** The chunks that define what the loader holds until the page is interactive (never preloaded). */
  afterInteractive: string[];
}

/** The loader's script tag as the site-head partial renders it: where the bundle lives and the nonce. */
const LOADER_SCRIPT = /<script type="module" src="([^"]*)\/storefront\.js"([^>]*)><\/script>/;
const NONCE = /\snonce="([^"]*)"/;
const START_TAG_ALONE = /^<[a-zA-Z][\w-]*(?:\s[^>]*)?>$/;

/** A selector of the simple form the platform markup uses, `.class[attr][attr2]`, as a test on a start tag. */
function startTagTest(selector: string): ((tag: string) => boolean) | null {
  const match = /^\.([\w-]+)((?:\[[\w-]+\])*)$/.exec(selector);
  if (!match) return null;
  const [, className = '', attrs = ''] = match;
  const required = [...attrs.matchAll(/\[([\w-]+)\]/g)].map((m) => new RegExp(`\\s${m[1] as string}(?=[\\s=/>])`));
  return (tag) => {
    // Most start tags do not mention the class at all: skip the regular expressions for them.
    if (!tag.includes(className)) return false;
    const classes = /\sclass="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
    return classes.includes(className) && required.every((name) => name.test(tag));
  };
}

interface ManifestTests {
  tags: { test: RegExp; chunks: string[] }[];
  markup: { className: string; test: (tag: string) => boolean; chunks: string[] }[];
}

/** The manifest's tags and selectors as tests, made once per manifest (it changes only with a build). */
const testsOf = new WeakMap<PreloadManifest, ManifestTests>();

function manifestTests(manifest: PreloadManifest): ManifestTests {
  let tests = testsOf.get(manifest);
  if (!tests) {
    tests = {
      tags: Object.entries(manifest.tags).map(([tag, chunks]) => ({ test: new RegExp(`<${tag}[\\s>/]`), chunks })),
      markup: Object.entries(manifest.markup)
        .map(([selector, chunks]) => ({
          className: /^\.([\w-]+)/.exec(selector)?.[1] ?? '',
          test: startTagTest(selector),
          chunks,
        }))
        .filter((entry): entry is ManifestTests['markup'][number] => entry.test !== null),
    };
    testsOf.set(manifest, tests);
  }
  return tests;
}

/** The chunks a page's markup needs at once, by the manifest: its tags and its platform markup. */
export function chunksForPage(html: string, manifest: PreloadManifest): string[] {
  const files = new Set<string>();
  const tests = manifestTests(manifest);
  for (const { test, chunks } of tests.tags) {
    if (test.test(html)) chunks.forEach((file) => files.add(file));
  }
  // Each selector's class name is looked up where it occurs, and the start tag around it tested.
  for (const entry of tests.markup) {
    for (let at = html.indexOf(entry.className); at !== -1; at = html.indexOf(entry.className, at + 1)) {
      const start = html.lastIndexOf('<', at);
      const end = html.indexOf('>', at);
      if (start === -1 || end === -1) break;
      const tag = html.slice(start, end + 1);
      if (START_TAG_ALONE.test(tag) && entry.test(tag)) {
        entry.chunks.forEach((file) => files.add(file));
        break;
      }
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

declare module 'hono' {
  interface ContextVariableMap {
    /** The manifest this page's module preloads come from, and whether the route wrote them itself. */
    modulePreloads: RequestPreloads;
  }
}

/** What a route that keeps its rendered page gets from {@link preloadsOf}. */
export interface Preloads {
  /** The request's preload manifest (null without one). */
  readonly manifest: PreloadManifest | null;
  /** Writes the links into a page. */
  add(html: string): string;
  /** Tells the middleware that this response's page has the links already. */
  added(): void;
}

/** One request's preloads, made by the middleware. */
class RequestPreloads implements Preloads {
  done = false;
  constructor(readonly manifest: PreloadManifest) {}
  add(html: string): string {
    return addModulePreloads(html, this.manifest);
  }
  added(): void {
    this.done = true;
  }
}

const NO_PRELOADS: Preloads = { manifest: null, add: (html) => html, added: () => {} };

/** For a route that keeps its rendered page: see {@link Preloads}. */
export function preloadsOf(c: Context): Preloads {
  return c.get('modulePreloads') ?? NO_PRELOADS;
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

/**
 * Middleware: the pages the server renders announce the chunks their markup needs (see
 * addModulePreloads). Pages given as text to `c.html` get the links on the way in; any other HTML
 * answer is read back and rewritten.
 */
export function modulePreloads(distDir: string): MiddlewareHandler {
  const manifest = manifestReader(distDir);
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const found = manifest();
    if (!found) return next();
    // c.html is bound to its context already (an arrow function of hono's Context).
    const html = c.html as (...args: unknown[]) => ReturnType<typeof c.html>;
    // A route that keeps its rendered page adds the links once itself (see `preloadsOf`).
    const preloads = new RequestPreloads(found);
    c.set('modulePreloads', preloads);
    c.html = ((body: unknown, ...rest: unknown[]) => {
      if (typeof body !== 'string' || preloads.done) return html(body, ...rest);
      preloads.done = true;
      return html(addModulePreloads(body, found), ...rest);
    }) as typeof c.html;
    await next();
    if (preloads.done || !c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
    const text = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    c.res = new Response(addModulePreloads(text, found), { status: c.res.status, headers });
  };
}
