import { documentCookieJar, type CookieJar } from '../session/cookie-jar';
import { usableStorage } from './usable-storage';

export { usableStorage };

/** Key-value storage whose entries may expire (platform spec, section 4: "Stored session values"). */
export interface StoredValues {
  /** The value; an entry whose expiry has passed is removed and reads as absent. */
  get(key: string): string | undefined;
  /** Stores `value`, until `expiresAt` (epoch ms) when given. */
  set(key: string, value: string, expiresAt?: number): void;
  /** Forgets `key`. */
  remove(key: string): void;
}

interface StoredEntry {
  value: string;
  expiry?: number;
}

function parseEntry(raw: string | null | undefined): StoredEntry | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredEntry).value === 'string') {
      const { value, expiry } = parsed as StoredEntry;
      return typeof expiry === 'number' ? { value, expiry } : { value };
    }
  } catch {
    // Not ours: treated as absent.
  }
  return undefined;
}

/** The browser's storage of that kind, read lazily (the property itself throws when storage is blocked). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): () => Storage | undefined {
  return () => (globalThis as Partial<Record<typeof kind, Storage>>)[kind] ?? undefined;
}

/**
 * Stored values (platform spec, section 4) in `storage` as JSON `{value, expiry?}`; when that
 * storage is missing or unusable (it throws) they live in `cookies` instead, expiring with their
 * entry or with the browser session. An expired entry is removed when read.
 */
export function createStoredValues(
  storage: Storage | undefined | (() => Storage | undefined),
  cookies: CookieJar = documentCookieJar(),
  now: () => number = Date.now,
): StoredValues {
  const store = usableStorage(storage);
  const read = (key: string) => (store ? store.getItem(key) : cookies.read(key));
  const remove = (key: string) => (store ? store.removeItem(key) : cookies.remove(key));
  return {
    get(key) {
      const entry = parseEntry(read(key));
      if (!entry) return undefined;
      if (entry.expiry !== undefined && entry.expiry <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, expiresAt) {
      const text = JSON.stringify(expiresAt === undefined ? { value } : { value, expiry: expiresAt });
      if (store) store.setItem(key, text);
      else {
        const lifetime =
          expiresAt === undefined ? {} : { maxAgeSeconds: Math.max(0, Math.ceil((expiresAt - now()) / 1000)) };
        cookies.write(key, text, lifetime);
      }
    },
    remove,
  };
}
