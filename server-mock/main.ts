import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDb } from './store/db';

const port = Number(process.env.PORT ?? 4173);
const file = process.env.STORE_DB ?? './.data/store.db';
const db = openDb(file);
const app = createApp({ db, distDir: process.env.DIST_DIR ?? 'dist' });

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`Storefront demo store (${file === ':memory:' ? 'in memory' : file}) at http://localhost:${info.port}/`);
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use. Stop the other server or choose another port: PORT=4180 npm start`
      : `The server could not start: ${error.message}`,
  );
  db.close();
  process.exit(1);
});

function shutdown() {
  server.close();
  db.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
