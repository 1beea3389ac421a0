import type { Db } from '../store/db';
import { RESTOCK_SETTINGS_KEY, restockSettings, setSetting } from '../store/settings';

/** The demo store without its CAPTCHAs (restock sign-ups and the contact form): the forms a page can send without JavaScript. */
export function withoutCaptchas(db: Db): void {
  setSetting(db, RESTOCK_SETTINGS_KEY, JSON.stringify({ ...restockSettings(db), captcha: false }));
  const row = db.prepare("SELECT definition FROM forms WHERE id = 'contact'").get() as { definition: string };
  const definition = { ...(JSON.parse(row.definition) as object), captcha: false };
  db.prepare("UPDATE forms SET definition = ? WHERE id = 'contact'").run(JSON.stringify(definition));
}
