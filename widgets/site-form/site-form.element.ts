import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { FORM_PARTS, FORM_STYLES, FORM_THEME } from '../additional-fields/form-styles';
import { DIALOG_PARTS, DIALOG_STYLES, DIALOG_THEME } from '../ui/dialog-styles';
import { SiteForm, SITE_FORM_STYLES, type SiteFormProps } from './site-form';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-site-form' as const;

defineWidget<SiteFormProps>({
  tag: TAG,
  component: SiteForm,
  events: ['store-form-render', 'store-ads-pixel'],
  attributes: {
    form: 'string',
    formId: 'string',
    pageId: 'string',
    contentSource: 'string',
    pagePermission: 'string',
    messagePosition: 'string',
  },
  styles: DIALOG_STYLES + FORM_STYLES + SITE_FORM_STYLES,
  cssProperties: cssPropertiesOf(
    ...DIALOG_THEME,
    ...FORM_THEME,
    '--store-text-color',
    '--store-error-background-color',
  ),
  parts: {
    ...DIALOG_PARTS,
    ...FORM_PARTS,
    'store-site-form': 'The form',
    'store-site-form__messages': 'The error summary above the fields',
    'store-site-form__actions': 'The submit button row',
    'store-site-form__success': 'The owner’s success message that replaces the form',
  },
});
