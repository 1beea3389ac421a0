import { PageType } from '../../contract/enumerations';
import type { Db } from '../store/db';
import { websiteSettings } from '../store/settings';
import { pageData } from './page-data';
import { renderPage } from './render-page';

/** The not-found page, for the app's fallback. */
export function notFoundHtml(db: Db): string {
  return renderPage(
    'not-found',
    pageData(websiteSettings(db), 'Not found', {}, { pageType: PageType.NOT_FOUND, pageId: 'not-found' }),
  );
}
