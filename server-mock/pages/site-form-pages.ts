import { PageType } from '../../contract/enumerations';
import { getFormDefinition } from '../store/forms';
import { pageData } from './page-data';
import { siteFormView, type SiteFormState } from './site-form-view';
import { pageContext, type PageAccount, type QueryValue, type StorePages } from './store-pages';

/** The demo store's site form pages: each shows one form and answers its posts (without JavaScript). */
export const SITE_FORM_PAGES = [
  {
    path: '/contact',
    formId: 'contact',
    heading: 'Contact us',
    intro: 'Questions about an order, a repair or a custom piece? Write to us.',
  },
  {
    path: '/newsletter',
    formId: 'newsletter',
    heading: 'Newsletter',
    intro: 'New pieces and workshop dates, once a month.',
  },
  {
    path: '/forms/redirect',
    formId: 'redirect',
    heading: 'Quick question',
    intro: 'Ask away; you will be back in the shop right after.',
  },
] as const;

/** A site form page: its form without JavaScript, a refused post's `state` or the `status` after one. */
export function siteFormPageView(
  pages: StorePages,
  { formId, heading, intro }: (typeof SITE_FORM_PAGES)[number],
  form: { state: SiteFormState | undefined; status: string | undefined; query: QueryValue; crumb: string },
  account: PageAccount,
) {
  const pageId = siteFormPageId(formId);
  return pageData(
    pages.site(),
    heading,
    {
      formId,
      heading,
      intro,
      pageId,
      formFallback: siteFormView(getFormDefinition(pages.db, formId), pages.site(), form),
    },
    pageContext(account, PageType.PAGE, pageId),
  );
}

/** The page id of the page of site form `formId`. */
export function siteFormPageId(formId: string): string {
  return `page-${formId}`;
}
