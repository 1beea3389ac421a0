import { isFullPageCart } from '../../contract/class-names';
import { cartStore } from '../../runtime/cart/cart-store';
import { reportError } from '../../runtime/errors/error-reporter';
import { pageSlot } from '../../runtime/page-runtime';
import { on, takeBufferedAnalyticsEvents } from '../../runtime/events';
import { siteUserInfo } from '../../runtime/session/cookies';
import { browserSessionRecordingSignals, startSessionRecording } from '../../runtime/session-recording';
import { createAnalyticsHttp } from '../telemetry/analytics-http';
import { analyticsLane } from '../telemetry/analytics-lane';
import { browserBeaconOrXhrDeps } from '../telemetry/beacon-or-xhr';
import { browserCollectorDeps } from '../telemetry/browser-performance';
import { createEventServiceTracker } from '../telemetry/event-service-tracker';
import { startPerformanceCollector } from '../telemetry/performance-collector';
import { DEFAULT_CDN, type CdnMatcher } from '../telemetry/performance-records';
import { browserVisitorEnvironment } from '../telemetry/site-visitor-payload';
import { adsPixelSink, type AdsPixelSink } from './ads-pixel';
import { documentCookieJar, readOnlyCookieJar } from '../../runtime/session/cookie-jar';
import { browserHitEnvironment } from './hit-data';
import { readPageContext } from '../../runtime/session/page-context';
import { randomId } from './random-id';
import { browserStorage, createStoredValues } from '../../runtime/storage/stored-values';
import { startCensus, type CensusDeps, type CensusRun } from './start-census';

/** Options of the page's census (the `<store-census>` attributes). */
export interface PageCensusOptions {
  /** Which image URLs are CDN images for image records (default: same-origin `/img/`). */
  cdn?: CdnMatcher;
  /** Start the performance collector (default true). */
  performance?: boolean;
  /** Where ads-pixel events go (default: the `window.storeAdsPixel` queue). */
  adsPixel?: AdsPixelSink;
}

/** The census dependencies of a browser page. */
export function browserCensusDeps(doc: Document, options: PageCensusOptions = {}): CensusDeps {
  const cookies = documentCookieJar(doc);
  const loc = doc.location ?? globalThis.location;
  const now = () => Date.now();
  const warn = (message: string) => console.warn(message);
  const report = (error: Error) => reportError(error, 'store-census');
  return {
    context: readPageContext(doc),
    path: loc?.pathname ?? '/',
    hash: loc?.hash ?? '',
    query: (loc?.search ?? '').replace(/^\?/, ''),
    member: siteUserInfo(doc.cookie),
    cookies,
    tabValues: () => createStoredValues(browserStorage('sessionStorage'), cookies, now),
    visitorValues: () => createStoredValues(browserStorage('localStorage'), cookies, now),
    now,
    newId: randomId,
    warn,
    http: createAnalyticsHttp(),
    eventService: createEventServiceTracker({
      ...browserBeaconOrXhrDeps(),
      warn,
      validationMode: readPageContext(doc).eventValidationMode === true,
    }),
    hitEnvironment: () => browserHitEnvironment(now()),
    visitorEnvironment: () => browserVisitorEnvironment(now()),
    pageTitle: () => doc.title,
    platformCartPage: () => isFullPageCart(doc) && !doc.querySelector('store-cart-page'),
    cart: () => cartStore().getState().cart,
    adsPixel: options.adsPixel ?? adsPixelSink(),
    events: doc,
    takeBuffered: takeBufferedAnalyticsEvents,
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    sessionRecording: ({ visitorId, cookiesUsed, track }) =>
      startSessionRecording({
        ...browserSessionRecordingSignals(),
        visitorId,
        // No cookie written for it under a restrictive policy, even where session storage is missing.
        tab: createStoredValues(
          browserStorage('sessionStorage'),
          cookiesUsed ? cookies : readOnlyCookieJar(cookies),
          now,
        ),
        now,
        track,
      }),
    ...(options.performance === false
      ? {}
      : {
          startPerformance: (ids) =>
            startPerformanceCollector(browserCollectorDeps({ doc, cdn: options.cdn ?? DEFAULT_CDN, ids, report })),
        }),
  };
}

const CENSUS_KEY = Symbol.for('storefront.census');

type CensusScope = typeof globalThis & { [CENSUS_KEY]?: CensusRun };

/** The census this copy of the script started; a fresh page runtime stops and forgets it. */
const startedCensus = pageSlot<CensusRun | null>('census', () => null, {
  end(run) {
    run?.stop();
    const scope = globalThis as CensusScope;
    if (scope[CENSUS_KEY] === run) delete scope[CENSUS_KEY];
  },
});

/** Stops listening for sign-ins and outs (one listener per page, made with the first census). */
const sessionFollower = pageSlot<(() => void) | null>('census-session', () => null, { end: (stop) => stop?.() });

/**
 * The skip rules follow the member's sign-in without a reload: a sign-in stops the running census
 * (a signed-in member is not counted); a sign-out starts the one a signed-in member had skipped.
 */
function followSession(doc: Document, options: PageCensusOptions): void {
  if (sessionFollower.get()) return;
  const stop = on(
    'store-session-change',
    ({ detail }) => {
      const scope = globalThis as CensusScope;
      const run = scope[CENSUS_KEY];
      if (detail.signedIn && run && !run.skipped) {
        startedCensus.set(undefined);
        scope[CENSUS_KEY] = { skipped: 'member-signed-in', cookiesUsed: false, stop: () => undefined };
      } else if (!detail.signedIn && run?.skipped === 'member-signed-in') {
        delete scope[CENSUS_KEY];
        startPageCensus(doc, options);
      }
    },
    doc,
  );
  sessionFollower.set(stop);
}

/**
 * Starts the page's census once, however many `<store-census>` elements (or copies of the
 * script) ask; later calls return the first run. Never throws.
 */
export function startPageCensus(doc: Document = document, options: PageCensusOptions = {}): CensusRun | undefined {
  const scope = globalThis as CensusScope;
  if (scope[CENSUS_KEY]) return scope[CENSUS_KEY];
  try {
    followSession(doc, options);
    scope[CENSUS_KEY] = startCensus(browserCensusDeps(doc, options));
    startedCensus.set(scope[CENSUS_KEY]);
    // Watch the page being left from now on: what waits in the analytics lane then goes at once.
    analyticsLane();
  } catch (error) {
    reportError(error, 'store-census');
  }
  return scope[CENSUS_KEY];
}
