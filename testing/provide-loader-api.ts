import { holdClicks, takeClicks } from '../runtime/early-clicks';
import { ensureStyles } from '../runtime/ensure-styles';
import { chunkLoadFailed, loadChunk } from '../runtime/errors/chunk-load';
import { getVariant, isFeatureEnabled, isFeatureToggleEnabled } from '../runtime/experiments';
import { provideLoaderApi } from '../runtime/loader-api';

// What storefront.js gives the chunks it loads, as the loader gives it: tests load chunks' modules without it.
provideLoaderApi({
  getVariant,
  isFeatureEnabled,
  isFeatureToggleEnabled,
  loadChunk,
  chunkLoadFailed,
  ensureStyles,
  holdClicks,
  takeClicks,
});
