import { trimChar } from '../../contract/trim-char';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { PageType, SiteStatus } from '../../contract/enumerations';
import { pageData } from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { currentSiteUser, ownerOnly } from '../middleware/site-user-session';
import type { Db } from '../store/db';
import { listOutbox } from '../store/outbox';
import { pagerData, readPage } from '../pages/pager';
import { analyticsPageData } from '../pages/analytics-view';
import { commerceSettings, getSetting, setEnabledFeatures, websiteSettings } from '../store/settings';
import { ownerSitePages } from './owner-site-pages';
import { ownerDataPages } from './shopper-data';
import { isFormCrumbValid } from '../middleware/crumb';
import { SESSION_EXPIRED } from '../../contract/messages';
import { flagRows } from '../pages/feature-flags-view';
import { ownerAttention } from '../store/owner-attention';
import { runningImports } from './catalog-admin';
import { isFeatureFlag } from '../../contract/feature-flags';

/** Messages of a refused settings form. */
export const SETTINGS_MESSAGES = {
  unknownFlag: (value: string) => `Unknown feature flag: ${value.slice(0, 40)}.`,
} as const;

/** The owner pages every owner page links to, in the owner navigation's order. */
export const OWNER_PAGES = [
  { path: '/config', label: 'Home' },
  { path: '/config/analytics', label: 'Analytics' },
  { path: '/config/restock', label: 'Restock' },
  { path: '/config/outbox', label: 'Outbox' },
  { path: '/config/catalog', label: 'Catalog' },
  { path: '/config/site', label: 'Header and footer' },
  { path: '/config/languages', label: 'Languages' },
  { path: '/config/settings', label: 'Settings' },
  { path: '/config/popup', label: 'Pop-up' },
] as const;

/** The owner navigation of a page at `path`: every owner page, the current one marked. */
export function ownerNav(path: string) {
  const here = trimChar(path, '/', 'end') || '/';
  return OWNER_PAGES.map((p) => ({ ...p, current: p.path === here }));
}

/** The stylesheet of the owner area and the sign-in page (forms and navigation in the widgets' look). */
export const OWNER_CSS_PATH = '/owner.css';
const OWNER_CSS = readFileSync(new URL('../../demo-pages/owner.css', import.meta.url), 'utf8');

/**
 * The owner's area (every path under /config): signed-out visitors are sent to the sign-in page
 * and come back after it; signed-in users without an owner role get a 403 page. `demo` pages
 * link to the demo's QA pages (production has none).
 */
