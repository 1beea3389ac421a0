/** The general cache's default capacity (platform spec, section 9). */
export const GENERAL_CACHE_CAPACITY = 100;
/** The memoised path cache's capacity (platform spec, section 9): template paths parsed once. */
export const PATH_CACHE_CAPACITY = 500;

/** A cache lookup; `size` is how many entries it holds now. */
export type BoundedCache<V> = ((key: string, make: () => V) => V) & { readonly size: number };

/**
 * A string-keyed cache of at most `capacity` entries (default {@link GENERAL_CACHE_CAPACITY}).
 * When it is full it starts over: the working set of a site (a few locales, currencies and
 * formats) is small, so this keeps memory bounded against garbage keys without the bookkeeping
 * of an LRU.
 *
 * @returns a lookup that returns the cached value for `key`, making it with `make` on a miss.
 */
export function boundedCache<V>(capacity: number = GENERAL_CACHE_CAPACITY): BoundedCache<V> {
  const entries = new Map<string, V>();
  const lookup = (key: string, make: () => V): V => {
    const hit = entries.get(key);
    if (hit !== undefined || entries.has(key)) return hit as V;
    const value = make();
    if (entries.size >= capacity) entries.clear();
    entries.set(key, value);
    return value;
  };
  return Object.defineProperty(lookup, 'size', { get: () => entries.size }) as BoundedCache<V>;
}
