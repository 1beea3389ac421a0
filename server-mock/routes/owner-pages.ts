import { Hono, type Context } from 'hono';
import { PageType, SiteStatus } from '../../contract/enumerations';
import { pageData } from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { currentSiteUser, ownerOnly } from '../middleware/site-user-session';
import type { Db } from '../store/db';
import { listOutbox } from '../store/outbox';
import { analyticsPageData } from '../pages/analytics-view';
import { getSetting, websiteSettings } from '../store/settings';
import { ownerSitePages } from './owner-site-pages';

/**
 * The owner's area (every path under /config): signed-out visitors are sent to the sign-in page
 * and come back after it; signed-in users without an owner role get a 403 page.
 */
export function ownerPageRoutes(db: Db): Hono {
  const app = new Hono();
  // The signed-in account goes to the page context: analytics skip owners by it.
  const page = (c: Context, title: string, extra: Record<string, unknown>) => {
    const user = currentSiteUser(c, db);
    return pageData(
      websiteSettings(db),
      title,
      { cartPill: false, crumb: c.get('crumb'), ...extra },
      { pageType: PageType.PAGE, pageId: c.req.path, account: user ? { roles: user.roles } : null },
    );
  };

  const owners = ownerOnly(db, (c, why) => {
    if (why === 'signed-out') {
      const { pathname, search } = new URL(c.req.url);
      return c.redirect(`/account/login?next=${encodeURIComponent(pathname + search)}`, 303);
    }
    const user = currentSiteUser(c, db);
    return c.html(renderPage('forbidden', page(c, 'Not allowed', { user })), 403);
  });
  app.use('/config/*', owners);
  app.use('/settings/billing/*', owners);

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

  app.get('/config/outbox', (c) =>
    c.html(
      renderPage(
        'outbox',
        page(c, 'Outbox', {
          emails: listOutbox(db).map((e) => ({ ...e, sentAt: new Date(e.created).toISOString() })),
        }),
      ),
    ),
  );

  ownerSitePages(app, db, page);

  // Everyone's analytics, or one visitor's (`?visitor=` their census visitor id).
  app.get('/config/analytics', (c) => {
    const visitor = c.req.query('visitor')?.trim();
    const filter = visitor ? { visitorId: visitor } : {};
    return c.html(renderPage('analytics', page(c, 'Analytics', analyticsPageData(db, filter))));
  });

  return app;
}
