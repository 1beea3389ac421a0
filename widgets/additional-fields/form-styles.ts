import { space, themed } from '../ui/theme';

/** The additional-fields form's CSS and theme lists apart from its code, which loads when a form first opens. */
export const FORM_STYLES = `
.store-form { display: grid; gap: ${space(1)}; max-height: 70vh; overflow: auto; margin: -6px; padding: 6px; font-family: ${themed('--store-font')}; }
.store-field { display: grid; gap: ${space(0.35)}; margin: 0; padding: 0; }
.store-field fieldset { border: 0; margin: 0; padding: 0; min-width: 0; display: grid; gap: ${space(0.35)}; }
.store-field__title { margin: 0; }
.store-field__required { color: ${themed('--store-error-color')}; }
.store-field__description { margin: 0; font-size: .9em; line-height: 1.5; color: var(--store-muted-text-color, #444); }
.store-field__error, .store-form__error { margin: 0; line-height: 1.5; color: ${themed('--store-error-color')}; font-weight: 600; }
.store-field--error .store-input, .store-field--error .store-select { border-color: ${themed('--store-error-color')}; }
.store-field textarea { block-size: auto; min-block-size: 6em; padding-block: .45em; resize: vertical; }
.store-field input[type=radio], .store-field input[type=checkbox] { width: auto; height: auto; margin: 0 .4em 0 0; padding: 0; flex: none; vertical-align: middle; appearance: auto; accent-color: ${themed('--store-accent-color')}; }
.store-field__parts { display: flex; flex-wrap: wrap; gap: ${space(0.5)}; }
.store-field__part { display: grid; gap: .2em; margin: 0; font-size: .9em; font-weight: normal; flex: 1 1 8em; min-width: 0; }
.store-field__choice { display: flex; align-items: center; margin: 0; font-weight: normal; line-height: 1.5; }
.store-field input:focus-visible, .store-field textarea:focus-visible, .store-field select:focus-visible { outline: ${themed('--store-focus-ring')} !important; outline-offset: 2px !important; }
.store-field__counter { margin: 0; font-size: .85em; color: var(--store-muted-text-color, #444); justify-self: end; }
.store-field__counter--over, .store-field--error .store-field__counter--over { color: ${themed('--store-error-color')}; font-weight: 600; }
.store-field--section { margin-top: ${space(0.5)}; }
.store-field__section-title { margin: 0; padding: 0; font: inherit; font-size: 1.1em; font-weight: 700; line-height: 1.3; letter-spacing: inherit; text-transform: none; color: inherit; }
.store-field fieldset.store-likert__question { gap: .25em; }
.store-likert__legend { float: none; width: auto; margin: 0; padding: 0; font: inherit; }
.store-address-suggest { position: relative; }
.store-address-suggest__list { list-style: none; margin: 0; padding: .25rem 0; position: absolute; z-index: 2; top: 100%; left: 0; right: 0; background: ${themed('--store-background-color')}; border: 1px solid ${themed('--store-border-color')}; border-radius: ${themed('--store-radius')}; }
.store-address-suggest__list[hidden] { display: none; }
.store-address-suggest__option { margin: 0; padding: .4rem .5rem; cursor: pointer; }
.store-address-suggest__option--active, .store-address-suggest__option:hover { outline: ${themed('--store-focus-ring')}; outline-offset: -2px; }
.store-likert__scale { display: flex; flex-wrap: wrap; gap: .25rem ${space(1)}; }
`;

/** The theme properties form styles read. */
export const FORM_THEME = [
  '--store-font',
  '--store-spacing',
  '--store-error-color',
  '--store-muted-text-color',
  '--store-background-color',
  '--store-border-color',
  '--store-radius',
  '--store-focus-ring',
  '--store-accent-color',
] as const;

/** Class names of forms a theme may style. */
export const FORM_PARTS = {
  'store-form': 'A form of fields (additional fields, site forms)',
  'store-field': 'One field: its title, control, description and error',
  'store-field__title': 'A field’s label',
  'store-field__error': 'A field’s error message',
} as const;
