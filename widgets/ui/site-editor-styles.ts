import { cssPropertiesOf, space, themed } from './theme';

/** Styles of the owner's editors (header and footer, languages). */
export const SITE_EDITOR_STYLES = `
.store-site-editor, .store-language-editor { display: grid; gap: ${space(0.75)}; max-width: 40rem; font-family: ${themed('--store-font')}; }
.store-site-editor fieldset, .store-language-editor fieldset { border: 1px solid ${themed('--store-divider-color')}; border-radius: ${themed('--store-radius')}; padding: ${space(0.75)}; display: grid; gap: ${space(0.35)}; }
.store-site-editor legend, .store-language-editor legend { font-weight: 600; }
.store-site-editor input, .store-language-editor select { font: inherit; padding: .45rem .5rem; border: 1px solid ${themed('--store-border-color')}; border-radius: ${themed('--store-radius')}; }
.store-site-editor input[aria-invalid="true"] { border-color: ${themed('--store-error-color')}; border-width: 2px; }
.store-site-editor__error, .store-site-editor__messages, .store-language-editor__error { color: ${themed('--store-error-color')}; font-weight: 600; }
.store-site-editor__messages:empty { display: none; }
.store-site-editor__messages p { margin: 0; }
.store-site-editor__hint { margin: 0; color: ${themed('--store-muted-text-color')}; }
.store-site-editor__row { margin: 0; }
.store-site-editor__actions { display: flex; gap: ${space(0.5)}; flex-wrap: wrap; }
.store-site-editor button, .store-language-editor button { font: inherit; justify-self: start; padding: .45rem .9rem; border-radius: ${themed('--store-radius')}; border: 1px solid ${themed('--store-muted-text-color')}; background: ${themed('--store-background-color')}; color: inherit; cursor: pointer; }
.store-site-editor .store-button, .store-language-editor .store-button { background: ${themed('--store-accent-color')}; color: ${themed('--store-accent-text-color')}; border-color: ${themed('--store-accent-color')}; }
.store-site-editor :focus-visible, .store-language-editor :focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-language-editor ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${space(0.5)}; }
.store-language-editor li { display: flex; gap: ${space(0.75)}; align-items: center; }
`;

/** The theme properties the owner's editors read. */
export const SITE_EDITOR_CSS_PROPERTIES = cssPropertiesOf(
  '--store-font',
  '--store-spacing',
  '--store-divider-color',
  '--store-radius',
  '--store-border-color',
  '--store-error-color',
  '--store-muted-text-color',
  '--store-background-color',
  '--store-accent-color',
  '--store-accent-text-color',
  '--store-focus-ring',
);

/** The element definition fields the owner's editors share: no data attributes, and these styles. */
export const SITE_EDITOR_ELEMENT = {
  attributes: {},
  styles: SITE_EDITOR_STYLES,
} as const;
