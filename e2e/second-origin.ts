import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A running server: its origin as `http://localhost:PORT`, and how to stop it. */
export interface RunningServer {
  readonly port: number;
  /** `http://localhost:PORT`. */
  readonly origin: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** Pages made per request (`/theme.html` -> HTML), so they can name servers started after this one. */
  pages?: Record<string, () => string>;
  /** A folder served as files (a CDN for dist/, or a static deployment), every file with `Access-Control-Allow-Origin: *`. */
  root?: string;
  /** Answers `/dir/` and `/dir` with `/dir/index.html` (a static site's pretty URLs). */
  directoryIndex?: boolean;
}

/** The theme developer's web server (or a CDN): node:http on a free port of 127.0.0.1. */
export async function startStaticServer(options: StaticServerOptions): Promise<RunningServer> {
  const root = options.root ? resolve(options.root) : undefined;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      const page = options.pages?.[path];
      if (page) {
        response.writeHead(200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store' });
        response.end(page());
        return;
      }
      if (root) {
        const candidates = [path];
        if (options.directoryIndex) candidates.push(`${path.replace(/\/$/, '')}/index.html`);
        for (const candidate of candidates) {
          const file = resolve(root, `.${candidate}`);
          if (!file.startsWith(root + sep)) break;
          const body = await readFile(file).catch(() => null);
          if (!body) continue;
          response.writeHead(200, {
            'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
            'Access-Control-Allow-Origin': '*',
            'Cache-Control': 'no-cache',
          });
          response.end(body);
          return;
        }
      }
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not found');
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://localhost:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * A server-mock of its own (a fresh in-memory store) on a free port, with `env` on top of the
 * e2e defaults; stops with `close()`. For settings that name the other server's port, known only
 * once it listens (ALLOWED_ORIGINS, ASSET_BASE_URL).
 */
export async function startStore(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server-mock/main.ts'], {
    env: { ...process.env, PORT: '0', STORE_DB: ':memory:', ADDRESS_RATE_LIMIT: '100000/10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`server-mock did not start in 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server-mock exited (${code}):\n${output}`));
    });
  });
  return {
    port,
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
