/**
 * templatec TEMPLATE.html DATA.json [--partials P.json] [--injects I.json] [--locale L] [--now MS]
 * Prints the rendered output; problems go to stderr as FILE:LINE:COLUMN: message.
 * Exit code: 0 clean, 1 rendered with errors, 2 bad usage or unreadable input.
 */
import { readFileSync } from 'node:fs';
import { compile, execute } from './index';

interface Args {
  template?: string;
  data?: string;
  partials?: string;
  injects?: string;
  locale?: string;
  now?: string;
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const flag = /^--(partials|injects|locale|now)$/.exec(arg)?.[1] as keyof Args | undefined;
    if (flag) {
      const value = argv[++i];
      if (value === undefined) return `${arg} needs a value`;
      args[flag] = value;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else {
      positional.push(arg);
    }
  }
  if (positional.length < 1 || positional.length > 2) return 'expected TEMPLATE.html [DATA.json]';
  [args.template, args.data] = positional;
  return args;
}

function readJson(file: string, what: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${what} ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    err(
      `templatec: ${args}\nusage: templatec TEMPLATE.html [DATA.json] [--partials P.json] [--injects I.json] [--locale L] [--now MS]`,
    );
    return 2;
  }
  let source: string;
  let data: unknown;
  let partials: Record<string, string> = {};
  let injects: Record<string, string> = {};
  try {
    source = readFileSync(args.template as string, 'utf8');
    data = args.data ? readJson(args.data, 'data') : {};
    if (args.partials) partials = readJson(args.partials, 'partials') as Record<string, string>;
    if (args.injects) injects = readJson(args.injects, 'injects') as Record<string, string>;
  } catch (error) {
    err(`templatec: ${(error as Error).message}`);
    return 2;
  }
  const compiled = compile(source);
  const result = execute(compiled.code, data, {
    partials,
    injects,
    ...(args.locale ? { locale: args.locale } : {}),
    ...(args.now ? { now: Number(args.now) } : {}),
  });
  out(result.output);
  const errors = [...compiled.errors, ...result.errors];
  for (const e of errors) err(`${e.source ?? args.template}:${e.line}:${e.column}: ${e.message}`);
  return errors.length > 0 ? 1 : 0;
}

if (process.argv[1] && /templatec\.ts$/.test(process.argv[1])) {
  process.exitCode = main(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(`${s}\n`),
  );
}
