import type { Context, Hono } from 'hono';
import { SITE_SETTINGS_MESSAGES, type PopupSettings } from '../../contract/site-settings';
import { HttpError } from '../http/http-error';
import { isFormCrumbValid } from '../middleware/crumb';
import { renderPage } from '../pages/render-page';
import type { Db } from '../store/db';
import { MAILING_LISTS, popupSettings, savePopupSettings } from '../store/site-settings';
import { refuseControlCharacters } from '../validation/payload-check';
import { readPopupSettings } from '../validation/site-settings';
import { SESSION_EXPIRED } from '../../contract/messages';

/** Builds an owner page's data (the owner area's `page` of owner-pages.ts). */
export type OwnerPage = (c: Context, title: string, extra: Record<string, unknown>) => Record<string, unknown>;

const TRIGGER_LABELS: Record<PopupSettings['trigger'], string> = {
  delay: 'After a delay',
  scroll: 'When the shopper scrolls down',
  exit: 'When the pointer leaves the page (exit intent)',
};

/** The owner form's view of pop-up settings (as saved, or as entered when refused). */
function popupForm(settings: Omit<PopupSettings, 'version'>) {
  return {
    ...settings,
    lists: MAILING_LISTS.map((l) => ({ ...l, selected: l.id === settings.mailingList })),
    triggers: Object.entries(TRIGGER_LABELS).map(([value, label]) => ({
      value,
      label,
      checked: value === settings.trigger,
    })),
  };
}

/** The text fields of a posted HTML form; a body that is not a readable form has none; a control character is refused. */
export async function formFields(c: Context): Promise<Record<string, string>> {
  let fields: Record<string, string>;
  try {
    const body = await c.req.parseBody();
    fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
  refuseControlCharacters(fields);
  return fields;
}

/**
 * The owner's site pages (behind the owner guard of /config/*): the newsletter pop-up (a
 * server-rendered form), the header and footer and the languages (editor widgets on the
 * `PUT`/`DELETE` calls).
 */
export function ownerSitePages(app: Hono, db: Db, page: OwnerPage): void {
  app.get('/config/popup', (c) => {
    const saved = c.req.query('saved') !== undefined ? popupSettings(db).version : null;
    return c.html(
      renderPage('owner-popup', page(c, 'Newsletter pop-up', { saved, form: popupForm(popupSettings(db)) })),
    );
  });

  app.post('/config/popup', async (c) => {
    const fields = await formFields(c);
    const entered = {
      ...popupSettings(db),
      ...fields,
      enabled: fields.enabled === 'true',
      delaySeconds: fields.delaySeconds ?? '',
      scrollPercent: fields.scrollPercent ?? '',
    };
    const refused = (status: 400 | 403, error: string) =>
      c.html(
        renderPage(
          'owner-popup',
          page(c, 'Newsletter pop-up', {
            error,
            listError: error === SITE_SETTINGS_MESSAGES.listRequired,
            form: popupForm(entered as unknown as PopupSettings),
          }),
        ),
        status,
      );
    if (!isFormCrumbValid(c, fields.crumb)) return refused(403, SESSION_EXPIRED);
    try {
      savePopupSettings(db, readPopupSettings(entered));
    } catch (error) {
      if (error instanceof HttpError) return refused(400, error.message);
      throw error;
    }
    return c.redirect('/config/popup?saved', 303);
  });

  app.get('/config/site', (c) => c.html(renderPage('owner-site', page(c, 'Header and footer', {}))));
  app.get('/config/languages', (c) => c.html(renderPage('owner-languages', page(c, 'Languages', {}))));
}
