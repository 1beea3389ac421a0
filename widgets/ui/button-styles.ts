import { themed } from './theme';

/** Filled buttons (`.store-button`): in the first paint of widgets whose dialogs come later. */
export const BUTTON_STYLES = `
.store-button { font: inherit; padding: .6rem 1.2rem; border-radius: ${themed('--store-radius')}; border: 1px solid ${themed('--store-accent-color')}; background: ${themed('--store-accent-color')}; color: ${themed('--store-accent-text-color')}; cursor: pointer; }
.store-button[aria-disabled="true"] { opacity: .7; cursor: default; }
.store-button:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
`;
