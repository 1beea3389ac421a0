/** The template formatters' caches are the general cache (contract/bounded-cache.ts). */
export { boundedCache } from '../../../contract/bounded-cache';
