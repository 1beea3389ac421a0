/** The store's locale, time zone and widget-string overrides as the store context gives them. */

/** A store's overrides of widget strings, by catalog key (`widget-messages.ts`). */
export type WidgetMessageOverrides = Readonly<Record<string, string>>;

const KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

/**
 * The overrides in store-context JSON: string values under catalog-shaped keys ('cartPill.items');
 * anything else is dropped. Keys the catalog does not have are never looked up.
 */
export function readMessages(value: unknown): WidgetMessageOverrides {
  const messages: Record<string, string> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return messages;
  for (const [key, text] of Object.entries(value)) {
    if (KEY.test(key) && typeof text === 'string') messages[key] = text;
  }
  return messages;
}

/** A usable BCP 47 locale in canonical form ('fr_fr' is 'fr-FR'), else undefined. */
export function readLocale(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return Intl.getCanonicalLocales(value.trim().replaceAll('_', '-'))[0];
  } catch {
    return undefined;
  }
}

/** A time zone Intl knows ('Europe/Paris'), else undefined. */
export function readTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
