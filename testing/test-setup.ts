import { afterEach, vi } from 'vitest';
import { resetCartStore } from '../runtime/cart/cart-store';
import { setAdsPixelSink } from '../analytics/census/ads-pixel';
import { resetPageCensus } from '../analytics/census/page-census';
import { resetErrorReporter } from '../runtime/errors/error-reporter';
import { resetAnalyticsBuffer } from '../runtime/events';
import { resetChosenVariants } from '../runtime/product/chosen-variant';
import { setHttpClient } from '../runtime/http/client';
import { resetAnalyticsLane } from '../analytics/telemetry/analytics-lane';
import { resetStoreContext } from '../runtime/session/store-context';

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
