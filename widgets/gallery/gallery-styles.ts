import { space, themed } from '../ui/theme';

/** The live parts of a platform gallery: focus rings, the slider's frame, the lightbox dialog. */
export const GALLERY_STYLES = `
.sqs-gallery-block[data-store-enhanced] :is(button, [tabindex]):focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.sqs-gallery-block[data-store-enhanced].gallery-design-slider .gallery-items { position: relative; }
.store-gallery-lightbox { box-sizing: border-box; width: min(96vw, 72rem); max-width: 96vw; max-height: 96vh; padding: ${space(1)}; border: 0; border-radius: ${themed('--store-radius-large')}; font-family: ${themed('--store-font')}; }
.store-gallery-lightbox--dark { background: #111; color: #f4f4f4; }
.store-gallery-lightbox--light { background: ${themed('--store-background-color')}; color: #1a1a1a; }
.store-gallery-lightbox::backdrop { background: rgb(0 0 0 / 0.8); }
.store-gallery-lightbox__figure { margin: 0; display: grid; gap: ${space(0.5)}; justify-items: center; }
.store-gallery-lightbox__image { display: block; max-width: 100%; max-height: 70vh; width: auto; height: auto; object-fit: contain; }
.store-gallery-lightbox__caption { text-align: center; }
.store-gallery-lightbox__bar { display: flex; flex-wrap: wrap; gap: ${space(0.5)}; align-items: center; justify-content: center; margin-top: ${space(0.75)}; }
.store-gallery-lightbox__bar button { font: inherit; padding: ${space(0.4)} ${space(0.9)}; border-radius: ${themed('--store-radius')}; border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
.store-gallery-lightbox__bar button:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-gallery-lightbox__count { margin: 0 ${space(0.5)}; }
`;
