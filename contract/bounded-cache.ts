/** The general cache's default capacity (platform spec, section 9). */
export const GENERAL_CACHE_CAPACITY = 100;

/**
 * A string-keyed cache of at most `capacity` entries (default {@link GENERAL_CACHE_CAPACITY}).
 * When it is full it starts over: the working set of a site (a few locales, currencies and
 * formats) is small, so this keeps memory bounded against garbage keys without the bookkeeping
 * of an LRU.
 *
 * @returns a lookup that returns the cached value for `key`, making it with `make` on a miss.
 */
export function boundedCache<V>(capacity: number = GENERAL_CACHE_CAPACITY): (key: string, make: () => V) => V {
  const entries = new Map<string, V>();
  return (key, make) => {
    const hit = entries.get(key);
    if (hit !== undefined || entries.has(key)) return hit as V;
    const value = make();
    if (entries.size >= capacity) entries.clear();
    entries.set(key, value);
    return value;
  };
}
