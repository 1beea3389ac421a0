import { Hono } from 'hono';
import { listProducts } from '../store/catalog';
import type { Db } from '../store/db';
import { journalPaths } from '../pages/content-pages';
import { SITE_FORM_PAGES } from '../pages/site-form-pages';
import { getForm } from '../store/forms';

/** Pages for search engines every store has, besides its products. */
const STORE_PAGES = ['/', '/shop'];
/** The demo's content pages (a production store has none), besides the journal's posts. */
const DEMO_CONTENT_PAGES = ['/journal', '/events', '/gallery'];

/** What crawlers are asked to leave alone: the owner's area, calls, QA pages, checkouts and accounts. */
export const ROBOTS_DISALLOW = ['/config', '/settings/billing', '/api/', '/qa/', '/checkout', '/commerce/', '/account'];

function xmlText(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `sitemap.xml` (every public page that is there: each product, a site form's page when the store
 * has its form, and in the demo the content pages and journal posts, from the catalog and the
 * content data: no page is rendered for it) and `robots.txt`, with absolute addresses on the
 * store's public origin.
 */
export function seoRoutes(db: Db, options: { publicOrigin: () => string; demo: boolean }): Hono {
  const { publicOrigin, demo } = options;
  const app = new Hono();
  app.get('/sitemap.xml', (c) => {
    const origin = publicOrigin();
    const paths = [
      ...STORE_PAGES,
      ...(demo ? DEMO_CONTENT_PAGES : []),
      ...SITE_FORM_PAGES.filter((page) => getForm(db, page.formId)).map((page) => page.path),
      ...listProducts(db).map((p) => `/shop/p/${encodeURIComponent(p.slug)}`),
      ...(demo ? journalPaths() : []),
    ];
    const urls = paths.map((path) => `  <url><loc>${xmlText(`${origin}${path}`)}</loc></url>`).join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' });
  });
  app.get('/robots.txt', (c) => {
    const lines = [
      'User-agent: *',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${publicOrigin()}/sitemap.xml`,
    ];
    return c.body(`${lines.join('\n')}\n`, 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  });
  return app;
}
