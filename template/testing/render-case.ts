/** One render the differential tests compare, and our engine's output for it. */
import { execute } from '../index';

/** A template, its data, and for the i18n families the locale and "now". */
export interface Render {
  source: string;
  json: unknown;
  locale?: string;
  now?: number;
}

export function renderOurs({ source, json, locale, now }: Render): string {
  return execute(source, json, { ...(locale === undefined ? {} : { locale }), ...(now === undefined ? {} : { now }) })
    .output;
}
