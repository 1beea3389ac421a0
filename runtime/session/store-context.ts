import { parseStoreContext, STORE_CONTEXT_ID, type StoreContext } from '../../contract/store-context';

/** The script element's id (`runtime/census` reads it from here). */
export { STORE_CONTEXT_ID };

let cached: StoreContext | undefined;

/** Parses the page's store context once; missing or malformed context gives the defaults. */
export function storeContext(doc: Document | undefined = globalThis.document): StoreContext {
  cached ??= parseStoreContext(doc?.getElementById(STORE_CONTEXT_ID)?.textContent);
  return cached;
}

/** Forgets the parsed context (tests, or a page that replaces it). */
export function resetStoreContext(): void {
  cached = undefined;
}
