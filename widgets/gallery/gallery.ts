import { GALLERY_BLOCK_CLASS } from '../../contract/class-names';
import { isDarkColor } from '../../contract/color';
import {
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  GALLERY_SETTINGS,
  type GalleryDesign,
  type GalleryMetaPosition,
} from '../../contract/gallery-settings';
import { ensureStyles } from '../../runtime/widget-styles';
import { containFocus } from '../../runtime/focus-containment';
import { GALLERY_STYLES } from './gallery-styles';

/** The platform markup this module brings to life (a gallery block); the loader's registry takes it from here. */
export const ENHANCES = `.${GALLERY_BLOCK_CLASS}`;

/** The image colour samples under each meta position (`data-color-*` of the image-color formatter). */
const META_SAMPLES: Readonly<Record<GalleryMetaPosition, readonly string[]>> = {
  'top-left': ['topleft'],
  'top-right': ['topright'],
  'bottom-left': ['bottomleft'],
  'bottom-right': ['bottomright'],
  top: ['topleft', 'topright'],
  bottom: ['bottomleft', 'bottomright'],
  center: ['center'],
};

/** The value of the block's `PREFIX-VALUE` class that is one of `values`, if any. */
function classValue<T extends string>(root: Element, prefix: string, values: readonly T[]): T | undefined {
  const names = [...root.classList];
  return values.find((value) => names.includes(`${prefix}-${value}`));
}

/** A gallery block as the demo templates render it, made live. */
class Gallery {
  private readonly items: HTMLElement[];
  private readonly strip: HTMLElement | null;
  private readonly status: HTMLElement | null;
  private readonly pauseButton: HTMLButtonElement | null;
  private readonly design: GalleryDesign;
  private current = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The shopper paused autoplay (or reduced motion kept it from starting). */
  private paused = false;
  /** Autoplay waits while the pointer or the focus is in the gallery, or the lightbox is open. */
  private suspended = new Set<'hover' | 'focus' | 'lightbox'>();
  private lightbox: Lightbox | undefined;

  constructor(private readonly root: HTMLElement) {
    this.strip = root.querySelector<HTMLElement>('.gallery-items');
    this.items = [...root.querySelectorAll<HTMLElement>('.gallery-items > .gallery-item')];
    this.status = root.querySelector<HTMLElement>('.gallery-status');
    this.pauseButton = root.querySelector<HTMLButtonElement>('.gallery-pause');
    this.design = classValue(root, 'gallery-design', GALLERY_DESIGNS) ?? GALLERY_SETTINGS.design.default;
  }

  get isCarousel(): boolean {
    return this.design === 'slideshow' || this.design === 'slider';
  }

