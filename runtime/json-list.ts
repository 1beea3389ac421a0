/**
 * The objects of a JSON list read from an attribute: text that is not JSON, not a list, or
 * entries that are not objects give nothing rather than an error.
 */
export function jsonObjects(text: string | undefined | null): Record<string, unknown>[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object');
}
