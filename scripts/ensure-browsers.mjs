// Makes sure Debian's browsers for the end-to-end suites are installed: chromium (Playwright, the
// benchmark), and firefox-esr, webkit2gtk-driver and xvfb for the three-engine shopper journeys.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Each engine: the files it needs and the Debian packages that bring them. */
export const BROWSERS = {
  chromium: { files: [CHROMIUM], packages: ['chromium'] },
  firefox: { files: [process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'], packages: ['firefox-esr'] },
  webkit: {
    files: [process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run'],
    packages: ['webkit2gtk-driver', 'xvfb'],
  },
};

/** The packages of `engines` that are missing here. */
function missingPackages(engines) {
  return engines.flatMap((engine) => {
    const { files, packages } = BROWSERS[engine];
    return files.every((file) => existsSync(file)) ? [] : packages;
  });
}

/**
 * Returns true when the engines' browsers are there, installing the missing Debian packages with
 * apt-get when we are root; otherwise prints the one command to run and returns false.
 */
export function ensureBrowsers(engines = Object.keys(BROWSERS)) {
  const missing = missingPackages(engines);
  if (missing.length === 0) return true;
  const install = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Installing Debian's ${missing.join(', ')} for the browser tests…`);
    const result = spawnSync('sh', ['-c', install], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status === 0 && missingPackages(engines).length === 0) return true;
  }
  console.error(`The browser tests need Debian's ${missing.join(', ')}. Install them with:\n  sudo sh -c '${install}'`);
  return false;
}

/** Whether one engine's browser is there now (without installing anything). */
export function hasBrowser(engine) {
  return missingPackages([engine]).length === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv.slice(2);
  process.exit(ensureBrowsers(engines.length > 0 ? engines : undefined) ? 0 : 1);
}
