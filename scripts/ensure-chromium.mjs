// Makes sure Debian's Chromium is installed for the end-to-end suite and the benchmark.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

/** Returns true when Chromium is there (installing it when we are root with apt-get), else explains and returns false. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Chromium is missing at ${CHROMIUM}; installing Debian's chromium package…`);
    const result = spawnSync('sh', ['-c', INSTALL], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status === 0 && existsSync(CHROMIUM)) return true;
  }
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo sh -c '${INSTALL}'`);
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
