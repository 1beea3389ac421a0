import { defineWidget } from '../../runtime/define-widget';
import { FORM_STYLES } from '../additional-fields/additional-fields-form';
import { DIALOG_STYLES } from '../ui/dialog';
import { SiteForm, SITE_FORM_STYLES, type SiteFormProps } from './site-form';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-site-form' as const;

defineWidget<SiteFormProps>({
  tag: TAG,
  component: SiteForm,
  attributes: {
    form: { attr: 'data-form', type: 'string' },
    formId: { attr: 'data-form-id', type: 'string' },
    pageId: { attr: 'data-page-id', type: 'string' },
    contentSource: { attr: 'data-content-source', type: 'string' },
    pagePermission: { attr: 'data-page-permission', type: 'string' },
    messagePosition: { attr: 'data-message-position', type: 'string' },
  },
  styles: DIALOG_STYLES + FORM_STYLES + SITE_FORM_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}
