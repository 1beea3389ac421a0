/**
 * npm run bench:template: renders the same realistic page with our engine and with the
 * reference engine (@squarespace/template-engine, a dev dependency for comparison only),
 * checks both outputs agree, and prints renders per second and the ratio.
 */
import { createRequire } from 'node:module';
import { compile, execute } from '../template/index';
import { BENCH_TEMPLATE, benchData } from './template-page';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: { code: unknown; json: unknown }): { ctx: { render(): string } };
}
const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
  Compiler: new () => ReferenceCompiler;
};

function rate(render: () => string, seconds: number): { perSecond: number; output: string } {
  let output = render();
  for (let i = 0; i < 20; i++) output = render(); // warm-up
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < seconds * 1000) {
    output = render();
    count++;
  }
  return { perSecond: (count * 1000) / (performance.now() - start), output };
}

const data = benchData();
const ours = compile(BENCH_TEMPLATE);
if (ours.errors.length > 0) throw new Error(`benchmark template does not compile: ${JSON.stringify(ours.errors)}`);
const reference = new Compiler();
const referenceCode = reference.parse(BENCH_TEMPLATE).code;

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds: { ours: number; reference: number }[] = [];
let oursOutput = '';
let referenceOutput = '';
for (let round = 0; round < 3; round++) {
  const a = rate(() => execute(ours.code, data).output, seconds);
  const b = rate(() => reference.execute({ code: referenceCode, json: data }).ctx.render(), seconds);
  rounds.push({ ours: a.perSecond, reference: b.perSecond });
  oursOutput = a.output;
  referenceOutput = b.output;
}

const agree = oursOutput === referenceOutput;
const best = (key: 'ours' | 'reference') => Math.max(...rounds.map((r) => r[key]));
console.log(`Page: 200-product grid + 100-post blog list, ${Math.round(oursOutput.length / 1024)} KB of HTML`);
console.log(`outputs agree: ${agree ? 'yes' : 'NO'}`);
console.log(`ours:      ${best('ours').toFixed(0)} renders/s`);
console.log(`reference: ${best('reference').toFixed(0)} renders/s`);
console.log(`ratio:     ${(best('ours') / best('reference')).toFixed(2)}x (target: at least 2x)`);
if (!agree) {
  const at = [...oursOutput].findIndex((ch, i) => ch !== referenceOutput[i]);
  console.log(
    `first difference at ${at}:\n ours: ${JSON.stringify(oursOutput.slice(at - 40, at + 80))}\n ref:  ${JSON.stringify(referenceOutput.slice(at - 40, at + 80))}`,
  );
  process.exitCode = 1;
}
