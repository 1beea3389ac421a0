/**
 * npm run bench:bytes (after a build): what the product page's scripts weigh before it is
 * interactive, per chunk and per source module, for the React build (dist/) and the lite build
 * (dist/lite/). The chunks are the ones Chromium requested before the loader's first
 * after-interactive chunk; a module's share of a chunk's gzip size is estimated from its minified
 * code (the chunk's source map) gzipped alone, scaled so the shares add up to the chunk.
 * `BENCH_TOP=200` lists more modules than the default 25.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { decode } from '@jridgewell/sourcemap-codec';
import { chromium, type Browser } from 'playwright-core';
import { createApp } from '../server-mock/app';
import { openStore } from '../server-mock/store/open-store';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { AFTER_INTERACTIVE } from '../storefront/registry.generated';
import { BUILDS, budgetPages, pageLoad } from './page-budgets';

/** One script response of a page load: its path, its bytes on the wire, and whether the page needed it before it was interactive. */
export interface ScriptResponse {
  path: string;
  bytes: number;
  initial: boolean;
}

export interface PageScripts {
  requests: number;
  bytes: number;
  initial: { requests: number; bytes: number };
  scripts: ScriptResponse[];
}

/**
 * Bytes on the wire of the bundle's scripts for one page load, as Chromium received them, waiting
 * for the network to go quiet after `load` (so chunks loaded once the page is interactive count too).
 * `initial` is what was requested before the loader's interactive mark (`storefront:interactive`:
 * the page has loaded, its widgets' code has arrived and the browser is idle; the after-interactive
 * chunks start then): the bytes the page needs before any interaction (no clicks, no scrolling).
 */
export async function scriptWireBytes(
  browser: Browser,
  url: string,
  encoding?: 'identity' | 'gzip',
): Promise<PageScripts> {
  const page = await browser.newPage();
  if (encoding) await page.setExtraHTTPHeaders({ 'Accept-Encoding': encoding });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const finished: { requestId: string; bytes: number }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    if (/\/(storefront\.js|chunks\/)/.test(new URL(e.response.url).pathname)) urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    finished.push({ requestId: e.requestId, bytes: e.encodedDataLength });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // After-interactive chunks wait for an idle moment after load (at most 2 s): let them come, on a
  // page that has any (the loader's mark says when they started).
  await page.waitForFunction(
    (lateTags) =>
      performance.getEntriesByName('storefront:interactive').length > 0 || !document.querySelector(lateTags),
    [...AFTER_INTERACTIVE].join(', '),
    { timeout: 10_000 },
  );
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => ({
    interactiveAt: performance.getEntriesByName('storefront:interactive')[0]?.startTime ?? Infinity,
    started: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime] as const),
  }));
  await page.close();
  const startedAt = new Map(timing.started);
  const scripts: ScriptResponse[] = finished
    .filter((f) => urls.has(f.requestId))
    .map((f) => {
      const address = urls.get(f.requestId) as string;
      return {
        path: new URL(address).pathname,
        bytes: f.bytes,
        initial: (startedAt.get(address) ?? Infinity) < timing.interactiveAt,
      };
    });
  const initial = scripts.filter((s) => s.initial);
  return {
    requests: scripts.length,
    bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    initial: { requests: initial.length, bytes: initial.reduce((sum, s) => sum + s.bytes, 0) },
    scripts,
  };
}

/** A source module's estimated share of a chunk: minified bytes and gzip bytes. */
export interface ModuleShare {
  source: string;
  minified: number;
  gzip: number;
}

function gzip9(text: string): number {
  return gzipSync(text, { level: 9 }).length;
}

/** Where a source path from a map points, shortened for reading (`node_modules/react-dom/...`, `widgets/...`). */
function shortSource(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) return source.slice(modules);
  return source.replace(/^(\.\.\/)+/, '');
}

/**
 * Splits a built chunk by source module with its source map: every generated character belongs to
 * the source of the mapping segment it follows (code with no mapping is `(unmapped)`).
 */
