/* Controls' CSS apart from their hook: element definitions carry it without React code. */
import { space, themed } from './theme';

/** Room kept around a control brought into view by the keyboard, for its whole focus ring. */
export const FOCUS_ROOM = '.75rem';

/** The height of buttons, selects and inputs: also what reserved boxes count on. */
export const CONTROL_HEIGHT = themed('--store-control-height');

/**
 * The own look of controls. Boxes are measured in rem (and the control height), text in em: a
 * page's larger or smaller text, or a narrow container's, leaves every box as the reserved boxes
 * count on. Every property a page's element-wide rules commonly set (resets,
 * Bootstrap's reboot, Tailwind's preflight) is set here, so those rules change nothing; a theme's
 * class rules still win (runtime/weigh-rules.ts).
 */
export const CONTROL_STYLES = `
.store-label { display: block; float: none; margin: 0 0 ${space(0.3)}; padding: 0; font: inherit; font-weight: 600; line-height: 1.5rem; letter-spacing: inherit; text-transform: none; color: inherit; }
.store-select, .store-input { box-sizing: border-box; display: inline-block; vertical-align: top; max-width: 100%; block-size: ${CONTROL_HEIGHT}; margin: 0; padding: 0 .5em; font: inherit; line-height: 1.5rem; letter-spacing: inherit; text-transform: none; color: inherit; background-color: ${themed('--store-background-color')}; background-image: none; border: 1px solid ${themed('--store-border-color')}; border-radius: ${themed('--store-radius')}; box-shadow: none; opacity: 1; }
.store-select { appearance: none; padding-inline-end: 1.5em; background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%); background-position: calc(100% - .95em) 55%, calc(100% - .65em) 55%; background-size: .3em .3em; background-repeat: no-repeat; cursor: pointer; text-overflow: ellipsis; }
.store-button { box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; gap: .4em; vertical-align: top; max-width: 100%; min-block-size: ${CONTROL_HEIGHT}; margin: 0; padding: .35em 1.2em; font: inherit; line-height: 1.25; letter-spacing: inherit; text-transform: none; text-align: center; text-decoration: none; white-space: normal; overflow-wrap: break-word; color: ${themed('--store-accent-text-color')}; background: ${themed('--store-accent-color')}; border: 1px solid ${themed('--store-accent-color')}; border-radius: ${themed('--store-radius')}; box-shadow: none; opacity: 1; appearance: none !important; cursor: pointer; }
.store-button--secondary { color: ${themed('--store-accent-color')}; background: ${themed('--store-background-color')}; }
.store-button[aria-disabled="true"], .store-button:disabled { opacity: .6; cursor: default !important; }
.store-surface { color: ${themed('--store-text-color')}; background: ${themed('--store-background-color')}; border: 0; border-radius: ${themed('--store-radius-large')}; box-shadow: 0 12px 40px rgba(0,0,0,.25); }
.store-button, .store-select, .store-input { scroll-margin: ${FOCUS_ROOM}; }
.store-button:focus-visible, .store-select:focus-visible, .store-input:focus-visible { outline: ${themed('--store-focus-ring')} !important; outline-offset: 2px !important; }
`;
