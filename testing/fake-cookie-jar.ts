import type { CookieJar, CookieLifetime } from '../runtime/session/cookie-jar';

/** A cookie jar in memory that remembers every write (unit tests). */
export interface FakeCookieJar extends CookieJar {
  values: Map<string, string>;
  /** Every write in order, with its lifetime. */
  writes: { name: string; value: string; lifetime: CookieLifetime }[];
  removed: string[];
}

export function fakeCookieJar(initial: Record<string, string> = {}): FakeCookieJar {
  const values = new Map(Object.entries(initial));
  const writes: FakeCookieJar['writes'] = [];
  const removed: string[] = [];
  return {
    values,
    writes,
    removed,
    read: (name) => values.get(name),
    write(name, value, lifetime = {}) {
      values.set(name, value);
      writes.push({ name, value, lifetime });
    },
    remove(name) {
      values.delete(name);
      removed.push(name);
    },
  };
}
