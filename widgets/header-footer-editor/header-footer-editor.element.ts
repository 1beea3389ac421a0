import { defineWidget } from '../../runtime/define-widget';
import { SITE_EDITOR_CSS_PROPERTIES, SITE_EDITOR_ELEMENT } from '../ui/site-editor-styles';
import { HeaderFooterEditor, type HeaderFooterEditorProps } from './header-footer-editor';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-header-footer-editor' as const;

defineWidget<HeaderFooterEditorProps>({
  tag: TAG,
  component: HeaderFooterEditor,
  events: [
    'store-tweak-before-open',
    'store-tweak-after-show',
    'store-tweak-change',
    'store-tweak-save',
    'store-tweak-reset',
    'store-tweak-close',
    'store-tweak-after-close',
  ],
  ...SITE_EDITOR_ELEMENT,
  cssProperties: SITE_EDITOR_CSS_PROPERTIES,
  parts: {
    'store-site-editor': 'The header and footer form',
    'store-site-editor__row': 'One link (label, address, remove)',
    'store-site-editor__error': 'The server’s message on a refused field',
    'store-button': 'The save button',
    'store-site-editor__reset': 'The reset button: drops unsaved changes',
  },
});
