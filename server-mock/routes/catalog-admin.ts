import { LIMITS } from '../../contract/limits';
import { contentCollections } from '../pages/content-pages';
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  CATALOG_API,
  CATALOG_MESSAGES,
  fillMessage,
  formatFileSize,
  IMPORT_MAX_BYTES,
  type CatalogCollection,
  type CatalogTerms,
  type ImportJob,
} from '../../contract/catalog-admin';
import { productListPage } from '../store/catalog';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';
import { ownerOnly, type Refusal } from '../middleware/site-user-session';
import type { Db } from '../store/db';
import { checkDataset, exportCsv, importSteps, type Dataset } from '../store/product-csv';
import { addTerm, listTerms, removeTerm, renameTerm, termType } from '../store/product-terms';
import { refuseControlCharacters } from '../validation/payload-check';

/** Why an owner call was refused (401 signed out, 403 not an owner). */
const OWNER_MESSAGES: Record<Refusal, string> = {
  'signed-out': 'Please sign in to manage the catalog.',
  'not-owner': 'Your account does not have permission to manage the catalog.',
};

/** The import call: the route group applies its own body limit (the file's), not the API's. */
const IMPORT = '/import';
export const IMPORT_PATH = `${CATALOG_API}${IMPORT}`;

/** Options of {@link catalogAdminRoutes}. */
export interface CatalogAdminOptions {
  /** Largest accepted file, in bytes (default {@link IMPORT_MAX_BYTES}). */
  maxImportBytes?: number;
  /** Rows checked, and rows written, between two pauses of an import job (default 100). */
  chunkRows?: number;
  /** The pause between two chunks, in ms (default 0: the next turn of the event loop). */
  chunkDelayMs?: number;
}

/** How long a finished job can still be read. */
const JOB_TTL_MS = 10 * 60_000;

/** A job as kept: when it may be forgotten, and whether it has begun to write (then it runs to its end). */
type KeptJob = ImportJob & { expires: number; writing: boolean };

/** Import jobs per store, kept while they run and a while after (what the owner's home counts). */
const importJobs = new WeakMap<Db, Map<string, KeptJob>>();

function importJobsOf(db: Db): Map<string, KeptJob> {
  let jobs = importJobs.get(db);
  if (!jobs) importJobs.set(db, (jobs = new Map()));
  return jobs;
}

/** The store's catalog imports still running. */
export function runningImports(db: Db): ImportJob[] {
  return [...importJobsOf(db).values()].filter((job) => job.status === 'running');
}

