export {
  adsPixelSink,
  productPixelEvent,
  queueAdsPixelSink,
  setAdsPixelSink,
  ADS_PIXEL_QUEUE,
  type AdsPixelSink,
} from './ads-pixel';
export {
  createCensusClient,
  censusButton,
  censusHitForm,
  BUTTON_RENDER_BATCH,
  CENSUS_PATHS,
  FORM_ANALYTICS_TIMEOUT_MS,
  type CensusButton,
  type CensusClient,
  type CensusPageFields,
} from './census-client';
export {
  commerceEventFields,
  commerceEventName,
  majorUnits,
  productTypeName,
  siteVisitorMetricsFields,
  EVENT_SCHEMAS,
  type CommerceEventFields,
  type SiteVisitorMetricsFields,
} from './commerce-payloads';
export {
  documentCookieJar,
  readOnlyCookieJar,
  serializeCookie,
  type CookieJar,
  type CookieLifetime,
} from '../../runtime/session/cookie-jar';
export { browserHitEnvironment, hitData, type HitData, type HitEnvironment } from './hit-data';
export { isProductPage, parsePageContext, readPageContext, type PageContext } from './page-context';
export { browserCensusDeps, startPageCensus, type PageCensusOptions } from './page-census';
export { sessionInfo, type SessionFlags } from './session-info';
export { createStoredValues, type StoredValues } from '../../runtime/storage/stored-values';
export { analyticsSkipReason, recordsPageView, type SkipReason } from './skip-rules';
export { startCensus, CENSUS_LISTENS_TO, type CensusDeps, type CensusRun } from './start-census';
export {
  ensureAnalyticsId,
  ensureSessionId,
  recordVisit,
  resetAnalyticsCookies,
  ANALYTICS_COOKIES,
  ANALYTICS_RESET_COOKIES,
  COOKIE_LIFETIMES,
} from './visitor-cookies';
