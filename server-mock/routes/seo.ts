import { Hono } from 'hono';
import { listProducts } from '../store/catalog';
import type { Db } from '../store/db';
import { journalPaths } from '../pages/content-pages';

/** Pages for search engines besides the products and journal posts: the shop's public pages. */
export const SITEMAP_PAGES = ['/', '/shop', '/journal', '/events', '/gallery', '/contact', '/newsletter'] as const;

/** What crawlers are asked to leave alone: the owner's area, calls, QA pages, checkouts and accounts. */
export const ROBOTS_DISALLOW = ['/config', '/settings/billing', '/api/', '/qa/', '/checkout', '/commerce/', '/account'];

function xmlText(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `sitemap.xml` (every public page, each product and journal post, from the catalog and the
 * content data: no page is rendered for it) and `robots.txt`, with absolute addresses on the
 * store's public origin.
 */
export function seoRoutes(db: Db, publicOrigin: () => string): Hono {
  const app = new Hono();
  app.get('/sitemap.xml', (c) => {
    const origin = publicOrigin();
    const paths = [
      ...SITEMAP_PAGES,
      ...listProducts(db).map((p) => `/shop/p/${encodeURIComponent(p.slug)}`),
      ...journalPaths(),
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
