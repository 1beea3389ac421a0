import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { LanguagePicker, LANGUAGE_PICKER_STYLES, type LanguagePickerProps } from './language-picker';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-language-picker' as const;

defineWidget<LanguagePickerProps>({
  tag: TAG,
  component: LanguagePicker,
  events: [],
  attributes: {},
  styles: LANGUAGE_PICKER_STYLES,
  cssProperties: cssPropertiesOf('--store-font', '--store-spacing', '--store-focus-ring'),
  parts: {
    'store-language-picker': 'The list of languages (a `nav`)',
    'store-language-picker__link': 'A language’s link; the current one has `aria-current`',
  },
});
