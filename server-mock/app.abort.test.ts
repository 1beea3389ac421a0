import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestStore } from './testing/test-store';

/**
 * A client that closes its connection in the middle of sending a body is no server error: the
 * real server (a socket, not `app.request`) logs nothing for it.
 */
describe('aborted uploads', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const step of cleanup.splice(0)) step();
    vi.restoreAllMocks();
  });

  it('logs no error when the client closes the socket mid-body', async () => {
    const { db, app } = openTestStore();
    let handled: () => void = () => {};
    let reached: () => void = () => {};
    const done = new Promise<void>((resolve) => (handled = resolve));
    const started = new Promise<void>((resolve) => (reached = resolve));
    const server = serve({
      fetch: async (request, env) => {
        if (request.method === 'POST') reached();
        try {
          return await app.fetch(request, env);
        } finally {
          if (request.method === 'POST') handled();
        }
      },
      port: 0,
      hostname: '127.0.0.1',
    });
    cleanup.push(() => {
      server.close();
      db.close();
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const page = await fetch(`http://127.0.0.1:${port}/shop`);
    const crumb = (page.headers.getSetCookie().find((c) => c.startsWith('crumb=')) ?? '').split(';')[0]?.slice(6);
    await page.text();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: crumb=${crumb}\r\n` +
        `X-CSRF-Token: ${crumb}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"itemId":`,
    );
    // The request has reached the app, which is waiting for the rest of the body; then the client goes.
    await started;
    await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });
});
