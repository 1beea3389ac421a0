import { PageType, SiteStatus } from '../../contract/enumerations';
import { isFeatureFlag } from '../../contract/feature-flags';
import { popupSettings } from '../store/site-settings';
import { pageData, type PageContext, type SiteInfo } from './page-data';
import { popupPageData } from './popup-data';
import { qaFlagsData } from './qa-flags-view';
import { pageContext, type PageAccount, type QueryValue, type StorePages } from './store-pages';

/** A QA page's site status (`status=6` pretends to be an internal site), when the query names a number. */
function qaSiteStatus(query: QueryValue): number | undefined {
  const status = query('status');
  return status && /^\d{1,2}$/.test(status) ? Number(status) : undefined;
}

/** A QA page's numbered flags (`features=40,64`: exactly these on; `features=`: none), when the query has them. */
function qaFeatures(query: QueryValue): number[] | undefined {
  const features = query('features');
  if (features === undefined) return undefined;
  return features
    .split(',')
    .map((f) => Number(f.trim()))
    .filter(isFeatureFlag);
}

/** A QA product page's overrides of the store settings, from its query string. */
export function qaOverrides(
  site: SiteInfo,
  query: QueryValue,
): Pick<PageContext, 'overrides' | 'extraFlags' | 'siteStatus' | 'eventValidationMode'> {
  const installments = site.commerceSettings?.installments;
  const country = query('country');
  const language = query('language');
  const flags = (query('flags') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => /^[a-z-]{1,40}$/.test(f));
  const features = qaFeatures(query);
  const status = qaSiteStatus(query);
  return {
    extraFlags: flags,
    ...(status !== undefined ? { siteStatus: status } : {}),
    // QA: the page's events go to the event service's validation endpoint (`eventValidation=1`).
    ...(query('eventValidation') === '1' ? { eventValidationMode: true } : {}),
    overrides: {
      ...(features ? { enabledFeatures: features } : {}),
      ...(installments && (country || language)
        ? {
            installments: {
              ...installments,
              stripeAccountCountry: country ?? installments.stripeAccountCountry,
              shopperLanguage: language ?? installments.shopperLanguage,
            },
          }
        : {}),
      ...(query('reviews') === 'off'
        ? { reviews: { nativeReviewsEnabled: false, importedReviewsEnabled: false } }
        : {}),
    },
  };
}

/** Every numbered flag's gate both ways, and the experiments as the storefront reads them. */
export function qaFlagsView(pages: StorePages, query: QueryValue, account: PageAccount) {
  const status = qaSiteStatus(query) ?? pages.site().siteStatus ?? SiteStatus.PAID;
  const page = pageContext(account, PageType.PAGE, 'qa-flags', { siteStatus: status });
  return pageData(pages.site(), 'Feature flags', qaFlagsData(status), page);
}

/** The newsletter pop-up with its trigger from the query (`trigger`, `delay`, `scroll`). */
export function qaPopupView(pages: StorePages, query: Record<string, string>, account: PageAccount) {
  return pageData(
    pages.site(),
    'Newsletter pop-up',
    popupPageData(popupSettings(pages.db), query),
    pageContext(account, PageType.PAGE, 'qa-popup'),
  );
}

/** The lock screen the platform shows on a password-protected site (page type 103: no analytics). */
export function lockScreenView(pages: StorePages, account: PageAccount) {
  return pageData(
    pages.site(),
    'Locked',
    { cartPill: false },
    pageContext(account, PageType.LOCK_SCREEN, 'lock-screen'),
  );
}

/** A page without the widgets or the census. */
export function noWidgetsView(pages: StorePages, account: PageAccount) {
  return pageData(
    pages.site(),
    'No widgets',
    { cartPill: false, census: false },
    pageContext(account, PageType.PAGE, 'qa-no-widgets'),
  );
}
