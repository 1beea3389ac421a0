import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { shopperPage, type CookiePolicy, type Engine, type EngineBrowser, type Key } from './driver';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';
const SCREEN = { width: 1280, height: 1024 };

/** WebKitGTK's MiniBrowser (package libwebkit2gtk-4.1-0), under the multiarch folder of this machine. */
export function miniBrowserPath(): string | undefined {
  if (process.env.WEBKIT_MINIBROWSER_PATH) return process.env.WEBKIT_MINIBROWSER_PATH;
  const lib = '/usr/lib';
  for (const dir of readdirSync(lib)) {
    const candidate = `${lib}/${dir}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * MiniBrowser's options per policy: its default is `--cookies-policy=no-third-party` (WebKitGTK's
 * own default: a third-party answer sets no cookie, cookies the site set first-party are still
 * sent); "blocked" adds Intelligent Tracking Prevention, which as in Safari sends none either.
 */
const POLICY_ARGS: Partial<Record<CookiePolicy, string[]>> = { default: [], blocked: ['--enable-itp'] };

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** W3C key codes of the keys journeys press. */
const KEY_CODES: Record<Key, string> = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

class WebDriverError extends Error {}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}

/** One try at a WebKitWebDriver on a free port, on a display of its own (`xvfb-run -a`). */
async function tryStartDriver(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    XVFB_RUN,
    ['-a', '-s', `-screen 0 ${SCREEN.width}x${SCREEN.height}x24`, WEBKIT_DRIVER_PATH, `--port=${port}`],
    // Its own process group, so stopping it stops Xvfb and MiniBrowser too.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver stopped (${child.exitCode}): ${output}`);
    const ready = await fetch(`${url}/status`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { url, child };
    if (Date.now() > end) {
      await stopGroup(child);
      throw new Error(`WebKitWebDriver did not answer in 30 s: ${output}`);
    }
    // The driver prints nothing when ready: its port answering is the only sign, so it is polled.
    await delay(50);
  }
}

/**
 * A WebKitWebDriver, tried up to three times: two `xvfb-run -a` starting at once may pick the same
 * display, and the free port may be taken before the driver binds it.
 */
async function startDriver(): Promise<{ url: string; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryStartDriver();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Debian's WebKitGTK: WebKitWebDriver driving MiniBrowser, W3C WebDriver classic over plain fetch. */
export const webkitEngine: Engine = {
  name: 'webkit',
  missing: () => {
    const missing = [
      existsSync(WEBKIT_DRIVER_PATH) ? '' : `${WEBKIT_DRIVER_PATH} (Debian package webkit2gtk-driver)`,
      miniBrowserPath() ? '' : 'MiniBrowser (Debian package libwebkit2gtk-4.1-0)',
      existsSync(XVFB_RUN) ? '' : `${XVFB_RUN} (Debian package xvfb)`,
    ].filter(Boolean);
    return missing.length > 0 ? missing.join(', ') : undefined;
  },
  async launch(policy: CookiePolicy): Promise<EngineBrowser> {
    const args = POLICY_ARGS[policy];
    if (!args) throw new Error(`WebKitGTK has no "${policy}" policy here`);
    const driver = await startDriver();
    const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
      const response = await fetch(`${driver.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { value: { error?: string; message?: string } | unknown };
      if (!response.ok) {
        const value = answer.value as { error?: string; message?: string };
        throw new WebDriverError(`${value.error ?? response.status}: ${value.message ?? ''}`);
      }
      return answer.value;
    };
    return {
      async newPage() {
        const { sessionId } = (await call('POST', '/session', {
          capabilities: {
            alwaysMatch: {
              acceptInsecureCerts: true,
              'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation', ...args] },
            },
          },
        })) as { sessionId: string };
        const session = (method: string, path: string, body?: unknown) =>
          call(method, `/session/${sessionId}${path}`, body);
        await session('POST', '/window/rect', { width: 1280, height: 900 });
        const keys = (codes: string[]) =>
          session('POST', '/actions', {
            actions: [
              {
                type: 'key',
                id: 'keyboard',
                actions: codes.flatMap((value) => [
                  { type: 'keyDown', value },
                  { type: 'keyUp', value },
                ]),
              },
            ],
          });
        return shopperPage({
          engine: 'webkit',
          goto: async (url) => void (await session('POST', '/url', { url })),
          reload: async () => void (await session('POST', '/refresh', {})),
          url: async () => (await session('GET', '/url')) as string,
          evaluate: async (expression) => {
            const answer = (await session('POST', '/execute/async', {
              script: `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => ${expression}).then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`,
              args: [],
            })) as { value?: unknown; error?: string };
            if (answer.error !== undefined) throw new Error(answer.error);
            return answer.value;
          },
          element: async (expression) => {
            const found = (await session('POST', '/execute/sync', {
              script: `return ${expression};`,
              args: [],
            })) as Record<string, string> | null;
            return found?.[ELEMENT] ?? null;
          },
          clickElement: async (element) => {
            // WebKit calls a button outside the view "not interactable": bring it to the middle first,
            // at once (a theme's `scroll-behavior: smooth` would move it while the click is aimed).
            await session('POST', '/execute/sync', {
              script: "arguments[0].scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });",
              args: [{ [ELEMENT]: element }],
            });
            await session('POST', `/element/${element as string}/click`, {});
          },
          type: async (text) => void (await keys([...text])),
          press: async (key) => void (await keys([KEY_CODES[key]])),
          viewport: async (width, height) => {
            // The window's size includes MiniBrowser's bar: sized once more by the difference. Its
            // window is never narrower than its toolbar (447 px here): a phone is laid out at that width.
            await session('POST', '/window/rect', { width, height });
            const inner = (await session('POST', '/execute/sync', {
              script: 'return [innerWidth, innerHeight];',
              args: [],
            })) as [number, number];
            const [dw, dh] = [Math.max(0, width - inner[0]), height - inner[1]];
            if (dw !== 0 || dh !== 0) await session('POST', '/window/rect', { width: width + dw, height: height + dh });
            // With no window manager the window under Xvfb's pointer (the screen's middle) has the
            // keyboard: centred, a narrow window keeps it (else nothing in the page matches :focus).
            const rect = (await session('GET', '/window/rect')) as { width: number; height: number };
            await session('POST', '/window/rect', {
              x: Math.round((SCREEN.width - rect.width) / 2),
              y: Math.max(0, Math.round((SCREEN.height - rect.height) / 2)),
            });
          },
          screenshot: async () => Buffer.from((await session('GET', '/screenshot')) as string, 'base64'),
          close: async () => void (await session('DELETE', '').catch(() => undefined)),
        });
      },
      close: () => stopGroup(driver.child),
    };
  },
};
