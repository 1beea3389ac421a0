import { WIDGET_MESSAGES, type WidgetMessageKey } from '../../contract/widget-messages';
import { storeContext } from '../session/store-context';
import { formatMessage, type MessageValues } from './message-format';

export type { MessageValues } from './message-format';

/**
 * A widget string (`contract/widget-messages.ts`) in the store's locale: the store context's
 * `messages[key]` when given and well formed, else the English default, filled with `values`.
 */
export function t(key: WidgetMessageKey, values: MessageValues = {}): string {
  const { locale, messages } = storeContext();
  const override = messages[key];
  if (override !== undefined) {
    try {
      return formatMessage(override, values, locale);
    } catch {
      // A malformed override: the English default below.
    }
  }
  return formatMessage(WIDGET_MESSAGES[key], values, locale);
}
