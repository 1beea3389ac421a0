import { formatMessage, type MessageValues } from './message-format';

/** The store's language settings a widget string is written in (the store context's `locale` and `messages`). */
export interface MessageSettings {
  locale: string;
  /** The store's own wording, by key (ICU messages); a malformed one falls back to the default. */
  messages: Readonly<Record<string, string>>;
}

/**
 * One widget string in the store's locale: the store's override of `key` when given and well
 * formed, else the English default, filled with `values`. The widgets (through the store
 * context) and the server (rendering a widget's first state) write the same text with it.
 */
export function translate<K extends string>(
  defaults: Readonly<Record<K, string>>,
  key: K,
  values: MessageValues,
  { locale, messages }: MessageSettings,
): string {
  const override = Object.hasOwn(messages, key) ? messages[key] : undefined;
  if (override !== undefined) {
    try {
      return formatMessage(override, values, locale);
    } catch {
      // A malformed override: the English default below.
    }
  }
  return formatMessage(defaults[key], values, locale);
}
