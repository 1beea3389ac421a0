/** The store context JSON of a rendered page, parsed (tests read nested fields without narrowing). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function storeContextOf(page: string): Record<string, any> {
  const match = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(page);
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}
