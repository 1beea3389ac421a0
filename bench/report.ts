/**
 * The latest figures of `npm run bench`, written into docs/benchmarks.md between its markers: one
 * table, the date and the machine. Earlier runs are in git, not in the page.
 */
import { cpus, loadavg } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import prettier from 'prettier';
import { chunkName, PAGE_GOALS } from './page-budgets';
import { MAX_TTI_AFTER_MS } from './time-to-interactive';

export const BENCH_DOC = 'docs/benchmarks.md';
export const FIGURES_START = '<!-- bench figures: written by npm run bench (bench/report.ts) -->';
export const FIGURES_END = '<!-- /bench figures -->';

/** Goals the bench checks; a failed `must` makes it exit non-zero, a missed goal is printed only. */
export const GOALS = {
  maxCls: 0.01,
  maxLcpRatio: 1.1,
  /** Heap per add button: no higher than before issue 36 (React / lite). */
  maxHeapKiB: { react: 7.2, lite: 8.3 },
  /** Mount: React against its floor (the same DOM as static JSX through the widgets' renderer), lite against the trivial element. */
  maxMountRatio: { reactFloor: 1.1, lite: 1 },
  maxWireRatio: 0.4,
  /** Before the interactive mark, gzip -9 (bench/page-budgets.ts): React beyond the UI library chunk, lite all, the loader. */
  maxPageKB: {
    react: PAGE_GOALS.reactBeyondUiLibrary / 1000,
    lite: PAGE_GOALS.liteAll / 1000,
    loader: PAGE_GOALS.loader / 1000,
  },
};

export interface MountFigures {
  rounds: number;
  ratio: number;
  /** Against the same DOM as static JSX through the widgets' renderer, same round. */
  floorRatio: number;
  renderedRatio: number;
  plainDomRatio: number;
  staticReactRatio: number;
  heapKiBPerTrivial: number;
  heapKiBPerAddToCart: number;
}

interface PageScriptFigures {
  requests: number;
  bytes: number;
  initial: { requests: number; bytes: number };
}

interface AddUnderAnalytics {
  moment: string;
  normal: { postMs: number };
  slow: { postRatio: number };
  down: { postRatio: number };
  delayed: boolean;
}

/** What bench/run.ts measured in the browser (the parts the table shows). */
export interface BrowserFigures {
  sizes: { file: string; gzip: number }[];
  /** Per page, what it loads before its interactive mark, from the builds (bench/page-budgets.ts). */
  pages: { page: string; react: number; lite: number }[];
  mount: MountFigures;
  liteMount: MountFigures;
  cartRequests: number;
  productPageScriptsOnTheWire: { requests: number; compressedBytes: number; uncompressedBytes: number; ratio: number };
  productPageScriptsGzip: { react: PageScriptFigures; lite: PageScriptFigures };
  paint: { page: string; viewport: string; cls: number; lcpRatio: number }[];
  timeToInteractive: { React: { afterBaselineMs: number }; lite: { afterBaselineMs: number } };
  addToCartUnderAnalytics: { rounds: number; slowMs: number; toleranceMs: number; results: AddUnderAnalytics[] };
}

interface ServerLoad {
  rps: number;
  cpuUs: number;
}

/** What bench/server.ts measured: server-mock beside the minimal baseline. */
export interface ServerBenchFigures {
  mock: { add: ServerLoad; cart: ServerLoad; page: ServerLoad };
  baseline: { add: ServerLoad; cart: ServerLoad };
}

export interface BenchMachine {
  cores: number;
  cpu: string;
  /** The one-minute load average when the run started. */
  loadAverage: number;
  node: string;
  chromium: string;
}

export interface BenchRow {
  what: string;
  figure: string;
  goal: string;
}

export interface BenchReport {
  date: string;
  machine: BenchMachine;
  rows: BenchRow[];
}

