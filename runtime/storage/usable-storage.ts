/** The storage probe on its own, so that code which only needs to know (the cart channel) does not bring the stored-values helper. */

const PROBE_KEY = 'store-storage-probe';

/**
 * `storage` when it can be used: present, and reading and writing it does not throw (blocked
 * storage in private modes and sandboxed frames throws on access). Undefined otherwise.
 */
export function usableStorage(storage: Storage | undefined | (() => Storage | undefined)): Storage | undefined {
  try {
    const resolved = typeof storage === 'function' ? storage() : storage;
    if (!resolved) return undefined;
    resolved.setItem(PROBE_KEY, '1');
    resolved.removeItem(PROBE_KEY);
    return resolved;
  } catch {
    return undefined;
  }
}
