import { describe, expect, it, vi } from 'vitest';
import {
  resolveSourceEnvironment,
  siteVisitorPayload,
  type VisitorEnvironment,
  type VisitorIdentity,
} from './site-visitor-payload';

const env: VisitorEnvironment = {
  browserLanguage: 'fr-CA',
  browserLocale: 'fr-CA',
  windowHeight: 700,
  windowWidth: 1000,
  pageHost: 'shop.test',
  pagePath: '/shop',
  pageQueryParams: 'a=1',
  pageReferrerUrl: 'https://ref.test/',
  userAgent: 'agent',
  now: 42,
};
const who: VisitorIdentity = {
  analyticsId: 'aid',
  marketingId: 'mid',
  sessionId: 'sid',
  websiteId: 'site-1',
  websiteLocale: 'en-US',
  memberAccountId: null,
  memberAccountLocale: null,
  sourceEnvironment: 'qa',
};

describe('site-visitor payload', () => {
  it('has every field of the spec', () => {
    expect(siteVisitorPayload(env, who, { customSchemaName: 'commerce_event', objectIdentifier: 'p1' })).toEqual({
      analytics_id: 'aid',
      browser_language: 'fr-CA',
      browser_locale: 'fr-CA',
      window_height: 700,
      window_width: 1000,
      client_name: 'storefront-widgets',
      client_version: '3.8.0',
      marketing_id: 'mid',
      page_host: 'shop.test',
      page_path: '/shop',
      page_query_params: 'a=1',
      page_referrer_url: 'https://ref.test/',
      session_id: 'sid',
      user_agent: 'agent',
      event_timestamp: 42,
      custom_schema_name: 'commerce_event',
      source_environment: 'qa',
      context_website_id: 'site-1',
      destination_url: null,
      member_account_id: null,
      object_identifier: 'p1',
      resolved_locale: 'en-US',
      website_locale: 'en-US',
      member_account_locale: null,
    });
  });

  it("the member's locale wins, then the site's, then the browser's", () => {
    expect(
      siteVisitorPayload(env, { ...who, memberAccountLocale: 'de-DE' }, { customSchemaName: 's' }).resolved_locale,
    ).toBe('de-DE');
    expect(siteVisitorPayload(env, { ...who, websiteLocale: null }, { customSchemaName: 's' }).resolved_locale).toBe(
      'fr-CA',
    );
  });
});

describe('source environment', () => {
  it.each(['dev', 'qa', 'staging', 'prod'])('%s is accepted silently', (value) => {
    const log = vi.fn();
    expect(resolveSourceEnvironment(value, log)).toBe(value);
    expect(log).not.toHaveBeenCalled();
  });

  it.each(['production', undefined, 3])(
    "%s logs 'sourceEnvironment needs to be set to one of dev, staging, or prod'",
    (value) => {
      const log = vi.fn();
      expect(resolveSourceEnvironment(value, log)).toBeUndefined();
      expect(log).toHaveBeenCalledWith('sourceEnvironment needs to be set to one of dev, staging, or prod');
    },
  );
});
