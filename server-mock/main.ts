import { serve } from '@hono/node-server';
import { createApp } from './app';
import { NewerSchemaError } from './store/db';
import { openStore } from './store/open-store';
import { warmCatalog } from './store/catalog';
import { openProductionStore, ProductionSetupError } from './store/production';
import { readServerSettings } from './server-settings';
import { startRetentionSweeper } from './store/retention';
import { DEFAULT_STOCK_HOLD_MINUTES } from './store/carts';

const settings = readServerSettings(process.env);
const { mode, file, port } = settings;
const db = (() => {
  try {
    if (mode === 'production') {
      return openProductionStore({
        file,
        // A malformed one is named among the settings' problems, not again as missing.
        publicOrigin: settings.publicOrigin ?? (process.env.PUBLIC_ORIGIN || undefined),
        ownerEmail: process.env.STORE_OWNER_EMAIL,
        ownerPassword: process.env.STORE_OWNER_PASSWORD,
        crumbSecret: process.env.CRUMB_SECRET,
        captchaSettings: settings.captcha
          ? { siteKey: settings.captcha.siteKey, scriptUrl: settings.captcha.scriptUrl }
          : undefined,
        settingsProblems: settings.problems,
      });
    }
    if (settings.problems.length > 0) {
      console.error(`The store cannot start:\n- ${settings.problems.join('\n- ')}`);
      process.exit(1);
    }
    return openStore(file);
  } catch (error) {
    if (!(error instanceof NewerSchemaError || error instanceof ProductionSetupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
// The port as the server knows it once it listens (PORT=0 picks one).
let listeningPort = port;
const app = createApp({
  db,
  mode,
  ...(settings.captcha ? { captcha: settings.captcha } : {}),
  distDir: process.env.DIST_DIR ?? 'dist',
  submitRateLimit: settings.submitRateLimit,
  rateLimit: settings.rateLimit,
  addressRateLimit: settings.addressRateLimit,
  stockHoldMinutes: settings.stockHoldMinutes,
  scarceStock: settings.scarceStock,
  trustProxy: process.env.TRUST_PROXY === '1',
  allowedOrigins: settings.allowedOrigins,
  assetBaseUrl: settings.assetBaseUrl,
  publicOrigin: settings.publicOrigin ?? (() => `http://localhost:${listeningPort}`),
});
// The shop order of every product is read before listening, not on the first shopper's request.
warmCatalog(db);

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  listeningPort = info.port;
  const what = mode === 'production' ? 'Storefront (production)' : 'Storefront demo store';
  console.log(`${what} (${file === ':memory:' ? 'in memory' : file}) at http://localhost:${info.port}/`);
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

// What is past its retention time goes in small batches, every minute, whatever the traffic.
const stopSweeper = startRetentionSweeper(db, {
  holdMs: (settings.stockHoldMinutes ?? DEFAULT_STOCK_HOLD_MINUTES) * 60_000,
});

function shutdown() {
  stopSweeper();
  server.close();
  db.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
