import type { CensusHitBrowserFields, CensusHitData } from '../../contract/analytics';
import type { PageContext } from '../../runtime/session/page-context';
import { browserStorage, usableStorage } from '../../runtime/storage/stored-values';

/** What the browser says about this page view. */
export interface HitEnvironment extends CensusHitBrowserFields {
  /** `location.pathname`. */
  path: string;
  title: string;
}

/** The `data` JSON of `POST /api/census/RecordHit` (storefront spec, section 7). */
export type HitData = CensusHitData;

/** Builds the page view's data. */
export function hitData(env: HitEnvironment, context: PageContext): HitData {
  const { path, title, ...browser } = env;
  return {
    ...browser,
    websiteId: context.websiteId ?? null,
    templateId: context.templateId ?? null,
    website_locale: context.websiteLocale ?? null,
    url: path,
    title,
    itemId: context.item?.id ?? null,
    recordType: context.item?.recordType ?? null,
    collectionId: context.item?.collectionId ?? context.collection?.id ?? null,
  };
}

/** Whether local storage can be written and read (false when missing or blocked). */
export function localStorageWorks(): boolean {
  return usableStorage(browserStorage('localStorage')) !== undefined;
}

/** Reads the hit environment from the browser. */
export function browserHitEnvironment(now: number = Date.now()): HitEnvironment {
  const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    localStorageSupported: localStorageWorks(),
    queryString: (globalThis.location?.search ?? '').replace(/^\?/, ''),
    referrer: globalThis.document?.referrer ?? '',
    userAgent: globalThis.navigator?.userAgent ?? '',
    clientDate: now,
    viewportInnerHeight: n(globalThis.innerHeight),
    viewportInnerWidth: n(globalThis.innerWidth),
    screenHeight: n(globalThis.screen?.height),
    screenWidth: n(globalThis.screen?.width),
    path: globalThis.location?.pathname ?? '',
    title: globalThis.document?.title ?? '',
  };
}
