/**
 * What the loader (storefront.js) hands to the chunks it loads: its own flags and experiments, chunk
 * loading, stylesheets and the clicks it holds for platform buttons. The loader needs them before any chunk arrives, so it carries them; the
 * chunks call the loader's instead of carrying a second copy. Kept on the global object, as the
 * loader and the chunks are separate bundles (unit tests provide the same functions in their setup).
 */
import type * as experiments from './experiments';
import type * as chunks from './errors/chunk-load';
import type * as styles from './ensure-styles';
import type * as clicks from './early-clicks';

export interface LoaderApi {
  getVariant: typeof experiments.getVariant;
  isFeatureEnabled: typeof experiments.isFeatureEnabled;
  isFeatureToggleEnabled: typeof experiments.isFeatureToggleEnabled;
  loadChunk: typeof chunks.loadChunk;
  chunkLoadFailed: typeof chunks.chunkLoadFailed;
  adoptStyles: typeof styles.adoptStyles;
  holdClicks: typeof clicks.holdClicks;
  takeClicks: typeof clicks.takeClicks;
}

const API = Symbol.for('storefront.loader-api');
type Scope = { [API]?: LoaderApi };

/** The loader's side: publishes its functions (the first copy of the loader on a page keeps its own). */
export function provideLoaderApi(api: LoaderApi): void {
  (globalThis as Scope)[API] ??= api;
}

function api(): LoaderApi {
  const provided = (globalThis as Scope)[API];
  if (!provided) throw new Error('storefront.js must load before its chunks');
  return provided;
}

export const getVariant: LoaderApi['getVariant'] = (...args) => api().getVariant(...args);
export const isFeatureEnabled: LoaderApi['isFeatureEnabled'] = (...args) => api().isFeatureEnabled(...args);
export const isFeatureToggleEnabled: LoaderApi['isFeatureToggleEnabled'] = (...args) =>
  api().isFeatureToggleEnabled(...args);
export const loadChunk: LoaderApi['loadChunk'] = (...args) => api().loadChunk(...args);
export const chunkLoadFailed: LoaderApi['chunkLoadFailed'] = (...args) => api().chunkLoadFailed(...args);
export const adoptStyles: LoaderApi['adoptStyles'] = (...args) => api().adoptStyles(...args);
export const holdClicks: LoaderApi['holdClicks'] = (...args) => api().holdClicks(...args);
export const takeClicks: LoaderApi['takeClicks'] = (...args) => api().takeClicks(...args);
