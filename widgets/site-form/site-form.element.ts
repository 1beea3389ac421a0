import { defineWidget } from '../../runtime/define-widget';
import { FORM_STYLES } from '../additional-fields/additional-fields-form';
import { DIALOG_STYLES } from '../ui/dialog';
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
});
