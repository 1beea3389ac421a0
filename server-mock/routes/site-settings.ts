import { Hono } from 'hono';
import type { MultilingualSettings } from '../../contract/site-settings';
import { readJsonObject } from '../http/read-json-object';
import { ownerOnly, type Refusal } from '../middleware/site-user-session';
import type { Db } from '../store/db';
import {
  disconnectMultilingual,
  multilingualStatus,
  popupSettings,
  saveSiteHeaderFooter,
  saveSiteLanguages,
  savePopupSettings,
  servedLanguages,
  siteHeaderFooter,
  siteLanguages,
} from '../store/site-settings';
import { readHeaderFooter, readLanguageCodes, readPopupSettings } from '../validation/site-settings';

/** Why an owner call was refused (401 signed out, 403 not an owner). */
export const SITE_OWNER_MESSAGES: Record<Refusal, string> = {
  'signed-out': 'Please sign in to change the site settings.',
  'not-owner': 'Your account does not have permission to change the site settings.',
};

/**
 * The site's newsletter pop-up, header and footer, and languages (platform spec, section 7):
 * anyone reads them, only an owner changes them.
 */
export function siteSettingsRoutes(db: Db): Hono {
  const app = new Hono();
  const owner = ownerOnly(db, (c, why) =>
    c.json({ message: SITE_OWNER_MESSAGES[why] }, why === 'signed-out' ? 401 : 403),
  );

  app.get('/popup', (c) => c.json(popupSettings(db)));
  app.put('/popup', owner, async (c) => c.json(savePopupSettings(db, readPopupSettings(await readJsonObject(c)))));

  app.get('/site-header-footer', (c) => c.json(siteHeaderFooter(db)));
  app.put('/site-header-footer', owner, async (c) =>
    c.json(saveSiteHeaderFooter(db, readHeaderFooter(await readJsonObject(c)))),
  );

  app.get('/multilingual/settings', (c) => c.json({ languages: servedLanguages(db) } satisfies MultilingualSettings));
  app.get('/multilingual/status', (c) => c.json(multilingualStatus(db)));
  app.put('/multilingual/languages', owner, async (c) => {
    saveSiteLanguages(db, readLanguageCodes(await readJsonObject(c)));
    return c.json({ languages: siteLanguages(db) } satisfies MultilingualSettings);
  });
  app.delete('/multilingual/connection', owner, (c) => {
    disconnectMultilingual(db);
    return c.json(multilingualStatus(db));
  });

  return app;
}
