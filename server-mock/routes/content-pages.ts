import { LAYOUT_GRID_COLUMNS } from '../../contract/limits';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { PageType, RecordType } from '../../contract/enumerations';
import { CONTENT_SETTINGS, eventLists, galleryBlock, journalItems, journalPost } from '../pages/content-pages';
import { pageData, type PageContext, type SiteInfo } from '../pages/page-data';
import { renderPage, type PageName } from '../pages/render-page';
import { toneWav } from '../content/tone-wav';

const CONTENT_CSS = readFileSync(new URL('../../demo-pages/content.css', import.meta.url), 'utf8');

/** What the content pages borrow from the page routes: the site, the page context, the not-found page. */
export interface ContentPageHelpers {
  site: () => SiteInfo;
  context: (c: Context, pageType: number, pageId: string, extra?: Partial<PageContext>) => PageContext;
  notFound: (c: Context) => Response | Promise<Response>;
}

/** The audio of the journal's sound note, made once: one second of a soft tone. */
let audio: Uint8Array<ArrayBuffer> | undefined;

/**
 * The demo store's content pages: the journal (/journal, /journal/:slug), events (/events) and
 * the gallery (/gallery; the query overrides gallery settings for QA: `?design=slideshow`).
 */
export function contentPageRoutes({ site, context, notFound }: ContentPageHelpers): Hono {
  const app = new Hono();

  const render = (c: Context, name: PageName, title: string, extra: Record<string, unknown>, page: PageContext) => {
    const data = pageData(
      site(),
      title,
      {
        ...extra,
        pageCss: '/content.css',
        websiteSettings: CONTENT_SETTINGS.websiteSettings,
        // Content pages lay out on the platform's default grid.
        layoutGridColumns: LAYOUT_GRID_COLUMNS,
      },
      page,
    );
    const website = { ...data.website, shareButtonOptions: CONTENT_SETTINGS.shareButtonOptions };
    return c.html(renderPage(name, { ...data, website }));
  };
  const journal = { id: 'journal', name: 'Journal' };

  app.get('/content.css', (c) => c.body(CONTENT_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/journal', (c) =>
    render(
      c,
      'journal',
      'Journal',
      { collection: { ...journal, fullUrl: '/journal' }, items: journalItems(Date.now()) },
      context(c, PageType.MAIN_CONTENT, 'journal', { collection: journal }),
    ),
  );
  app.get('/journal/:slug', (c) => {
    const post = journalPost(c.req.param('slug'), Date.now());
    if (!post) return notFound(c);
    const item = {
      id: post.id,
      recordType: RecordType.TEXT,
      collectionId: 'journal',
      title: post.title,
    };
    return render(
      c,
      'journal-post',
      post.title,
      { item: post, collection: { ...journal, fullUrl: '/journal' } },
      context(c, PageType.CONTENT_ITEM, `journal-${post.urlId}`, { item, collection: journal }),
    );
  });
  app.get('/events', (c) =>
    render(c, 'events', 'Events', eventLists(Date.now()), context(c, PageType.MAIN_CONTENT, 'events')),
  );
  app.get('/gallery', (c) =>
    render(c, 'gallery', 'Gallery', { gallery: galleryBlock(c.req.query()) }, context(c, PageType.PAGE, 'gallery')),
  );
  app.get('/media/indigo-vat.wav', (c) => {
    audio ??= toneWav();
    return c.body(audio, 200, {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}
