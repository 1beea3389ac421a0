export { createAnalyticsHttp, DEFAULT_ANALYTICS_TIMEOUT_MS, type AnalyticsHttp } from './analytics-http';
export { sendByBeaconOrXhr, type DeliveryResult, type DeliveryType } from './beacon-or-xhr';
export { browserCollectorDeps, observeCdnImages, webVitalsSource } from './browser-performance';
export { createEventServiceTracker, EVENT_SERVICE_PATHS, type EventServiceTracker } from './event-service-tracker';
export {
  startPerformanceCollector,
  FLUSH_AFTER_LOAD_MS,
  METRICS_WAIT_MS,
  type PerformanceCollector,
  type PerformanceCollectorDeps,
} from './performance-collector';
export {
  isCdnImage,
  parseCdnList,
  COLLECTOR_VERSION,
  DEFAULT_CDN,
  type ImageRecord,
  type PageSpeedRecord,
  type PerformanceRecord,
  type UserTimingRecord,
} from './performance-records';
export { resolvePageLoadId, PERFORMANCE_ERRORS, PERFORMANCE_PATHS, SETTINGS_TIMEOUT_MS } from './performance-settings';
export { createRecordEventTracker, RECORD_EVENT_PATH, type OlderTrackerPayload } from './record-event-tracker';
export {
  resolveSourceEnvironment,
  siteVisitorPayload,
  TRACKER_CLIENT,
  type SiteVisitorPayload,
} from './site-visitor-payload';