export function moduleShares(file: string): ModuleShare[] {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const decoded = decode(map.mappings);
  const text = new Map<string, string[]>();
  const add = (source: string, part: string) => {
    if (!part) return;
    const parts = text.get(source) ?? [];
    parts.push(part);
    text.set(source, parts);
  };
  lines.forEach((line, index) => {
    const segments = decoded[index] ?? [];
    let column = 0;
    let source = '(unmapped)';
    for (const segment of segments) {
      add(source, line.slice(column, segment[0]));
      column = segment[0];
      source = segment.length > 1 ? shortSource(map.sources[segment[1] as number] ?? '?') : '(unmapped)';
    }
    add(source, line.slice(column) + '\n');
  });
  const chunkGzip = gzip9(code);
  const alone = [...text].map(([source, parts]) => {
    const joined = parts.join('');
    return { source, minified: joined.length, gzipAlone: gzip9(joined) };
  });
  const total = alone.reduce((sum, m) => sum + m.gzipAlone, 0);
  return alone
    .map((m) => ({ source: m.source, minified: m.minified, gzip: Math.round((m.gzipAlone / total) * chunkGzip) }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The store on a free port (fresh in-memory database), serving `distDir`. */
export async function storeServer(distDir: string): Promise<{ base: string; close(): void }> {
  const app = createApp({ db: openStore(':memory:'), distDir });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  return {
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => server.close(),
  };
}

/** The UI library's own modules (React's or Preact's), apart from our code and the other libraries. */
const UI_LIBRARY = /^node_modules\/(react|react-dom|scheduler|preact)\//;

const PAGE = process.argv[2] ?? '/shop/p/linen-shirt';
const TOP = Number(process.env.BENCH_TOP ?? 25);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function report(browser: Browser, name: string, distDir: string): Promise<void> {
  const server = await storeServer(distDir);
  try {
    const load = await scriptWireBytes(browser, `${server.base}${PAGE}`, 'gzip');
    console.log(
      `\n${name} build (${distDir}), ${PAGE}: ${kb(load.initial.bytes)} gzip on the wire before interactive ` +
        `in ${load.initial.requests} requests (${kb(load.bytes)} in ${load.requests} with what comes after)`,
    );
    const modules = new Map<string, ModuleShare>();
    for (const script of load.scripts) {
      const file = `${distDir}${script.path}`;
      const file9 = gzip9(readFileSync(file, 'utf8'));
      console.log(
        `  ${script.initial ? ' ' : '+'} ${script.path.replace(/^\//, '').padEnd(52)} ${kb(script.bytes).padStart(9)} wire ${kb(file9).padStart(9)} gzip -9`,
      );
      if (!script.initial) continue;
      for (const share of moduleShares(file)) {
        const seen = modules.get(share.source) ?? { source: share.source, minified: 0, gzip: 0 };
        seen.minified += share.minified;
        seen.gzip += share.gzip;
        modules.set(share.source, seen);
      }
    }
    console.log('  (+ = after interactive)');
    const library = [...modules.values()].filter((m) => UI_LIBRARY.test(m.source));
    const libraryBytes = library.reduce((sum, m) => sum + m.gzip, 0);
    const allBytes = [...modules.values()].reduce((sum, m) => sum + m.gzip, 0);
    console.log(
      `  the UI library's own modules (${[...new Set(library.map((m) => m.source.split('/')[1]))].join(', ')}): ` +
        `${kb(libraryBytes)} of the ${kb(allBytes)} before interactive; everything else ${kb(allBytes - libraryBytes)}`,
    );
    console.log(`  top ${TOP} source modules before interactive, by estimated gzip share:`);
    for (const m of [...modules.values()].sort((a, b) => b.gzip - a.gzip).slice(0, TOP))
      console.log(`    ${kb(m.gzip).padStart(9)}  ${kb(m.minified).padStart(9)} min  ${m.source}`);
  } finally {
    server.close();
  }
}

/** What each budget page loads before its interactive mark, from the builds alone (bench/page-budgets.ts). */
async function pagesReport(): Promise<void> {
  const readme = readFileSync('README.md', 'utf8');
  console.log('\nbefore the interactive mark, from the builds (the budgets of npm test), gzip -9:');
  for (const build of BUILDS) {
    for (const page of await budgetPages(build.dir, readme)) {
      const load = pageLoad(build.dir, page);
      const figure = build.name === 'React' ? `${kb(load.beyondUiLibrary)} beyond the UI library chunk` : kb(load.all);
      console.log(
        `  ${build.name.padEnd(6)} ${page.name.padEnd(20)} ${figure} (${load.scripts.map((s) => `${s.name} ${kb(s.gzip)}`).join(', ')})`,
      );
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await report(browser, 'React', 'dist');
    await report(browser, 'lite', 'dist/lite');
  } finally {
    await browser.close();
  }
  await pagesReport();
}
