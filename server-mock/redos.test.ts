import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseColor } from '../contract/color';
import { headerText, isDeliverableEmail, isValidEmail } from '../contract/email';
import { limitQueryString } from '../contract/query-string';
import { compile, execute } from '../template';
import { checkLinkUrl } from './validation/site-settings';

/** A run past this is a failure (an exponential pattern would otherwise run for hours). */
const TIMEOUT_MS = 3_000;
/** The small input's size; the large one is {@link GROWTH} times longer. */
const N = 40_000;
const GROWTH = 8;
/** Linear time grows 8x for 8x the input, quadratic 64x: anything under 3x the growth passes. */
const MAX_RATIO = GROWTH * 3;
/** Times under this are noise on a shared machine: ratios are taken from it. */
const FLOOR_MS = 0.5;

/** The best of three runs of `run(input)` in milliseconds; Infinity when one passes the timeout. */
function timeOf(run: (input: string) => unknown, input: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    try {
      vm.runInNewContext('run(input)', { run, input }, { timeout: TIMEOUT_MS });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return Infinity;
      throw error;
    }
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const template = (source: string, data: Record<string, unknown>) => () => execute(source, data).output;

/**
 * Every check that runs a regular expression over what a shopper, an owner or a template sends,
 * with the input that made it backtrack or retry: `worst(n)` is about n characters long.
 */
const CASES: [name: string, run: (input: string) => unknown, worst: (n: number) => string][] = [
  ['a header/footer page path (PAGE_PATH)', checkLinkUrl, (n) => `/${'a'.repeat(n)}"`],
  ['a page path of many segments', checkLinkUrl, (n) => `/${'a/'.repeat(n / 2)}"`],
  ['a web address (WEB_URL)', checkLinkUrl, (n) => `http://${'a.'.repeat(n / 2)} `],
  ['a mailto link', checkLinkUrl, (n) => `mailto:${'a'.repeat(n)}@b.c"`],
  ['the widgets e-mail rule', isValidEmail, (n) => `a@${'a.'.repeat(n / 2)}!`],
  ['the server e-mail rule', isDeliverableEmail, (n) => `${'a'.repeat(n)}@example.com`],
  ['an e-mail header value', headerText, (n) => `${'\r\n'.repeat(n / 2)}x`],
  ['a colour model', (s) => parseColor(s, () => undefined), (n) => `rgb(${' '.repeat(n)}x`],
  ['a long query string', limitQueryString, (n) => `${'a=1&'.repeat(1001)}${'&'.repeat(n)}b`],
  ['the decimal formatter', (s) => template('{v|decimal}', { v: s })(), (n) => `${'1'.repeat(n)}x`],
  ['a money amount', (s) => template('{v|percentage-format}', { v: s })(), (n) => `1${'0'.repeat(n)}1`],
  ['an expression on text', (s) => template('{.eval v * 1}', { v: s })(), (n) => `${'1'.repeat(n)}x`],
  ['an excerpt of markup', (s) => template('{.excerpt?}y{.end}', { excerpt: s })(), (n) => '<'.repeat(n)],
  ['the format formatter', (s) => template('{v|format}', { v: s })(), (n) => '{'.repeat(n)],
  ['a long template instruction', (s) => compile(s).errors.length, (n) => `{a|html${' '.repeat(n)}x}`],
  ['a template eval instruction', (s) => compile(s).errors.length, (n) => `{.eval${' '.repeat(n)}}`],
];

describe('regular expressions on user input run in linear time', () => {
  it.each(CASES)('%s', (_, run, worst) => {
    const small = timeOf(run, worst(N));
    const large = timeOf(run, worst(N * GROWTH));
    expect(small, 'the small input passed the timeout').toBeLessThan(Infinity);
    expect(large, 'the large input passed the timeout').toBeLessThan(Infinity);
    expect(large / Math.max(small, FLOOR_MS)).toBeLessThan(MAX_RATIO);
  });
});
