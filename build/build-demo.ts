import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_DEMO_API_ORIGIN, staticDemoFiles } from './static-demo';

/**
 * `npm run build`'s last step: writes every demo page as plain HTML to `dist/demo/` (or DEMO_DIR),
 * for any static file server, talking to the store at DEMO_API_ORIGIN (overridable when loaded).
 */
const dir = process.env.DEMO_DIR ?? 'dist/demo';
const value = process.env.DEMO_API_ORIGIN ?? DEFAULT_DEMO_API_ORIGIN;
let apiOrigin: string;
try {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  apiOrigin = url.origin;
} catch {
  console.error(`DEMO_API_ORIGIN must be an http(s) origin such as http://localhost:4173, not ${value}`);
  process.exit(1);
}

const files = await staticDemoFiles({ apiOrigin });
rmSync(dir, { recursive: true, force: true });
for (const [path, content] of files) {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}
console.log(`Static demo pages: ${files.size} files in ${dir}/, talking to ${apiOrigin}`);
