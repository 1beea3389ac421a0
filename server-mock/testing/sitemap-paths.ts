/** The paths of the pages a sitemap lists (its addresses on any origin). */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL((m[1] ?? '').replaceAll('&#38;', '&'));
    return `${url.pathname}${url.search}`;
  });
}
