import { serve, type ServerType } from '@hono/node-server';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  request as httpRequest,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server-mock/app';
import { openStore } from '../../server-mock/store/open-store';

/** Where a journey shops: the store's own site, and a theme developer's site that embeds it. */
export interface Sites {
  /** `https://127.0.0.1:B`: the store, behind a TLS proxy. */
  readonly store: string;
  /** `https://localhost:A`: another site (another registrable domain than 127.0.0.1), over HTTPS. */
  readonly theme: string;
}

/** A file of a theme's site: HTML, or another type with its body. */
export type ThemeFile = string | { readonly type: string; readonly body: string | Buffer };

/** A theme's files by path, each made per request from the sites (the store's origin changes per run). */
export type ThemePages = Record<string, (sites: Sites) => ThemeFile>;

export interface TestServers extends Sites {
  /** Points the store's proxy at a new store with a fresh in-memory database; close it after the test. */
  freshStore(): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

/** A self-signed certificate for localhost and 127.0.0.1, made now (browsers are told to accept it). */
function testCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function listen(server: Server | HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function stop(server: Server | HttpServer | ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/**
 * The servers of one worker: a theme developer's HTTPS site serving `pages`, and the store's TLS
 * proxy (as in front of a real store: `X-Forwarded-Proto: https`, the store trusting it), which
 * forwards to the store of the current test. Every port is free-picked; `close()` stops them all.
 */
export async function startTestServers(options: {
  /** The theme developer's pages. */
  pages: ThemePages;
  /** Pages the store's proxy answers itself, without the store's cookies (a CDN's cached copy, a static page). */
  storePages?: ThemePages;
  distDir?: string;
  /** How long the store's proxy holds each script before answering: a slow network, in every engine. */
  scriptDelayMs?: number;
}): Promise<TestServers> {
  const tls = testCertificate();
  // Known once both servers listen; the store changes per test.
  const state: { sites?: Sites; upstream?: number } = {};

  /** Answers from `pages` when it has the path; says whether it did. */
  const servePage = (pages: ThemePages, request: IncomingMessage, response: ServerResponse): boolean => {
    const { sites } = state;
    const page = sites && pages[new URL(request.url ?? '/', 'https://x').pathname];
    if (!page || !sites) return false;
    const file = page(sites);
    const { type, body } = typeof file === 'string' ? { type: 'text/html; charset=utf-8', body: file } : file;
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(body);
    return true;
  };

  const theme = createHttpsServer(tls, (request, response) => {
    if (!servePage(options.pages, request, response)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  });

  const proxy = createHttpsServer(tls, (request, response) => {
    if (options.storePages && servePage(options.storePages, request, response)) return;
    const { upstream } = state;
    const delay = options.scriptDelayMs && /\.js(\?|$)/.test(request.url ?? '') ? options.scriptDelayMs : 0;
    if (delay > 0) {
      request.pause();
      setTimeout(() => forward(request, response, upstream), delay);
      return;
    }
    forward(request, response, upstream);
  });

  function forward(request: IncomingMessage, response: ServerResponse, upstream: number | undefined): void {
    if (upstream === undefined) {
      response.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"No store is running."}');
      return;
    }
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: upstream,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: `The store did not answer: ${error.message}` }));
    });
    request.pipe(forwarded);
  }

  const [themePort, storePort] = await Promise.all([listen(theme), listen(proxy)]);
  const store = `https://127.0.0.1:${storePort}`;
  const themeOrigin = `https://localhost:${themePort}`;
  state.sites = { theme: themeOrigin, store };

  return {
    store,
    theme: themeOrigin,
    async freshStore() {
      const db = openStore(':memory:');
      const app = createApp({
        db,
        distDir: options.distDir ?? 'dist',
        trustProxy: true,
        allowedOrigins: [themeOrigin],
        publicOrigin: store,
        // Every call of a run comes from one address: the per-address ceiling would count them as one robot.
        addressRateLimit: { limit: 100_000, windowMs: 10_000 },
      });
      const server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      state.upstream = (server.address() as AddressInfo).port;
      return {
        async close() {
          state.upstream = undefined;
          await stop(server);
          db.close();
        },
      };
    },
    async close() {
      await Promise.all([stop(theme), stop(proxy)]);
    },
  };
}
