/** Every inline JSON script of a page (`application/json`, `application/ld+json`): its text up to the first `</script`. */
export function jsonScripts(html: string): string[] {
  const found: string[] = [];
  const open = /<script\b[^>]*\btype="application\/(?:ld\+)?json"[^>]*>/g;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const start = match.index + match[0].length;
    const end = html.indexOf('</script', start);
    found.push(html.slice(start, end === -1 ? undefined : end));
  }
  return found;
}

/** Characters no JSON written into a page may hold raw: they could end or change its script element. */
export const RAW_IN_PAGE_JSON = /[<>&\u2028\u2029]/;
