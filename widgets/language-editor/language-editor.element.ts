import { defineWidget } from '../../runtime/define-widget';
import { SITE_EDITOR_CSS_PROPERTIES, SITE_EDITOR_ELEMENT } from '../ui/site-editor-styles';
import { LanguageEditor, type LanguageEditorProps } from './language-editor';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-language-editor' as const;

defineWidget<LanguageEditorProps>({
  tag: TAG,
  component: LanguageEditor,
  events: [
    'store-tweak-before-open',
    'store-tweak-after-show',
    'store-tweak-save',
    'store-tweak-close',
    'store-tweak-after-close',
  ],
  ...SITE_EDITOR_ELEMENT,
  cssProperties: SITE_EDITOR_CSS_PROPERTIES,
  parts: {
    'store-language-editor': 'The languages list, the add form and the disconnect button',
    'store-language-editor__error': 'A refused change’s message',
    'store-button': 'The add button',
  },
});
