/**
 * npm run bench:template: renders a 200-product grid and a 100-post blog list, each with our
 * engine and with the reference engine (@squarespace/template-engine, a dev dependency for
 * comparison only) in the same process. The pages are those of `../shared/bench/template-pages.mjs`,
 * or the in-repo pages of `template-page.ts` when the shared folder is missing. Per case: both
 * outputs must be identical (the reference given its CLDR data for en-US), and ours must render at least 3x as many pages per CPU second
 * (median of the per-round ratios, the two engines taking turns). Exits non-zero otherwise.
 * BENCH_ROUNDS (default 7) and BENCH_ROUND_SECONDS (default 0.5, per engine) tune the run.
 */
import { createRequire } from 'node:module';
import { compile, execute } from '../template/index';
import { loadSharedPages, type BenchPage } from './shared-pages';
import { referenceCldr } from '../template/testing/differential-cases';
import { BLOG_TEMPLATE, GRID_TEMPLATE, blogData, gridData } from './template-page';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: { code: unknown; json: unknown; enableExpr?: boolean; enableInclude?: boolean; cldr?: unknown }): {
    ctx: { render(): string };
  };
}
const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
  Compiler: new () => ReferenceCompiler;
};

const TARGET = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 0.5);

/** Microseconds of CPU this process has used (all threads: the collector's work counts too). */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * Renders per CPU second over about `seconds` of CPU. CPU time rather than wall time: on a
 * shared machine other processes take the cores away at random, which wall time would count.
 */
function rate(render: () => string, seconds: number): number {
  const start = cpuMicros();
  let count = 0;
  let elapsed: number;
  do {
    render();
    count++;
    elapsed = cpuMicros() - start;
  } while (elapsed < seconds * 1e6);
  return (count * 1e6) / elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

interface Case {
  name: string;
  source: string;
  data: unknown;
}

function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return ` ours: ${JSON.stringify(a.slice(Math.max(0, at - 40), at + 80))}\n ref:  ${JSON.stringify(b.slice(Math.max(0, at - 40), at + 80))}`;
}

function run({ name, source, data }: Case): boolean {
  const ours = compile(source);
  if (ours.errors.length > 0) throw new Error(`${name}: template does not compile: ${JSON.stringify(ours.errors)}`);
  const reference = new Compiler();
  const referenceCode = reference.parse(source).code;
  // Its CLDR data, so that it words prices as the platform does (without it they are empty).
  const cldr = referenceCldr('en-US');
  const renderOurs = () => execute(ours.code, data).output;
  // Expressions on, as in ours (the blog list's reading time is an `.eval`).
  const renderReference = () =>
    reference.execute({ code: referenceCode, json: data, enableExpr: true, enableInclude: true, cldr }).ctx.render();

  const oursOutput = renderOurs();
  const referenceOutput = renderReference();
  const agree = oursOutput === referenceOutput;

  rate(renderOurs, ROUND_SECONDS); // warm-up
  rate(renderReference, ROUND_SECONDS);
  const rounds: { ours: number; reference: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const first = round % 2 === 0; // take turns going first
    const a = first ? rate(renderOurs, ROUND_SECONDS) : 0;
    const b = rate(renderReference, ROUND_SECONDS);
    rounds.push({ ours: first ? a : rate(renderOurs, ROUND_SECONDS), reference: b });
  }
  const ratio = median(rounds.map((r) => r.ours / r.reference));
  const ok = agree && ratio >= TARGET;
  console.log(`${name}: ${Math.round(oursOutput.length / 1024)} KB of HTML`);
  console.log(`  outputs identical: ${agree ? 'yes' : 'NO'}`);
  if (!agree) console.log(firstDifference(oursOutput, referenceOutput));
  console.log(
    `  ours:      ${median(rounds.map((r) => r.ours)).toFixed(0)} renders per CPU second (median of ${ROUNDS} rounds)`,
  );
  console.log(`  reference: ${median(rounds.map((r) => r.reference)).toFixed(0)} renders per CPU second`);
  console.log(`  ratio:     ${ratio.toFixed(2)}x (median of the per-round ratios; target: at least ${TARGET}x)`);
  return ok;
}

const IN_REPO_PAGES: BenchPage[] = [
  { name: '200-product grid', source: GRID_TEMPLATE, data: gridData() },
  { name: '100-post blog list', source: BLOG_TEMPLATE, data: blogData() },
];

let pages = await loadSharedPages();
if (pages === undefined) {
  console.log(
    '../shared/bench/template-pages.mjs is missing: benchmarking the in-repo pages (bench/template-page.ts).',
  );
  pages = IN_REPO_PAGES;
}
const results = pages.map(run);
if (results.includes(false)) process.exitCode = 1;
