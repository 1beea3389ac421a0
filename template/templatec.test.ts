import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './templatec';

function run(args: string[]) {
  let out = '';
  const err: string[] = [];
  const code = main(
    args,
    (s) => (out += s),
    (s) => err.push(s),
  );
  return { code, out, err };
}

describe('templatec', () => {
  const dir = mkdtempSync(join(tmpdir(), 'templatec-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('prints the output and exits 0 for a clean template', () => {
    const tpl = file('ok.html', '<h1>{title|html}</h1>{@|apply card}');
    const data = file('ok.json', '{"title": "Tea & Cake"}');
    const partials = file('p.json', '{"card": "[{title}]"}');
    expect(run([tpl, data, '--partials', partials])).toEqual({
      code: 0,
      out: '<h1>Tea &amp; Cake</h1>[Tea & Cake]',
      err: [],
    });
  });

  it('reports problems as FILE:LINE:COLUMN and exits 1, still printing the output', () => {
    const tpl = file('bad.html', 'ok\n  {x|nosuch}\n{.end}');
    const result = run([tpl]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('ok\n  {x|nosuch}\n');
    expect(result.err).toEqual([
      `${tpl}:2:3: Formatter 'nosuch' is unknown`,
      `${tpl}:3:1: Instruction END not allowed at root`,
    ]);
  });

  it('refuses bad usage and unreadable input with exit code 2', () => {
    expect(run([]).code).toBe(2);
    expect(run(['--bogus', 'x']).err[0]).toBe(
      'templatec: unknown option --bogus\nusage: templatec TEMPLATE.html [DATA.json] [--partials P.json] [--injects I.json] [--locale L] [--now MS]',
    );
    const tpl = file('t.html', '{a}');
    const broken = file('broken.json', '{nope');
    const result = run([tpl, broken]);
    expect(result.code).toBe(2);
    expect(result.err[0]).toMatch(/^templatec: data .*broken\.json is not valid JSON/);
    expect(run([join(dir, 'missing.html')]).code).toBe(2);
  });
});