/** The owner's catalog calls: tags and categories, and product import and export as CSV. */
export function catalogAdminRoutes(db: Db, options: CatalogAdminOptions = {}): Hono {
  const { maxImportBytes = IMPORT_MAX_BYTES, chunkRows = 100, chunkDelayMs = 0 } = options;
  const app = new Hono();
  const owner = ownerOnly(db, (c, why) => c.json({ message: OWNER_MESSAGES[why] }, why === 'signed-out' ? 401 : 403));
  app.use('/*', owner);

  app.get('/terms', (c) => c.json(listTerms(db) satisfies CatalogTerms));

  // The store's collections: the shop (its products) and the content pages', with their limits.
  app.get('/collections', (c) => {
    const shop: CatalogCollection = {
      id: 'shop',
      title: 'Shop',
      path: '/shop',
      items: productListPage(db, {}, 1).total,
      // The shop shows its products a collection's worth (the platform's limit) a page.
      limit: LIMITS.productsPerCollection,
    };
    return c.json({ collections: [shop, ...contentCollections()] });
  });

  app.post('/terms', async (c) => {
    const body = await readJsonObject(c);
    const type = termType(body.type);
    return c.json({ type, name: addTerm(db, type, body.name) }, 201);
  });

  app.put('/terms/:type/:name', async (c) => {
    const type = termType(c.req.param('type'));
    const body = await readJsonObject(c);
    return c.json({ type, name: renameTerm(db, type, c.req.param('name'), body.name) });
  });

  app.delete('/terms/:type/:name', (c) => {
    removeTerm(db, termType(c.req.param('type')), c.req.param('name'));
    return c.json({});
  });

  app.get('/export', (c) => {
    let fileName = (c.req.query('fileName') ?? '').trim();
    if (fileName === '') throw new HttpError(400, CATALOG_MESSAGES.enterFileName);
    fileName = fileName.replace(/[^\w .()-]+/g, '_').slice(0, 100);
    if (!/\.csv$/i.test(fileName)) fileName += '.csv';
    // One chunk per pull, each after a turn of the event loop: other requests run between two.
    const chunks = exportCsv(db);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setImmediate(resolve));
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      cancel() {
        chunks.return(undefined);
      },
    });
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    });
  });

  const jobs = importJobsOf(db);
  const sweep = () => {
    const now = Date.now();
    for (const [id, job] of jobs) if (job.status !== 'running' && job.expires < now) jobs.delete(id);
  };
  const view = ({ expires: _expires, writing: _writing, ...job }: KeptJob): ImportJob => ({
    ...job,
    refused: [...job.refused],
    notices: [...job.notices],
  });

  /** Runs the import's steps (store/product-csv.ts), a pause between two: the progress the widget polls. */
  const run = (job: KeptJob, dataset: Dataset) => {
    const steps = importSteps(db, dataset, { checkRows: chunkRows, writeRows: chunkRows });
    const step = () => {
      if (job.status !== 'running') return;
      try {
        const next = steps.next();
        if (!next.done) {
          job.processed = next.value.checked;
          job.writing = next.value.writing;
          setTimeout(step, chunkDelayMs);
          return;
        }
        Object.assign(job, next.value, { status: 'done' });
      } catch (error) {
        console.error(error);
        job.status = 'failed';
      }
      job.expires = Date.now() + JOB_TTL_MS;
    };
    setTimeout(step, chunkDelayMs);
  };

  app.post(
    IMPORT,
    bodyLimit({
      maxSize: maxImportBytes,
      onError: (c) =>
        c.json(
          {
            message: fillMessage(CATALOG_MESSAGES.tooLarge, {
              fileName: c.req.query('fileName') ?? '',
              maxSize: formatFileSize(maxImportBytes),
            }),
          },
          413,
        ),
    }),
    async (c) => {
      sweep();
      const fileName = (c.req.query('fileName') ?? '').trim();
      if (fileName === '') throw new HttpError(400, CATALOG_MESSAGES.enterFileName);
      refuseControlCharacters({ fileName });
      const dataset = checkDataset(new Uint8Array(await c.req.arrayBuffer()), fileName);
      const job = {
        id: randomUUID(),
        status: 'running' as const,
        fileName,
        processed: 0,
        total: dataset.rows.length,
        notices: dataset.notices,
        created: 0,
        updated: 0,
        refused: [],
        expires: Infinity,
        writing: false,
      };
      jobs.set(job.id, job);
      run(job, dataset);
      return c.json(view(job), 202);
    },
  );

  app.get(`${IMPORT}/:id`, (c) => {
    const job = jobs.get(c.req.param('id'));
    if (!job) throw new HttpError(404, CATALOG_MESSAGES.unableToLocate);
    return c.json(view(job), 200, { 'Cache-Control': 'no-store' });
  });

  app.delete(`${IMPORT}/:id`, (c) => {
    const job = jobs.get(c.req.param('id'));
    if (!job) throw new HttpError(404, CATALOG_MESSAGES.unableToLocate);
    // Once it writes, a job runs to its end: what it wrote stays, and so does the rest.
    if (job.status === 'running' && !job.writing) {
      job.status = 'cancelled';
      job.expires = Date.now() + JOB_TTL_MS;
    }
    return c.json(view(job));
  });

  return app;
}
