/**
 * A string-keyed cache of at most `capacity` entries. When it is full it starts over: the
 * working set of a site (a few locales and currencies) is small, so this keeps memory bounded
 * against garbage keys without the bookkeeping of an LRU.
 *
 * @returns a lookup that returns the cached value for `key`, making it with `make` on a miss.
 */
export function boundedCache<V>(capacity = 500): (key: string, make: () => V) => V {
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