  start(): void {
    const root = this.root;
    this.toneMeta();
    root.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('button');
      if (!button || !root.contains(button)) return;
      if (button.classList.contains('gallery-prev')) this.show(this.current - 1);
      else if (button.classList.contains('gallery-next')) this.show(this.current + 1);
      else if (button.classList.contains('gallery-pause')) this.setPaused(!this.paused);
      else if (button.classList.contains('gallery-thumb')) this.show(indexOf(button));
      else if (button.classList.contains('gallery-open')) this.openLightbox(indexOf(button), button);
    });
    if (this.isCarousel) {
      root.addEventListener('keydown', (event) => this.onKey(event));
      if (root.hasAttribute('data-autoplay')) this.startAutoplay();
    }
  }

  /**
   * Meta shown over the image takes the tone of the image where it sits: on a light part of
   * the picture (its colour sample not dark) the figure gets `data-meta-tone="light"`, which the
   * site's CSS gives a light box with dark text; on a dark part it keeps the dark box.
   */
  private toneMeta(): void {
    const position = classValue(this.root, 'gallery-meta', GALLERY_META_POSITIONS);
    const corners = position === undefined ? [] : META_SAMPLES[position];
    for (const item of this.items) {
      const image = item.querySelector<HTMLImageElement>('img.gallery-image');
      const figure = item.querySelector<HTMLElement>('.gallery-figure');
      if (!image || !figure || !item.querySelector('.gallery-meta')) continue;
      const dark = corners.map((corner) => isDarkColor(image.getAttribute(`data-color-${corner}`)));
      if (dark.length > 0 && dark.every((d) => d === false)) figure.dataset.metaTone = 'light';
    }
  }

  private onKey(event: KeyboardEvent): void {
    const moves: Record<string, number> = {
      ArrowLeft: this.current - 1,
      ArrowRight: this.current + 1,
      Home: 0,
      End: this.items.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    // The lightbox (inside the block) has keys of its own.
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    event.preventDefault();
    this.show(to);
    // A thumbnail strip follows the keys, like a tab list.
    if (event.target instanceof HTMLElement && event.target.classList.contains('gallery-thumb')) {
      this.root.querySelectorAll<HTMLElement>('.gallery-thumb')[this.current]?.focus();
    }
  }

  /** Shows item `index` (wrapping around), and says which it is. */
  show(index: number, announce = true): void {
    const count = this.items.length;
    if (count === 0) return;
    this.current = ((index % count) + count) % count;
    this.items.forEach((item, i) => {
      const active = i === this.current;
      item.classList.toggle('is-active', active);
      if (this.design === 'slideshow') item.hidden = !active;
    });
    if (this.design === 'slider') this.scrollToCurrent();
    this.root.querySelectorAll<HTMLElement>('.gallery-thumb').forEach((thumb, i) => {
      if (i === this.current) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    if (this.status) {
      this.status.setAttribute('aria-live', announce ? 'polite' : 'off');
      this.status.textContent = `${this.current + 1} of ${count}`;
    }
  }

  private scrollToCurrent(): void {
    const strip = this.strip;
    const item = this.items[this.current];
    if (!strip || !item) return;
    const align = /\bgallery-align-(left|right)\b/.exec(this.root.className)?.[1];
    const slack = strip.clientWidth - item.offsetWidth;
    const left = item.offsetLeft - (align === 'left' ? 0 : align === 'right' ? slack : slack / 2);
    strip.scrollTo({ left: Math.max(0, left), behavior: reducedMotion(this.root) ? 'auto' : 'smooth' });
  }

  private startAutoplay(): void {
    const seconds = Number(this.root.dataset.autoplayDuration);
    const ms = (Number.isFinite(seconds) && seconds >= 1 && seconds <= 10 ? seconds : 5) * 1000;
    this.root.addEventListener('mouseenter', () => this.suspend('hover', true));
    this.root.addEventListener('mouseleave', () => this.suspend('hover', false));
    this.root.addEventListener('focusin', () => this.suspend('focus', true));
    this.root.addEventListener('focusout', (event) => {
      if (!(event.relatedTarget instanceof Node && this.root.contains(event.relatedTarget)))
        this.suspend('focus', false);
    });
    this.timer = setInterval(() => {
      if (!this.paused && this.suspended.size === 0) this.show(this.current + 1, false);
    }, ms);
    // Motion only for those who have not asked for less: they start paused, with a Play button.
    this.setPaused(reducedMotion(this.root));
  }

  private suspend(reason: 'hover' | 'focus' | 'lightbox', on: boolean): void {
    if (on) this.suspended.add(reason);
    else this.suspended.delete(reason);
  }

  private setPaused(paused: boolean): void {
    this.paused = paused;
    this.root.dataset.autoplayState = this.timer === undefined ? 'off' : paused ? 'paused' : 'playing';
    const button = this.pauseButton;
    if (!button) return;
    button.removeAttribute('aria-pressed');
    button.firstChild?.replaceWith(paused ? 'Play' : 'Pause');
  }

  private openLightbox(index: number, opener: HTMLElement): void {
    this.lightbox ??= new Lightbox(this.root, this.items, (i) => this.show(i, false));
    this.suspend('lightbox', true);
    this.lightbox.open(index, opener, () => this.suspend('lightbox', false));
  }
}

/** The 0-based index a control's `data-index` (1-based) names. */
function indexOf(element: HTMLElement): number {
  const n = Number(element.dataset.index);
  return Number.isInteger(n) && n >= 1 ? n - 1 : 0;
}

function reducedMotion(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  return view?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The lightbox: a modal dialog over the page, one image at a time; focus stays inside and returns on close. */
class Lightbox {
  private readonly dialog: HTMLDialogElement;
  private readonly image: HTMLImageElement;
  private readonly caption: HTMLElement;
  private readonly count: HTMLElement;
  private current = 0;
  private opener: HTMLElement | null = null;
  private onClose: (() => void) | undefined;

  constructor(
    root: HTMLElement,
    private readonly items: HTMLElement[],
    private readonly follow: (index: number) => void,
  ) {
    const doc = root.ownerDocument;
    const title = root.querySelector('h2, h3')?.textContent?.trim() || 'Gallery';
    const theme = root.dataset.lightboxTheme === 'light' ? 'light' : 'dark';
    const dialog = doc.createElement('dialog');
    dialog.className = `store-gallery-lightbox store-gallery-lightbox--${theme}`;
    dialog.setAttribute('aria-label', title);
    const figure = doc.createElement('figure');
    figure.className = 'store-gallery-lightbox__figure';
    this.image = doc.createElement('img');
    this.image.className = 'store-gallery-lightbox__image';
    this.image.decoding = 'async';
    this.caption = doc.createElement('figcaption');
    this.caption.className = 'store-gallery-lightbox__caption';
    figure.append(this.image, this.caption);
    const bar = doc.createElement('div');
    bar.className = 'store-gallery-lightbox__bar';
    const button = (label: string, className: string, action: () => void) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = className;
      b.textContent = label;
      b.addEventListener('click', action);
      return b;
    };
    this.count = doc.createElement('p');
    this.count.className = 'store-gallery-lightbox__count';
    this.count.setAttribute('aria-live', 'polite');
    bar.append(
      button('Previous', 'store-gallery-lightbox__prev', () => this.show(this.current - 1)),
      this.count,
      button('Next', 'store-gallery-lightbox__next', () => this.show(this.current + 1)),
      button('Close', 'store-gallery-lightbox__close', () => dialog.close()),
    );
    dialog.append(figure, bar);
    dialog.addEventListener('keydown', (event) => this.onKey(event));
    dialog.addEventListener('close', () => this.closed());
    // A click on the backdrop (the dialog itself, outside its content) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    root.append(dialog);
    this.dialog = dialog;
  }

  open(index: number, opener: HTMLElement, onClose: () => void): void {
    this.opener = opener;
    this.onClose = onClose;
    this.show(index);
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector<HTMLElement>('.store-gallery-lightbox__close')?.focus();
  }

  private show(index: number): void {
    const count = this.items.length;
    if (count === 0) return;
    this.current = ((index % count) + count) % count;
    const item = this.items[this.current];
    const source = item?.querySelector<HTMLImageElement>('img.gallery-image');
    if (source) {
      // The same image in the same widths: the browser picks the one the wider box needs.
      this.image.sizes = '96vw';
      this.image.srcset = source.srcset;
      this.image.src = source.src;
      this.image.width = Number(source.getAttribute('width')) || 0;
      this.image.height = Number(source.getAttribute('height')) || 0;
      this.image.alt = source.alt;
    }
    const title = item?.querySelector('.gallery-meta__title')?.textContent ?? source?.alt ?? '';
    this.caption.textContent = title;
    this.count.textContent = `${this.current + 1} of ${count}`;
    this.follow(this.current);
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      this.show(this.current + (event.key === 'ArrowLeft' ? -1 : 1));
    } else {
      // Focus stays in the lightbox: Tab past the last control comes back to the first.
      containFocus({ container: this.dialog }).onKeyDown(event);
    }
    // Escape: the browser closes the modal dialog ('close' below).
  }

  private closed(): void {
    // Back to the control that opened it; in a slideshow that moved on, to the slide now shown.
    const shown = this.items[this.current]?.querySelector<HTMLElement>('.gallery-open');
    const opener = this.opener && this.opener.getClientRects().length > 0 ? this.opener : shown;
    opener?.focus();
    this.onClose?.();
  }
}

/**
 * Brings a platform gallery block to life, once: slideshow and slider navigation (buttons,
 * thumbnails, arrow keys, Home and End), autoplay with a pause control (not started for
 * `prefers-reduced-motion`), and the lightbox.
 */
export function enhance(element: Element): void {
  if (!(element instanceof HTMLElement) || element.dataset.storeEnhanced) return;
  element.dataset.storeEnhanced = 'true';
  ensureStyles('store-gallery', GALLERY_STYLES, element.ownerDocument);
  new Gallery(element).start();
}