export function ownerPageRoutes(db: Db, { demo }: { demo: boolean }): Hono {
  const app = new Hono();
  // The signed-in account goes to the page context: analytics skip owners by it.
  const page = (c: Context, title: string, extra: Record<string, unknown>, pageType: number = PageType.PAGE) => {
    const user = currentSiteUser(c, db);
    return pageData(
      websiteSettings(db),
      title,
      {
        cartPill: false,
        crumb: c.get('crumb'),
        demo,
        ownerNav: ownerNav(c.req.path),
        pageCss: OWNER_CSS_PATH,
        ...extra,
      },
      { pageType, pageId: c.req.path, account: user ? { roles: user.roles } : null },
    );
  };

  const owners = ownerOnly(db, (c, why) => {
    if (why === 'signed-out') {
      const { pathname, search } = new URL(c.req.url);
      return c.redirect(`/account/login?next=${encodeURIComponent(pathname + search)}`, 303);
    }
    const user = currentSiteUser(c, db);
    // The closest platform type of a page refused to a signed-in account (analytics skip it).
    return c.html(renderPage('forbidden', page(c, 'Not allowed', { user }, PageType.MEMBER_AREA_ACCESS_DENIED)), 403);
  });
  app.get(OWNER_CSS_PATH, (c) => c.body(OWNER_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.use('/config', owners);
  app.use('/config/*', owners);
  app.use('/settings/billing/*', owners);

  app.get('/config', (c) => {
    const attention = ownerAttention(db, Date.now());
    const imports = runningImports(db).map((job) => ({
      ...job,
      percent: job.total ? Math.floor((job.processed / job.total) * 100) : 0,
    }));
    const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
    return c.html(
      renderPage(
        'owner-home',
        page(c, 'Store admin', {
          restock: attention.restock,
          submissions: {
            count: attention.submissions.count,
            latest: attention.submissions.latest.map((s) => ({
              ...s,
              when: when(s.created),
              iso: new Date(s.created).toISOString(),
            })),
          },
          errors: attention.errors,
          imports,
          calm:
            attention.restock.groups === 0 &&
            attention.submissions.count === 0 &&
            attention.errors.count === 0 &&
            imports.length === 0,
        }),
      ),
    );
  });
  app.get('/config/restock', (c) => c.html(renderPage('restock-admin', page(c, 'Restock notifications', {}))));

  // Trial sites (setting `site_status`, the platform's site status code; the demo store is on trial) get upgrade links.
  app.get('/config/catalog', (c) => {
    const trial = Number(getSetting(db, 'site_status') ?? SiteStatus.TRIAL) === SiteStatus.TRIAL;
    return c.html(renderPage('catalog-admin', page(c, 'Catalog', { trial })));
  });
  const billing = (heading: string, text: string) => (c: Context) =>
    c.html(renderPage('billing', page(c, heading, { heading, text })));
  app.get(
    '/settings/billing/upgrade',
    billing('Upgrade your site', 'Choose a plan to keep your store open when the trial ends.'),
  );
  app.get(
    '/settings/billing/subscriptions/website',
    billing('Website subscription', 'Your website subscription: its plan, billing period and renewal date.'),
  );

  app.get('/config/outbox', (c) => {
    const { page: emails, error } = readPage(c, (request) => listOutbox(db, request), '/config/outbox');
    return c.html(
      renderPage(
        'outbox',
        page(c, 'Outbox', {
          emails:
            emails.items.length > 0
              ? emails.items.map((e) => ({ ...e, sentAt: new Date(e.created).toISOString() }))
              : null,
          ...pagerData('/config/outbox', 'Outbox pages', emails),
          pageError: error,
        }),
      ),
      error ? 400 : 200,
    );
  });

  ownerSitePages(app, db, page);
  ownerDataPages(app, db, page);

  // Everyone's analytics, or one visitor's (`?visitor=` their census visitor id).
  app.get('/config/analytics', (c) => {
    const visitor = c.req.query('visitor')?.trim();
    const filter = visitor ? { visitorId: visitor } : {};
    const first = visitor ? `/config/analytics?${new URLSearchParams({ visitor })}` : '/config/analytics';
    const { page: data, error } = readPage(c, (request) => analyticsPageData(db, filter, request), first);
    return c.html(renderPage('analytics', page(c, 'Analytics', { ...data, pageError: error })), error ? 400 : 200);
  });

  // The numbered feature flags, as checkboxes; saved by a plain form carrying the crumb.
  const settingsPage = (c: Context, status: 200 | 400 | 403, extra: Record<string, unknown> = {}) =>
    c.html(
      renderPage(
        'settings',
        page(c, 'Settings', { flags: flagRows(commerceSettings(db).enabledFeatures), saved: false, ...extra }),
      ),
      status,
    );
  app.get('/config/settings', (c) => settingsPage(c, 200, { saved: c.req.query('saved') === '1' }));
  app.post('/config/settings', async (c) => {
    let body: Record<string, string | File | (string | File)[]> = {};
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      // An unreadable body is a form without fields: its crumb check fails below.
    }
    if (!isFormCrumbValid(c, body.crumb)) return settingsPage(c, 403, { error: SESSION_EXPIRED });
    const raw = body.feature === undefined ? [] : Array.isArray(body.feature) ? body.feature : [body.feature];
    const flags: number[] = [];
    for (const value of raw) {
      const code = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!isFeatureFlag(code)) {
        return settingsPage(c, 400, {
          error: SETTINGS_MESSAGES.unknownFlag(typeof value === 'string' ? value : 'a file'),
        });
      }
      flags.push(code);
    }
    setEnabledFeatures(db, flags);
    return c.redirect('/config/settings?saved=1', 303);
  });

  return app;
}
