#!/usr/bin/env node
// templatec: render a template from the command line (see template/templatec.ts).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../template/templatec.ts');
process.exitCode = main(
  process.argv.slice(2),
  (s) => process.stdout.write(s),
  (s) => process.stderr.write(`${s}\n`),
);
