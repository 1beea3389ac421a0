// npm test: type check, unit tests, build, end-to-end tests in Chromium; ends with one line "N passed, M failed".
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

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
} else {
  check('unit', false);
}

const built =
  run('Build (rollup)', npx, ['rollup', '-c', '--silent']) &&
  run('Static demo pages (dist/demo)', npx, ['tsx', 'build/build-demo.ts']);
check('build', built);

if (!built) {
  lines.push('e2e: skipped (no build)');
  failed++;
} else if (!ensureChromium()) {
  lines.push('e2e: skipped (no Chromium)');
  failed++;
} else {
  const e2eOk = run('End-to-end tests (Playwright, Chromium)', npx, ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/playwright.json`,
  });
  const e2e = readJson(`${OUT}/playwright.json`);
  if (e2e?.stats) {
    const ok = e2e.stats.expected + e2e.stats.flaky;
    const bad = e2e.stats.unexpected;
    passed += ok;
    failed += bad + (e2eOk || bad > 0 ? 0 : 1);
    lines.push(`e2e: ${ok} passed, ${bad} failed${e2e.stats.skipped ? `, ${e2e.stats.skipped} skipped` : ''}`);
  } else {
    check('e2e', false);
  }
}

console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
