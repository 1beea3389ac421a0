import { PageType } from '../../contract/enumerations';
import { jsonForHtml } from '../../contract/json-in-html';
import type { Db } from '../store/db';
import { websiteSettings } from '../store/settings';
import { pageData } from './page-data';
import { renderPage } from './render-page';

/** What a shopper reads when a page failed on our side; API calls get the same text as JSON. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The error page (page type 101), for a page whose handler failed (or, with `message` and
 * `title`, a request the store refused). When even the store cannot be read, a bare page that
 * still declares its type (no script: nothing for the policy to refuse).
 */
export function errorHtml(db: Db, message = SERVER_ERROR_MESSAGE, title = 'Something went wrong'): string {
  try {
    return renderPage(
      'error',
      pageData(websiteSettings(db), title, { message, cartPill: false }, { pageType: PageType.ERROR, pageId: 'error' }),
    );
  } catch {
    const context = jsonForHtml({ pageType: PageType.ERROR, pageId: 'error' });
    return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title><script type="application/json" id="store-context">${context}</script></head><body><h1>Something went wrong</h1><p>${SERVER_ERROR_MESSAGE}</p></body></html>`;
  }
}
