import { parseStoreContext, STORE_CONTEXT_ID, type StoreContext } from '../../contract/store-context';
import { pageSlot } from '../page-runtime';

/** The script element's id (analytics reads it from here). */
export { STORE_CONTEXT_ID };

/** The parsed context of the page (none until a widget asks). */
const pageStoreContext = pageSlot<{ context?: StoreContext }>('store-context', () => ({}));

/** Parses the page's store context once; missing or malformed context gives the defaults. */
export function storeContext(doc: Document | undefined = globalThis.document): StoreContext {
  const cached = pageStoreContext.get();
  cached.context ??= parseStoreContext(doc?.getElementById(STORE_CONTEXT_ID)?.textContent);
  return cached.context;
}

/** Forgets the parsed context (tests, or a page that replaces it). */
export function resetStoreContext(): void {
  pageStoreContext.set(undefined);
}
