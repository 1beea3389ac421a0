import { cssPropertiesOf, space, themed } from './theme';
import { CONTROL_STYLES, FOCUS_ROOM } from './control-styles';

/* Dialog CSS and theme lists apart from the component: element definitions carry them without the dialog's code, which loads when a dialog first opens. */

/** Styles shared by every dialog, with those of the controls in it. */
export const DIALOG_STYLES = `${CONTROL_STYLES}
.store-dialog { box-sizing: border-box; max-width: min(32rem, calc(100vw - 2rem)); width: 100%; margin: auto; padding: 0; border: 0; background: transparent; overflow: visible; color: ${themed('--store-text-color')}; font-family: ${themed('--store-font')}; line-height: 1.5; text-align: start; text-transform: none; letter-spacing: normal; }
.store-dialog::backdrop { background: rgba(0,0,0,.45); }
.store-dialog__panel { box-sizing: border-box; padding: ${space(1.25)} ${space(1.5)} ${space(1.5)}; }
.store-dialog__header { display: flex; align-items: flex-start; justify-content: space-between; gap: ${space(1)}; margin: 0 0 ${space(0.75)}; }
.store-dialog__title { margin: 0; padding: 0; font: inherit; font-size: 1.2em; font-weight: 700; line-height: 1.3; letter-spacing: inherit; text-transform: none; color: inherit; }
.store-dialog__close { flex: none; margin: 0; border: 0; border-radius: ${themed('--store-radius')}; background: transparent; box-shadow: none; appearance: none !important; scroll-margin: ${FOCUS_ROOM}; font: inherit; font-size: 1.6em; line-height: 1; cursor: pointer; padding: .1em .4em; color: inherit; }
.store-dialog__close:focus-visible { outline: ${themed('--store-focus-ring')} !important; outline-offset: 2px !important; }
.store-dialog__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: ${space(0.5)}; margin: ${space(1)} 0 0; }
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
  '--store-border-color',
  '--store-control-height',
] as const;

/** Class names of dialogs a theme may style. */
export const DIALOG_PARTS = {
  'store-dialog': 'Every modal dialog (a native `<dialog>`); `::backdrop` is the dimmed page behind',
  'store-dialog__title': 'A dialog’s heading',
  'store-dialog__close': 'A dialog’s close button',
  'store-dialog__panel':
    'A dialog’s surface (its own look is `store-surface`, or the classes a theme hands the `dialog` kind)',
  'store-button':
    'Filled buttons: dialog actions, add to cart, submit (the `button` kind; `store-button--secondary` for the `secondaryButton` kind)',
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
