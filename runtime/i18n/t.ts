import { storeContext } from '../session/store-context';
import { formatMessage, type MessageValues } from './message-format';

export type { MessageValues } from './message-format';

/** Looks up one area's widget strings: `t('cartPill.items', { count: 2 })`. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * The lookup of one area of the catalog (`contract/widget-messages/*.ts`, the English defaults):
 * each string in the store's locale, the store context's `messages[key]` when given and well
 * formed, else the English default, filled with `values`. Widgets pass their own area(s), so a
 * chunk carries only the strings it shows.
 */
export function translator<K extends string>(defaults: Readonly<Record<K, string>>): Translate<K> {
  return (key, values = {}) => {
    const { locale, messages } = storeContext();
    const override = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (override !== undefined) {
      try {
        return formatMessage(override, values, locale);
      } catch {
        // A malformed override: the English default below.
      }
    }
    return formatMessage(defaults[key], values, locale);
  };
}
