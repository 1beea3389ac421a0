import { BUTTON_STYLES } from './button-styles';
import { cssPropertiesOf, space, themed } from './theme';

/* Dialog CSS and theme lists apart from the component: element definitions carry them without the dialog's code, which loads when a dialog first opens. */

/** Styles shared by every dialog, the filled buttons' included. */
export const DIALOG_STYLES = `${BUTTON_STYLES}
.store-dialog { border: none; border-radius: ${themed('--store-radius-large')}; padding: 0; max-width: min(32rem, calc(100vw - 2rem)); width: 100%; color: ${themed('--store-text-color')}; background: ${themed('--store-background-color')}; font-family: ${themed('--store-font')}; box-shadow: 0 12px 40px rgba(0,0,0,.25); }
.store-dialog::backdrop { background: rgba(0,0,0,.45); }
.store-dialog__panel { padding: ${space(1.25)} ${space(1.5)} ${space(1.5)}; }
.store-dialog__header { display: flex; align-items: flex-start; justify-content: space-between; gap: ${space(1)}; margin-bottom: ${space(0.75)}; }
.store-dialog__title { font-size: 1.2rem; margin: 0; }
.store-dialog__close { border: none; background: transparent; font-size: 1.6rem; line-height: 1; cursor: pointer; padding: .1rem .4rem; color: inherit; }
.store-dialog__close:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-dialog__actions { display: flex; justify-content: flex-end; gap: ${space(0.5)}; margin-top: ${space(1)}; }
.store-alert__message { margin: 0; }
`;

/** The theme properties dialog styles read. */
export const DIALOG_THEME = [
  '--store-radius-large',
  '--store-text-color',
  '--store-background-color',
  '--store-font',
  '--store-spacing',
  '--store-focus-ring',
  '--store-radius',
  '--store-accent-color',
  '--store-accent-text-color',
] as const;

/** Class names of dialogs a theme may style. */
export const DIALOG_PARTS = {
  'store-dialog': 'Every modal dialog (a native `<dialog>`); `::backdrop` is the dimmed page behind',
  'store-dialog__title': 'A dialog’s heading',
  'store-dialog__close': 'A dialog’s close button',
  'store-button': 'Filled buttons: dialog actions, add to cart, submit',
} as const;

/** The theme properties of an owner page (a `/config` widget whose confirmations are dialogs). */
export const OWNER_PAGE_CSS_PROPERTIES = cssPropertiesOf(
  ...DIALOG_THEME,
  '--store-text-color',
  '--store-spacing',
  '--store-divider-color',
  '--store-muted-text-color',
  '--store-error-color',
);
