import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BENCH_DOC,
  benchRows,
  FIGURES_END,
  FIGURES_START,
  withFigures,
  type BenchReport,
  type BrowserFigures,
  type MountFigures,
} from './report';

const mount = (ratio: number, heap: number): MountFigures => ({
  rounds: 11,
  ratio,
  floorRatio: ratio - 0.6,
  renderedRatio: ratio + 0.2,
  plainDomRatio: 0.7,
  staticReactRatio: 1.1,
  heapKiBPerTrivial: 7.9,
  heapKiBPerAddToCart: heap,
});

const scripts = (initial: number, all: number) => ({
  requests: 13,
  bytes: all,
  initial: { requests: 5, bytes: initial },
});

const SAMPLE: BrowserFigures = {
  sizes: [
    { file: 'dist/storefront.js', gzip: 3400 },
    { file: 'dist/chunks/runtime-a1b2c3d4.js', gzip: 19_000 },
    { file: 'dist/chunks/store-cart-pill-d4e5-f6g.js', gzip: 1000 },
  ],
  pages: [
    { page: 'product page', react: 19_800, lite: 29_500 },
    { page: 'cart page', react: 18_100, lite: 27_900 },
  ],
  mount: mount(1.75, 7.2),
  liteMount: mount(1.05, 8.3),
  cartRequests: 1,
  productPageScriptsOnTheWire: { requests: 13, compressedBytes: 112_800, uncompressedBytes: 370_000, ratio: 0.3 },
  productPageScriptsGzip: { react: scripts(99_700, 129_200), lite: scripts(39_500, 68_800) },
  paint: [
    { page: '/shop', viewport: 'desktop', cls: 0, lcpRatio: 0.97 },
    { page: '/shop', viewport: 'phone', cls: 0.002, lcpRatio: 0.95 },
  ],
  timeToInteractive: { React: { afterBaselineMs: 490 }, lite: { afterBaselineMs: -20 } },
  addToCartUnderAnalytics: {
    rounds: 5,
    slowMs: 5000,
    toleranceMs: 100,
    results: [
      {
        moment: 'at once',
        normal: { postMs: 40 },
        slow: { postRatio: 0.96 },
        down: { postRatio: 1.04 },
        delayed: false,
      },
    ],
  },
};

const SERVER = {
  mock: { add: { rps: 3868, cpuUs: 270 }, cart: { rps: 9161, cpuUs: 114 }, page: { rps: 6933, cpuUs: 163 } },
  baseline: { add: { rps: 5298, cpuUs: 211 }, cart: { rps: 9274, cpuUs: 114 } },
};

const REPORT: BenchReport = {
  date: '2026-11-28T08:30:12.345Z',
  machine: { cores: 2, cpu: 'Some CPU @ 2.0GHz', loadAverage: 0.42, node: 'v20.19.0', chromium: '156.0.1' },
  rows: benchRows(SAMPLE, SERVER),
};

describe('the bench figures', () => {
  it('put each measurement in a row with its goal', () => {
    const rows = Object.fromEntries(REPORT.rows.map((row) => [row.what.slice(0, 24), row]));
    const figures = REPORT.rows.map((row) => `${row.figure} | ${row.goal}`);
    expect(rows['`storefront.js` (the loa']?.figure).toBe('**3.4 KB**');
    expect(figures).toContain(
      'product page **19.8 KB / 29.5 KB**; cart page **18.1 KB / 27.9 KB** | at most 20 / 30 KB',
    );
    expect(figures).toContain('runtime 19.0 KB, store-cart-pill 1.0 KB; all 23.4 KB | ');
    expect(figures.some((f) => f.startsWith('**1.15x / 1.05x** (against the trivial element 1.75x / 1.05x,'))).toBe(
      true,
    );
    expect(figures).toContain('**7.2 / 8.3 KiB** (7.9 KiB) | at most 7.2 / 8.3 KiB');
    expect(figures).toContain('**112.8 KB vs 370.0 KB (0.30x)** | at most 0.40x');
    expect(figures).toContain('99.7 KB / 39.5 KB (5 / 5 requests) | ');
    expect(figures).toContain('desktop /shop 0; phone /shop 0.002 | at most 0.01');
    expect(figures).toContain('**+0.49 s / −0.02 s** | at most +0.30 s');
    expect(figures).toContain('at once: 0.96x / 1.04x | not delayed by more than 100 ms');
    expect(figures.at(-1)).toBe(
      '**0.73x** (3,868 req/s vs 5,298 req/s; CPU per request 270 vs 211 µs); **0.99x** (9,161 req/s vs 9,274 req/s; CPU per request 114 vs 114 µs); **6,933 req/s** (163 µs) | at least 0.5x; 0.5x; 5,000 req/s',
    );
  });

  it('leave the server row out when the server was not measured', () => {
    expect(benchRows(SAMPLE).some((row) => row.what.startsWith('server-mock'))).toBe(false);
  });

  it('replace what is between the markers with the date, the machine and one table, and keep the rest', () => {
    const page = `# Benchmarks\n\nIntro.\n\n${FIGURES_START}\n\nold table\n\n${FIGURES_END}\n\n## How\n\nMethod.\n`;
    const written = withFigures(page, REPORT);
    expect(written).not.toContain('old table');
    expect(written.startsWith('# Benchmarks\n\nIntro.\n\n')).toBe(true);
    expect(written.endsWith(`${FIGURES_END}\n\n## How\n\nMethod.\n`)).toBe(true);
    expect(written).toContain(
      'Run on 2026-11-28 08:30 UTC: 2 cores (Some CPU @ 2.0GHz), load average 0.42 at the start, Node v20.19.0, Chromium 156.0.1.',
    );
    expect(written.match(/^\| what \| figure \| goal \|$/gm)).toHaveLength(1);
    expect(written).toContain('| cart requests for a page of 500 add-to-cart widgets | 1 | exactly 1 |');
    expect(withFigures(written, REPORT)).toBe(written);
  });

  it('refuse a page without the markers', () => {
    expect(() => withFigures('# Benchmarks\n', REPORT)).toThrow(/markers/);
  });

  it(`find the markers in ${BENCH_DOC}`, () => {
    const page = readFileSync(join(import.meta.dirname, '..', BENCH_DOC), 'utf8');
    expect(page).toContain(FIGURES_START);
    expect(page).toContain(FIGURES_END);
  });
});
