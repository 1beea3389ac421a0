/**
 * npm run conformance -- DIR... [--differential[=RUNS]]: runs every vector file under the given
 * folders and prints per-area results and a final "N passed, M failed" line; with
 * `--differential`, also the generated comparisons with the reference engine (RUNS per family,
 * 3000 by default; see differential-cases.ts), each family counted as passed or failed.
 *
 * A vector that uses a formatter or predicate the engine does not have yet (one of a later
 * issue's plugins) is reported as pending, with the names it needs, and does not fail the
 * run; every other failure does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { runDifferential } from './differential-cases';
import { compile, execute } from '../index';
import { contentAreaOf } from './vector-areas';
import { CORE_FORMATTERS } from '../plugins/formatters.core';
import { CORE_PREDICATES } from '../plugins/predicates.core';
import { parseVector, type Vector } from './vector-file';

export type Outcome = 'pass' | 'fail' | 'pending' | 'contradicted';

/**
 * Public vectors that expect different output from another vector for the very same JSON and
 * template; both cannot pass. We follow the twin (it agrees with the other vectors of the
 * formatter and with the reference engine). The runner checks the claim every time: the entry
 * only counts as contradicted while the twin has identical input and passes.
 */
export const CONTRADICTED_BY: Readonly<Record<string, string>> = {
  'f-add-to-cart-btn-subscribable-attribute-true.html': 'f-add-to-cart-btn-7.html',
  'f-add-to-cart-btn-subscribable-attribute-false.html': 'f-add-to-cart-btn-6.html',
};

export interface VectorResult {
  file: string;
  area: string;
  outcome: Outcome;
  detail?: string;
}

/** The area a vector belongs to, from its file name. */
export function areaOf(file: string): string {
  const name = basename(file).replace(/\.(html|txt)$/, '');
  if (/(^|[\\/])i18n[\\/]/.test(file) || /^f-(message|plural|decimal|unit)(-|$)/.test(name)) return 'i18n';
  if (/^f-(date|datetime|datetime-interval|relative-time|timesince|humanize-duration)-\d+$/.test(name))
    return 'date-time';
  if (/^(ast|pretty)-/.test(name)) return 'ast';
  if (/^variables-/.test(name)) return 'variables';
  if (/^sections?-/.test(name)) return 'sections';
  if (/^(bindvar|ctxvar)-/.test(name)) return 'bindvar/ctxvar';
  if (/^eval-/.test(name)) return 'eval';
  if (/^inject-/.test(name)) return 'inject';
  if (/^(macros?|partials?|include)-/.test(name) || /^f-macro-/.test(name)) return 'macros/partials';
  if (/^errors?-/.test(name)) return 'errors';
  if (/^predicates?-/.test(name)) return 'predicates';
  const predicate = /^p-(.+?)(-\d+)?$/.exec(name)?.[1];
  if (predicate && (predicate === 'even-odd' || Object.hasOwn(CORE_PREDICATES, `${predicate}?`))) return 'predicates';
  const formatter = /^f-(.+?)(-\d+)?$/.exec(name)?.[1];
  if (formatter && Object.hasOwn(CORE_FORMATTERS, formatter)) return 'core formatters';
  if (/^(formatters?)-/.test(name)) return 'core formatters';
  return contentAreaOf(name) ?? 'plugins';
}

/** Names a template uses that no plugin table has (they make the vector pending). */
function missingPlugins(template: string): string[] {
  const { errors } = compile(template);
  return errors.flatMap((e) => {
    const m = /^(Formatter|Predicate) '([^']+)' is unknown$/.exec(e.message);
    return m ? [m[2] as string] : [];
  });
}

/**
 * The lines of an output, compared position by position. Vector outputs are compared whole
 * after trimming. Template/output pairs compare line by line, each line trimmed and blank lines
 * ignored: their output files are not laid out like their templates (extra blank lines,
 * indented lines), but every text line must be exact.
 */
function outputLines(text: string, lineByLine: boolean): string[] {
  if (!lineByLine) return text.trim().split('\n');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function runVector(file: string, vector: Vector, lineByLine = false): VectorResult {
  const area = areaOf(file);
  if (['plugins', 'content', 'social', 'i18n', 'date-time'].includes(area)) {
    const missing = missingPlugins(vector.template);
    if (missing.length > 0) return { file, area, outcome: 'pending', detail: `needs ${missing.join(', ')}` };
  }
  if (vector.output === undefined) {
    const { code } = compile(vector.template);
    return isDeepStrictEqual(code, vector.json)
      ? { file, area, outcome: 'pass' }
      : { file, area, outcome: 'fail', detail: `tree ${JSON.stringify(code)}` };
  }
  const { output } = execute(vector.template, vector.json, {
    partials: vector.partials,
    injects: vector.injects,
    ...(vector.locale ? { locale: vector.locale } : {}),
    ...(vector.now !== undefined ? { now: vector.now } : {}),
  });
  return isDeepStrictEqual(outputLines(output, lineByLine), outputLines(vector.output, lineByLine))
    ? { file, area, outcome: 'pass' }
    : { file, area, outcome: 'fail', detail: `got ${JSON.stringify(output.trim())}` };
}

/** A listed vector whose twin has the same input and passes is contradicted, not failed. */
function checkContradiction(result: VectorResult, vector: Vector, twinFile: string): VectorResult {
  let twin: Vector | undefined;
  try {
    twin = parseVector(readFileSync(twinFile, 'utf8'));
  } catch {
    return result;
  }
  const sameInput =
    twin !== undefined && twin.template === vector.template && isDeepStrictEqual(twin.json, vector.json);
  if (!sameInput || runVector(twinFile, twin as Vector).outcome !== 'pass') return result;
  return { ...result, outcome: 'contradicted', detail: `same input as ${basename(twinFile)}, which passes` };
}

function vectorFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...vectorFiles(path));
    else if (/\.(html|txt)$/.test(entry)) files.push(path);
  }
  return files;
}

