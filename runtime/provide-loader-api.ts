import { holdClicks, takeClicks } from './early-clicks';
import { adoptStyles } from './ensure-styles';
import { chunkLoadFailed, loadChunk } from './errors/chunk-load';
import { getVariant, isFeatureEnabled, isFeatureToggleEnabled } from './experiments';
import { provideLoaderApi } from './loader-api';

// What storefront.js gives the chunks it loads (loader-api.ts); unit tests, which load chunks' modules without it, import this too.
provideLoaderApi({
  getVariant,
  isFeatureEnabled,
  isFeatureToggleEnabled,
  loadChunk,
  chunkLoadFailed,
  adoptStyles,
  holdClicks,
  takeClicks,
});
