import { defineWidget } from '../../runtime/define-widget';
import { Account, ACCOUNT_STYLES, type AccountProps } from './account';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-account' as const;

defineWidget<AccountProps>({
  tag: TAG,
  component: Account,
  events: [],
  attributes: { cloneCart: 'string' },
  styles: ACCOUNT_STYLES,
});
