import { translate } from '../../contract/translate';
import type { MessageValues } from '../../contract/message-format';
import { storeContext } from '../session/store-context';

export type { MessageValues } from '../../contract/message-format';

/** Looks up one area's widget strings: `t('cartPill.items', { count: 2 })`. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * The lookup of one area of the catalog (`contract/widget-messages/*.ts`, the English defaults):
 * each string in the store's locale, the store context's `messages[key]` when given and well
 * formed, else the English default, filled with `values`. Widgets pass their own area(s), so a
 * chunk carries only the strings it shows.
 */
export function translator<K extends string>(defaults: Readonly<Record<K, string>>): Translate<K> {
  return (key, values = {}) => translate(defaults, key, values, storeContext());
}
