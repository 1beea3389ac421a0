import { Hono, type Context } from 'hono';
import { SESSION_EXPIRED } from '../../contract/messages';
import { readJsonObject } from '../http/read-json-object';
import { isFormCrumbValid } from '../middleware/crumb';
import { ownerOnly } from '../middleware/site-user-session';
import { renderPage } from '../pages/render-page';
import type { Db } from '../store/db';
import { DEFAULT_RETENTION, retention, setRetention, type Retention } from '../store/retention';
import {
  eraseShopperData,
  findShopperData,
  shopperDataCsv,
  type Erased,
  type ShopperData,
} from '../store/shopper-data';
import { StoreError } from '../store/store-error';
import { formFields, type OwnerPage } from './owner-site-pages';

/** Where the owner's shopper-data calls (export and erase by e-mail address) and retention settings live. */
export const OWNER_API = '/api/owner';
const SHOPPER_DATA = '/shopper-data';
const RETENTION = '/retention';

/** A caller who may not manage shopper data. */
export const DATA_OWNER_MESSAGES = {
  'signed-out': 'Please sign in to manage shopper data.',
  'not-owner': 'Your account does not have permission to manage shopper data.',
} as const;

/** The export as a download: JSON, or CSV. */
function download(c: Context, data: ShopperData, format: unknown): Response {
  const csv = format === 'csv';
  const name = `shopper-data.${csv ? 'csv' : 'json'}`;
  c.header('Content-Disposition', `attachment; filename="${name}"`);
  c.header('Cache-Control', 'no-store');
  return csv ? c.body(shopperDataCsv(data), 200, { 'Content-Type': 'text/csv; charset=utf-8' }) : c.json(data);
}

/** Export and erasure calls and the retention settings, owners only (state changes carry the crumb, as every call). */
export function shopperDataRoutes(db: Db): Hono {
  const app = new Hono();
  const owner = ownerOnly(db, (c, why) =>
    c.json({ message: DATA_OWNER_MESSAGES[why] }, why === 'signed-out' ? 401 : 403),
  );
  app.use(`${SHOPPER_DATA}/*`, owner);
  app.use(RETENTION, owner);

  app.post(`${SHOPPER_DATA}/export`, async (c) => {
    const body = await readJsonObject(c);
    if (body.format !== undefined && body.format !== 'json' && body.format !== 'csv') {
      return c.json({ message: "format must be 'json' or 'csv'." }, 400);
    }
    return download(c, findShopperData(db, body.email), body.format);
  });

  app.post(`${SHOPPER_DATA}/erase`, async (c) => {
    const body = await readJsonObject(c);
    return c.json({ erased: eraseShopperData(db, body.email) });
  });

  app.get(RETENTION, (c) => c.json(retention(db)));
  app.put(RETENTION, async (c) => c.json(setRetention(db, await readJsonObject(c))));
  return app;
}

/** What the owner page calls each retention setting. */
const RETENTION_LABELS: Record<keyof Retention, string> = {
  formSubmissionsDays: 'Site-form submissions',
  restockPendingDays: 'Restock sign-ups waiting for their e-mail',
  restockSentDays: 'Restock sign-ups after their e-mail went out',
  outboxDays: 'Sent e-mails (outbox)',
  analyticsDays: 'Analytics (page views, events, error reports, performance)',
  inactiveMembersDays: 'Member accounts nobody signed in to (never owners)',
};

/** The retention form as saved, or as entered with its errors. */
function retentionForm(values: Record<string, unknown>, errors: Record<string, string> = {}) {
  return (Object.keys(DEFAULT_RETENTION) as (keyof Retention)[]).map((name) => ({
    name,
    label: RETENTION_LABELS[name],
    days: String(values[name] ?? ''),
    ...(errors[name] ? { error: errors[name] } : {}),
  }));
}

const COUNT_LABELS: [keyof Omit<Erased, 'account'> | 'account', string][] = [
  ['account', 'Account'],
  ['sessions', 'Sign-in sessions'],
  ['restockSignUps', 'Restock sign-ups'],
  ['formSubmissions', 'Site-form submissions'],
  ['outbox', 'E-mails sent'],
  ['signInRecords', 'Sign-in throttling records'],
  ['accountRequests', 'Account creations waiting for their link'],
];

/** Records per kind, from an export or an erasure. */
function counts(found: ShopperData | Erased): { label: string; count: number }[] {
  const of = (kind: string): number => {
    const value = (found as unknown as Record<string, unknown>)[kind];
    return Array.isArray(value) ? value.length : typeof value === 'number' ? value : value ? 1 : 0;
  };
  return COUNT_LABELS.map(([kind, label]) => ({ label, count: of(kind) }));
}

/** The owner's shopper-data page (behind the owner guard of /config/*). */
export function ownerDataPages(app: Hono, db: Db, page: OwnerPage): void {
  const render = (c: Context, status: 200 | 400 | 403 | 409, extra: Record<string, unknown>) =>
    c.html(
      renderPage(
        'owner-data',
        page(c, 'Shopper data', { email: '', retention: retentionForm({ ...retention(db) }), ...extra }),
      ),
      status,
    );
  /** Runs a form's action once its crumb is checked; a store refusal shows the page with its message. */
  const action =
    (run: (c: Context, fields: Record<string, string>) => Response) =>
    async (c: Context): Promise<Response> => {
      const fields = await formFields(c);
      const email = fields.email ?? '';
      if (!isFormCrumbValid(c, fields.crumb)) return render(c, 403, { email, error: SESSION_EXPIRED });
      try {
        return run(c, fields);
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        return render(c, error.kind === 'conflict' ? 409 : 400, { email, error: error.message });
      }
    };

  app.get('/config/data', (c) => render(c, 200, { saved: c.req.query('saved') === '1' }));

  app.post(
    '/config/data/find',
    action((c, fields) => {
      const found = findShopperData(db, fields.email);
      return render(c, 200, { email: found.email, found: { counts: counts(found) } });
    }),
  );

  app.post(
    '/config/data/export',
    action((c, fields) => download(c, findShopperData(db, fields.email), fields.format)),
  );

  app.post(
    '/config/data/erase',
    action((c, fields) => {
      if (fields.confirm !== 'yes') {
        return render(c, 400, { email: fields.email ?? '', error: 'Tick the box to confirm the erasure.' });
      }
      const erased = eraseShopperData(db, fields.email);
      const summary = counts(erased)
        .map(({ label, count }) => `${label.toLowerCase()} ${count}`)
        .join(', ');
      return render(c, 200, { email: (fields.email ?? '').trim(), erased: { summary } });
    }),
  );

  app.post(
    '/config/data/retention',
    action((c, fields) => {
      const { crumb: _crumb, ...days } = fields;
      try {
        setRetention(db, days);
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        const errors = (error.details as { errors?: Record<string, string> }).errors ?? {};
        return render(c, 400, { error: error.message, retention: retentionForm(days, errors) });
      }
      return c.redirect('/config/data?saved=1', 303);
    }),
  );
}