const PAIR_OUTPUT_RE = /^(.+)-out-([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)\.html$/;

/**
 * Template/output pairs (the `i18n/units` folder): `NAME-in.html` is a bare template rendered
 * against the folder's `_numbers.json` once per `NAME-out-LOCALE.html`, in that locale, and must
 * give its text. Output files without a template are not vectors.
 */
export function pairedVectors(file: string): { file: string; vector: Vector }[] {
  const dir = dirname(file);
  const name = basename(file).replace(/-in\.html$/, '');
  const template = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const json = JSON.parse(readFileSync(join(dir, '_numbers.json'), 'utf8')) as unknown;
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const match = PAIR_OUTPUT_RE.exec(entry);
      if (!match || match[1] !== name) return [];
      const output = readFileSync(join(dir, entry), 'utf8').replace(/\r\n/g, '\n');
      const locale = (match[2] as string).replace(/_/g, '-');
      return [{ file: join(dir, entry), vector: { template, output, json, partials: {}, injects: {}, locale } }];
    });
}

function isPairedTemplate(file: string): boolean {
  return (
    /-in\.html$/.test(file) && statSync(join(dirname(file), '_numbers.json'), { throwIfNoEntry: false }) !== undefined
  );
}

/** Runs every vector under `dirs`; files that are not vectors are skipped. */
export function runConformance(dirs: string[]): VectorResult[] {
  const results: VectorResult[] = [];
  for (const dir of dirs) {
    for (const file of vectorFiles(dir)) {
      if (isPairedTemplate(file)) {
        try {
          for (const pair of pairedVectors(file))
            results.push(runVector(relative(process.cwd(), pair.file), pair.vector, true));
        } catch (error) {
          results.push({ file, area: areaOf(file), outcome: 'fail', detail: `unreadable pair: ${String(error)}` });
        }
        continue;
      }
      let vector: Vector | undefined;
      try {
        vector = parseVector(readFileSync(file, 'utf8'));
      } catch (error) {
        results.push({ file, area: areaOf(file), outcome: 'fail', detail: `unreadable vector: ${String(error)}` });
        continue;
      }
      if (!vector) continue;
      let result = runVector(relative(process.cwd(), file), vector);
      const twinName = CONTRADICTED_BY[basename(file)];
      if (result.outcome === 'fail' && twinName)
        result = checkContradiction(result, vector, join(dirname(file), twinName));
      results.push(result);
    }
  }
  return results;
}

function main(argv: string[]): number {
  const verbose = argv.includes('--verbose');
  const dirs = argv.filter((a) => !a.startsWith('--'));
  if (dirs.length === 0) {
    console.error('usage: npm run conformance -- DIR... [--verbose] [--differential[=RUNS]]');
    return 2;
  }
  const results = runConformance(dirs);
  const differential = argv.find((a) => a === '--differential' || a.startsWith('--differential='));
  if (differential !== undefined) {
    const runs = Number(differential.split('=')[1] ?? 3000);
    for (const family of runDifferential(runs)) {
      results.push({
        file: `differential: ${family.name} (${family.runs} renders)`,
        area: 'differential',
        outcome: family.failure ? 'fail' : 'pass',
        ...(family.failure ? { detail: family.failure } : {}),
      });
    }
  }
  const areas = new Map<string, Record<Outcome, number>>();
  for (const r of results) {
    const counts = areas.get(r.area) ?? { pass: 0, fail: 0, pending: 0, contradicted: 0 };
    counts[r.outcome]++;
    areas.set(r.area, counts);
  }
  for (const [area, c] of [...areas].sort()) {
    const extra = [c.pending ? `${c.pending} pending` : '', c.contradicted ? `${c.contradicted} contradicted` : '']
      .filter(Boolean)
      .map((t) => `, ${t}`)
      .join('');
    console.log(`${area.padEnd(18)} ${c.pass} passed, ${c.fail} failed${extra}`);
  }
  for (const r of results) {
    if (r.outcome === 'fail' || r.outcome === 'contradicted' || (verbose && r.outcome === 'pending')) {
      console.log(`  ${r.outcome.toUpperCase()} ${r.file}${r.detail ? `: ${r.detail.slice(0, 300)}` : ''}`);
    }
  }
  const passed = results.filter((r) => r.outcome === 'pass').length;
  const failed = results.filter((r) => r.outcome === 'fail').length;
  const pending = results.filter((r) => r.outcome === 'pending').length;
  if (pending)
    console.log(`${pending} pending: they use formatters or predicates not built yet (--verbose lists them)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && /conformance\.ts$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
