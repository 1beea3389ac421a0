import { afterEach, vi } from 'vitest';
import { resetCartStore } from './cart/cart-store';
import { setAdsPixelSink } from './census/ads-pixel';
import { resetPageCensus } from './census/page-census';
import { resetErrorReporter } from './errors/error-reporter';
import { resetAnalyticsBuffer } from './events';
import { resetChosenVariants } from './product/chosen-variant';
import { setHttpClient } from './http/client';
import { resetAnalyticsLane } from './telemetry/analytics-lane';
import { resetStoreContext } from './session/store-context';

// React's act() environment is not used: tests wait for the DOM instead.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  document.body.innerHTML = '';
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  resetPageCensus();
  resetAnalyticsLane();
  resetAnalyticsBuffer();
  setAdsPixelSink(undefined);
  delete (globalThis as { storeAdsPixel?: unknown }).storeAdsPixel;
  localStorage.clear();
  sessionStorage.clear();
  resetCartStore();
  resetErrorReporter();
  resetChosenVariants();
  resetStoreContext();
  setHttpClient(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
