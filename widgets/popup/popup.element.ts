import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { FORM_PARTS, FORM_STYLES, FORM_THEME } from '../additional-fields/form-styles';
import { DIALOG_PARTS, DIALOG_STYLES, DIALOG_THEME } from '../ui/dialog-styles';
import { SITE_FORM_STYLES } from '../site-form/site-form';
import { Popup, POPUP_STYLES, type PopupProps } from './popup';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-popup' as const;

defineWidget<PopupProps>({
  tag: TAG,
  component: Popup,
  events: ['store-overlay-show', 'store-form-render', 'store-ads-pixel'],
  attributes: {
    popupId: 'string',
    version: 'string',
    heading: 'string',
    text: 'string',
    formId: 'string',
    trigger: 'string',
    delay: 'string',
    scrollPercent: 'string',
  },
  styles: DIALOG_STYLES + FORM_STYLES + SITE_FORM_STYLES + POPUP_STYLES,
  cssProperties: cssPropertiesOf(
    ...DIALOG_THEME,
    ...FORM_THEME,
    '--store-muted-text-color',
    '--store-text-color',
    '--store-error-background-color',
  ),
  parts: {
    ...DIALOG_PARTS,
    ...FORM_PARTS,
    'store-popup': 'The pop-up dialog',
    'store-popup__text': 'The line above the form',
    'store-site-form': 'The newsletter form inside',
  },
});
