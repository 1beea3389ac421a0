// npm test: type check, lint, build, unit tests (the byte budgets read the build), end-to-end tests in Chromium, the shopper journeys in
// Chromium, Firefox ESR and WebKitGTK; ends with one line "N passed, M failed".
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureBrowsers, hasBrowser } from './ensure-browsers.mjs';

const OUT = '.test-results';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A check with no test count of its own (type check, build) counts as one test. */
function check(title, ok) {
  if (ok) passed++;
  else failed++;
  lines.push(`${title}: ${ok ? 'ok' : 'FAILED'}`);
}

const npx = 'npx';

check('type check', run('Type check (tsc --noEmit)', npx, ['tsc', '--noEmit']));
check('lint', run('Lint (eslint, prettier --check)', 'npm', ['run', '--silent', 'lint']));

// The build comes before the unit tests: the byte budgets (bench/page-budgets.test.ts) read it.
const built =
  run('Build (rollup)', npx, ['rollup', '-c', '--silent']) &&
  run('Static demo pages (dist/demo)', npx, ['tsx', 'build/build-demo.ts']);
check('build', built);

const unitOk = run('Unit tests (vitest, happy-dom + node)', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${OUT}/vitest.json`,
]);
const unit = readJson(`${OUT}/vitest.json`);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests + (unitOk || unit.numFailedTests > 0 ? 0 : 1);
  lines.push(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  for (const file of unit.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') lines.push(`  ✘ ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
} else {
  check('unit', false);
}

/** A Playwright run whose counts join the total, read from its JSON report. */
function playwright(title, label, args) {
  // Absolute: Playwright reads a relative report name from the config's folder.
  const json = resolve(OUT, `${label}.json`);
  const ok = run(title, npx, ['playwright', 'test', ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
  const report = readJson(json);
  if (!report?.stats) return check(label, false);
  const good = report.stats.expected + report.stats.flaky;
  const bad = report.stats.unexpected;
  passed += good;
  failed += bad + (ok || bad > 0 ? 0 : 1);
  lines.push(
    `${label}: ${good} passed, ${bad} failed${report.stats.skipped ? `, ${report.stats.skipped} skipped` : ''}`,
  );
  lines.push(...failures(report.suites ?? []));
}

/** One line per failed Playwright test, so the end of the log names what failed. */
function failures(suites, parents = []) {
  return suites.flatMap((suite) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...parents, suite.title] : parents;
    return [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests
          .filter((test) => test.status === 'unexpected')
          .map(
            (test) => `  ✘ [${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
          ),
      ),
      ...failures(suite.suites ?? [], titles),
    ];
  });
}

if (!built) {
  lines.push('e2e: skipped (no build)');
  failed++;
} else {
  // One apt-get for every missing browser (when root), before either browser run.
  ensureBrowsers();
  if (!hasBrowser('chromium')) {
    lines.push('e2e: skipped (no Chromium)');
    failed++;
  } else {
    playwright('End-to-end tests (Playwright, Chromium)', 'e2e', ['--reporter=list,json']);
  }
  if (!['chromium', 'firefox', 'webkit'].every(hasBrowser)) {
    lines.push('engines: skipped (browsers missing, see above)');
    failed++;
  } else {
    playwright('Shopper journeys (Chromium, Firefox ESR, WebKitGTK)', 'engines', [
      '-c',
      'e2e/engines/engines.config.ts',
      '--reporter=list,json,./e2e/engines/matrix-reporter.ts',
    ]);
  }
}

console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
