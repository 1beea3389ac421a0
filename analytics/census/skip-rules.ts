import { NamedFlag, PageType, UserRole } from '../../contract/enumerations';
import type { PageContext } from '../../runtime/session/page-context';

/** Why analytics stays off on a page (null: it runs). */
export type SkipReason =
  | 'census-disabled'
  | 'owner-signed-in'
  | 'member-signed-in'
  | 'not-found-page'
  | 'lock-screen-page'
  | 'member-access-denied-page';

/** What the skip rules look at. */
export interface SkipInput {
  context: Pick<PageContext, 'account' | 'pageType' | 'featureFlags'>;
  /** A site member is signed in (the `SiteUserInfo` cookie says authenticated). */
  memberSignedIn: boolean;
  /** The page's path (`location.pathname`). */
  path: string;
}

/** The owner's area: any path containing /config (storefront spec, section 2). */
export function isConfigPath(path: string): boolean {
  return path.includes('/config');
}

/** A signed-in account whose only role is viewer. */
export function isViewerOnly(account: { roles: number[] }): boolean {
  return account.roles.length === 1 && account.roles[0] === UserRole.VIEWER;
}

/**
 * The analytics skip rules (storefront spec, section 6; platform spec, section 4): the
 * census-disabling flag; a signed-in owner or contributor unless the account has only the viewer
 * role and the page is not under /config; a signed-in member; not-found, lock-screen and
 * member-area-access-denied pages. Returns the first rule that applies, or null.
 */
export function analyticsSkipReason({ context, memberSignedIn, path }: SkipInput): SkipReason | null {
  if (context.featureFlags.includes(NamedFlag.CENSUS_DISABLED)) return 'census-disabled';
  if (context.account) {
    // The account rule decides for a signed-in account: its sign-in also sets the member cookie,
    // which must not skip the viewer-only exception.
    if (!(isViewerOnly(context.account) && !isConfigPath(path))) return 'owner-signed-in';
  } else if (memberSignedIn) return 'member-signed-in';
  switch (context.pageType) {
    case PageType.NOT_FOUND:
      return 'not-found-page';
    case PageType.LOCK_SCREEN:
      return 'lock-screen-page';
    case PageType.MEMBER_AREA_ACCESS_DENIED:
      return 'member-access-denied-page';
    default:
      return null;
  }
}

/** The search page (/search, or a page of the search type) records no page view; other events still count. */
export function recordsPageView(path: string, pageType: number | undefined): boolean {
  const search = path === '/search' || path.startsWith('/search/') || pageType === PageType.SEARCH;
  return !search;
}