/** The machine the bench runs on. */
export function benchMachine(chromium: string, loadAverage = loadavg()[0] ?? 0): BenchMachine {
  const cores = cpus();
  return {
    cores: cores.length,
    cpu: cores[0]?.model.trim() ?? 'unknown',
    loadAverage: Number(loadAverage.toFixed(2)),
    node: process.version,
    chromium,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const x = (ratio: number) => `${ratio.toFixed(2)}x`;
const seconds = (ms: number) => `${ms >= 0 ? '+' : '−'}${(Math.abs(ms) / 1000).toFixed(2)} s`;
const perSecond = (load: ServerLoad) => `${Math.round(load.rps).toLocaleString('en-US')} req/s`;

/** The table's rows, from what the bench measured. */
export function benchRows(browser: BrowserFigures, server?: ServerBenchFigures): BenchRow[] {
  const { mount, liteMount } = browser;
  const loader = browser.sizes.find((s) => s.file.endsWith('/storefront.js'));
  const all = browser.sizes.reduce((sum, s) => sum + s.gzip, 0);
  const chunks = browser.sizes
    .filter((s) => s.file.includes('/chunks/'))
    .map((s) => ({ name: chunkName(s.file), gzip: s.gzip }))
    .sort((a, b) => b.gzip - a.gzip || a.name.localeCompare(b.name));
  const wire = browser.productPageScriptsOnTheWire;
  const { react, lite } = browser.productPageScriptsGzip;
  const paint = (key: 'cls' | 'lcpRatio', format: (n: number) => string) =>
    ['desktop', 'phone']
      .map(
        (viewport) =>
          `${viewport} ${browser.paint
            .filter((p) => p.viewport === viewport)
            .map((p) => `${p.page} ${format(p[key])}`)
            .join(', ')}`,
      )
      .join('; ');
  const adds = browser.addToCartUnderAnalytics;
  const rows: BenchRow[] = [
    {
      what: '`storefront.js` (the loader), gzip -9',
      figure: loader ? `**${kb(loader.gzip)}**` : 'missing',
      goal: `at most ${GOALS.maxPageKB.loader.toFixed(1)} KB`,
    },
    {
      what: "scripts a page loads before its interactive mark, gzip -9, from the build's chunk graph and preload manifest: React build beyond the UI library's chunk / lite build all",
      figure: browser.pages.map((p) => `${p.page} **${kb(p.react)} / ${kb(p.lite)}**`).join('; '),
      goal: `at most ${GOALS.maxPageKB.react} / ${GOALS.maxPageKB.lite} KB`,
    },
    {
      what: 'the chunks of `dist/chunks/` by name, largest first, gzip -9; all scripts together',
      figure: `${chunks.map((c) => `${c.name} ${kb(c.gzip)}`).join(', ')}; all ${kb(all)}`,
      goal: '',
    },
    {
      what: `mount 500 \`<store-add-to-cart>\`, until painted, median of ${mount.rounds} rounds' ratios: React against its floor (the same DOM as static JSX through the widgets' renderer) / lite against 500 trivial React + r2wc elements`,
      figure:
        `**${x(mount.floorRatio)} / ${x(liteMount.ratio)}** (against the trivial element ${x(mount.ratio)} / ${x(liteMount.ratio)}, rendered ${x(mount.renderedRatio)} / ${x(liteMount.renderedRatio)}; ` +
        `the same DOM without a framework ${x(mount.plainDomRatio)} / ${x(liteMount.plainDomRatio)}; ` +
        `as static React JSX through the widgets' renderer ${x(mount.staticReactRatio)} / ${x(liteMount.staticReactRatio)})`,
      goal: `at most ${x(GOALS.maxMountRatio.reactFloor)} / ${x(GOALS.maxMountRatio.lite)}`,
    },
    {
      what: 'heap per mounted `<store-add-to-cart>`, React / lite (the trivial element)',
      figure: `**${mount.heapKiBPerAddToCart} / ${liteMount.heapKiBPerAddToCart} KiB** (${mount.heapKiBPerTrivial} KiB)`,
      goal: `at most ${GOALS.maxHeapKiB.react} / ${GOALS.maxHeapKiB.lite} KiB`,
    },
    {
      what: 'cart requests for a page of 500 add-to-cart widgets',
      figure: String(browser.cartRequests),
      goal: 'exactly 1',
    },
    {
      what: `product page scripts on the wire (${wire.requests} requests), brotli as served vs uncompressed`,
      figure: `**${kb(wire.compressedBytes)} vs ${kb(wire.uncompressedBytes)} (${x(wire.ratio)})**`,
      goal: `at most ${x(GOALS.maxWireRatio)}`,
    },
    {
      what: 'product page scripts before it is interactive, as Chromium fetched them, gzip on the wire with headers, React / lite',
      figure: `${kb(react.initial.bytes)} / ${kb(lite.initial.bytes)} (${react.initial.requests} / ${lite.initial.requests} requests)`,
      goal: '',
    },
    {
      what: 'product page, all its scripts including what comes once it is interactive, gzip, React / lite',
      figure: `${kb(react.bytes)} / ${kb(lite.bytes)} (${react.requests} / ${lite.requests} requests)`,
      goal: '',
    },
    {
      what: 'CLS with the widgets, 4x CPU + Fast 3G, cold cache, median of 3',
      figure: paint('cls', String),
      goal: `at most ${GOALS.maxCls}`,
    },
    {
      what: 'LCP with the widgets vs `storefront.js` blocked, same conditions',
      figure: paint('lcpRatio', x),
      goal: `at most ${x(GOALS.maxLcpRatio)}`,
    },
    {
      what: 'add button answers a click, after the page without the script has loaded, same conditions, median of 3, React / lite',
      figure: `**${seconds(browser.timeToInteractive.React.afterBaselineMs)} / ${seconds(browser.timeToInteractive.lite.afterBaselineMs)}**`,
      goal: `at most +${(MAX_TTI_AFTER_MS / 1000).toFixed(2)} s`,
    },
    {
      what: `add to cart (click -> cart POST answered) with the analytics server ${adds.slowMs / 1000} s slow / down, vs normal, median of ${adds.rounds}`,
      figure: adds.results
        .map((r) => `${r.moment}: ${x(r.slow.postRatio)} / ${x(r.down.postRatio)}${r.delayed ? ' (delayed)' : ''}`)
        .join('; '),
      goal: `not delayed by more than ${adds.toleranceMs} ms`,
    },
  ];
  if (server) {
    const { mock, baseline } = server;
    const versus = (m: ServerLoad, b: ServerLoad) =>
      `**${x(m.rps / b.rps)}** (${perSecond(m)} vs ${perSecond(b)}; CPU per request ${Math.round(m.cpuUs)} vs ${Math.round(b.cpuUs)} µs)`;
    rows.push({
      what: 'server-mock vs a minimal server of the same calls, 10 keep-alive connections: add to cart; cart; product page',
      figure: `${versus(mock.add, baseline.add)}; ${versus(mock.cart, baseline.cart)}; **${perSecond(mock.page)}** (${Math.round(mock.page.cpuUs)} µs)`,
      goal: 'at least 0.5x; 0.5x; 5,000 req/s',
    });
  }
  return rows;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
}

/** The Markdown between the markers: the date, the machine and the table. */
export function figuresSection(report: BenchReport): string {
  const { machine } = report;
  const lines = [
    `Run on ${report.date.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC')}: ${machine.cores} cores (${machine.cpu}), ` +
      `load average ${machine.loadAverage} at the start, Node ${machine.node}, Chromium ${machine.chromium}.`,
    '',
    '| what | figure | goal |',
    '| --- | --- | --- |',
    ...report.rows.map((row) => `| ${cell(row.what)} | ${cell(row.figure)} | ${cell(row.goal)} |`),
  ];
  return lines.join('\n');
}

/** The page with its figures replaced by the report's (the rest of the page stays as written). */
export function withFigures(page: string, report: BenchReport): string {
  const start = page.indexOf(FIGURES_START);
  const end = page.indexOf(FIGURES_END);
  if (start < 0 || end < start) throw new Error(`${BENCH_DOC} has no ${FIGURES_START} … ${FIGURES_END} markers`);
  return `${page.slice(0, start + FIGURES_START.length)}\n\n${figuresSection(report)}\n\n${page.slice(end)}`;
}

/** Writes `text` to the Markdown file `file`, formatted as the repository formats Markdown. */
export async function writeMarkdown(file: string | URL, text: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(text, { ...options, parser: 'markdown' }));
}

/** Writes the report into docs/benchmarks.md. */
export async function writeFigures(report: BenchReport, file = BENCH_DOC): Promise<void> {
  await writeMarkdown(file, withFigures(readFileSync(file, 'utf8'), report));
}
