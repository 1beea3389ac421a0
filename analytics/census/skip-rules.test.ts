import { describe, expect, it } from 'vitest';
import { parsePageContext } from '../../runtime/session/page-context';
import { analyticsSkipReason, isViewerOnly, recordsPageView } from './skip-rules';

function reason(context: object, { member = false, path = '/shop' } = {}) {
  return analyticsSkipReason({ context: parsePageContext(context), memberSignedIn: member, path });
}

describe('analytics skip rules', () => {
  it('runs for an anonymous visitor on an ordinary page', () => {
    expect(reason({ pageType: 50 })).toBeNull();
    expect(reason({})).toBeNull();
  });

  it('skips signed-in owners and contributors, whatever their roles', () => {
    expect(reason({ account: { roles: [1] } })).toBe('owner-signed-in');
    expect(reason({ account: { roles: [4, 8] } })).toBe('owner-signed-in');
    expect(reason({ account: { roles: [] } })).toBe('owner-signed-in');
    expect(reason({ account: { roles: [10, 3] } })).toBe('owner-signed-in');
  });

  it('a viewer-only account is tracked, except on a /config path', () => {
    expect(reason({ account: { roles: [10] } }, { path: '/shop/p/shirt' })).toBeNull();
    expect(reason({ account: { roles: [10] } }, { path: '/config/analytics' })).toBe('owner-signed-in');
    expect(reason({ account: { roles: [10] } }, { path: '/site/config' })).toBe('owner-signed-in');
    // Signing in also sets the SiteUserInfo cookie: the account rule still decides.
    expect(reason({ account: { roles: [10] } }, { path: '/shop/p/shirt', member: true })).toBeNull();
    expect(reason({ account: { roles: [1] } }, { path: '/shop/p/shirt', member: true })).toBe('owner-signed-in');
  });

  it('skips signed-in members', () => {
    expect(reason({}, { member: true })).toBe('member-signed-in');
  });

  it('skips not-found, lock-screen and member-area-access-denied pages', () => {
    expect(reason({ pageType: 100 })).toBe('not-found-page');
    expect(reason({ pageType: 103 })).toBe('lock-screen-page');
    expect(reason({ pageType: 106 })).toBe('member-access-denied-page');
    expect(reason({ pageType: 101 })).toBeNull();
    expect(reason({ pageType: 105 })).toBeNull();
  });

  it('skips everything when the census-disabling flag is set', () => {
    expect(reason({ featureFlags: ['census-disabled'] })).toBe('census-disabled');
    expect(reason({ featureFlags: ['reviews-kill-switch'] })).toBeNull();
  });

  it('viewer-only means exactly one role, the viewer', () => {
    expect(isViewerOnly({ roles: [10] })).toBe(true);
    expect(isViewerOnly({ roles: [10, 10] })).toBe(false);
    expect(isViewerOnly({ roles: [12] })).toBe(false);
  });

  it('the search page records no page view', () => {
    expect(recordsPageView('/search', undefined)).toBe(false);
    expect(recordsPageView('/search/', undefined)).toBe(false);
    expect(recordsPageView('/results', 102)).toBe(false);
    expect(recordsPageView('/searching', undefined)).toBe(true);
    expect(recordsPageView('/shop', 2)).toBe(true);
  });
});
