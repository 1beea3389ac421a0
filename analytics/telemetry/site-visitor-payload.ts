import type { SiteVisitorPayload } from '../../contract/analytics';
import { SourceEnvironment } from '../../contract/enumerations';

export type { SiteVisitorPayload } from '../../contract/analytics';

/** Logged when a tracker is set up with another source environment (platform spec, section 8). */
export const SOURCE_ENVIRONMENT_MESSAGE = 'sourceEnvironment needs to be set to one of dev, staging, or prod';

/** Client name and version the newer tracker reports (platform spec, section 9: tracker client version 3.8.0). */
export const TRACKER_CLIENT = { name: 'storefront-widgets', version: '3.8.0' } as const;

/**
 * The source environment, when `value` is one of the four; otherwise it logs the spec's
 * message and returns undefined (events then go out without one).
 */
export function resolveSourceEnvironment(
  value: unknown,
  log: (message: string) => void,
): SourceEnvironment | undefined {
  if ((Object.values(SourceEnvironment) as unknown[]).includes(value)) return value as SourceEnvironment;
  log(SOURCE_ENVIRONMENT_MESSAGE);
  return undefined;
}

/** What the browser and page say about the visit, read once per event. */
export interface VisitorEnvironment {
  /** `navigator.language`. */
  browserLanguage: string | null;
  /** The browser's resolved locale (`Intl.DateTimeFormat().resolvedOptions().locale`). */
  browserLocale: string | null;
  windowHeight: number | null;
  windowWidth: number | null;
  pageHost: string;
  pagePath: string;
  /** The query string without its '?'. */
  pageQueryParams: string;
  pageReferrerUrl: string | null;
  userAgent: string;
  /** Epoch milliseconds. */
  now: number;
}

/** Who the visitor is and which site and page this is. */
export interface VisitorIdentity {
  analyticsId: string | null;
  marketingId: string | null;
  sessionId: string | null;
  websiteId: string | null;
  websiteLocale: string | null;
  /** A signed-in member's id and locale (null for everyone else). */
  memberAccountId: string | null;
  memberAccountLocale: string | null;
  sourceEnvironment: SourceEnvironment | undefined;
}

/** Per-event fields of the site-visitor payload. */
export interface SiteVisitorEventFields {
  customSchemaName: string;
  /** Where the event leads (a link's target), when it leads somewhere. */
  destinationUrl?: string | null;
  /** The object the event is about (a product id, a form id). */
  objectIdentifier?: string | null;
}

/** Builds the site-visitor payload of one event. */
export function siteVisitorPayload(
  env: VisitorEnvironment,
  who: VisitorIdentity,
  event: SiteVisitorEventFields,
): SiteVisitorPayload {
  return {
    analytics_id: who.analyticsId,
    browser_language: env.browserLanguage,
    browser_locale: env.browserLocale,
    window_height: env.windowHeight,
    window_width: env.windowWidth,
    client_name: TRACKER_CLIENT.name,
    client_version: TRACKER_CLIENT.version,
    marketing_id: who.marketingId,
    page_host: env.pageHost,
    page_path: env.pagePath,
    page_query_params: env.pageQueryParams,
    page_referrer_url: env.pageReferrerUrl,
    session_id: who.sessionId,
    user_agent: env.userAgent,
    event_timestamp: env.now,
    custom_schema_name: event.customSchemaName,
    source_environment: who.sourceEnvironment ?? null,
    context_website_id: who.websiteId,
    destination_url: event.destinationUrl ?? null,
    member_account_id: who.memberAccountId,
    object_identifier: event.objectIdentifier ?? null,
    resolved_locale: who.memberAccountLocale ?? who.websiteLocale ?? env.browserLocale,
    website_locale: who.websiteLocale,
    member_account_locale: who.memberAccountLocale,
  };
}

/** Reads the visitor environment from the browser (missing pieces are null). */
export function browserVisitorEnvironment(now: number = Date.now()): VisitorEnvironment {
  const loc = globalThis.location;
  let browserLocale: string | null = null;
  try {
    browserLocale = Intl.DateTimeFormat().resolvedOptions().locale;
  } catch {
    // No Intl: unknown.
  }
  return {
    browserLanguage: globalThis.navigator?.language ?? null,
    browserLocale,
    windowHeight: typeof globalThis.innerHeight === 'number' ? globalThis.innerHeight : null,
    windowWidth: typeof globalThis.innerWidth === 'number' ? globalThis.innerWidth : null,
    pageHost: loc?.host ?? '',
    pagePath: loc?.pathname ?? '',
    pageQueryParams: (loc?.search ?? '').replace(/^\?/, ''),
    pageReferrerUrl: globalThis.document?.referrer || null,
    userAgent: globalThis.navigator?.userAgent ?? '',
    now,
  };
}
