import { afterEach, describe, expect, it, vi } from 'vitest';
import { addedStyles } from '../../runtime/ensure-styles';
import { enhance, ENHANCES } from './gallery';

/** A gallery block as the demo templates render it (three images). */
function gallery(design: string, attributes = ''): HTMLElement {
  const items = [1, 2, 3]
    .map(
      (n) =>
        `<li class="gallery-item${n === 1 ? ' is-active' : ''}"${n > 1 && design === 'slideshow' ? ' hidden' : ''}>` +
        `<figure><button type="button" class="gallery-open" data-index="${n}">` +
        `<img class="gallery-image" src="/img/a${n}.svg?format=750w" srcset="/img/a${n}.svg?format=100w 100w" width="1500" height="1000" alt="Image ${n}"></button>` +
        `<figcaption class="gallery-meta"><span class="gallery-meta__title">Title ${n}</span></figcaption></figure></li>`,
    )
    .join('');
  const thumbs = [1, 2, 3].map(
    (n) => `<li><button type="button" class="gallery-thumb" data-index="${n}"></button></li>`,
  );
  document.body.innerHTML =
    `<section class="sqs-gallery-block gallery-design-${design}" data-autoplay-duration="2" ${attributes}>` +
    `<h2>Workshop</h2><div class="gallery-toolbar"><button type="button" class="gallery-prev">Previous</button>` +
    `<button type="button" class="gallery-next">Next</button><button type="button" class="gallery-pause">Pause<span> slideshow</span></button>` +
    `<p class="gallery-status">1 of 3</p></div><ul class="gallery-items">${items}</ul><ul>${thumbs.join('')}</ul></section>`;
  return document.querySelector(ENHANCES) as HTMLElement;
}

const status = () => document.querySelector('.gallery-status')?.textContent;
const click = (selector: string, index = 0) =>
  document.querySelectorAll<HTMLElement>(selector)[index]?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
const key = (target: Element, name: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
const shown = () => [...document.querySelectorAll<HTMLElement>('.gallery-item')].map((item) => !item.hidden);

afterEach(() => vi.unstubAllGlobals());

describe('the gallery enhancer', () => {
  it('moves a slideshow with its buttons, thumbnails and arrow keys, wrapping around, once enhanced', () => {
    const root = gallery('slideshow');
    enhance(root);
    enhance(root);
    expect(addedStyles('store-gallery')).toContain('.store-gallery-lightbox');
    click('.gallery-next');
    expect(status()).toBe('2 of 3');
    expect(shown()).toEqual([false, true, false]);
    click('.gallery-prev');
    click('.gallery-prev');
    expect(status()).toBe('3 of 3');
    click('.gallery-thumb', 0);
    expect(shown()).toEqual([true, false, false]);
    expect(document.querySelectorAll('.gallery-thumb')[0]?.getAttribute('aria-current')).toBe('true');
    key(root.querySelector('.gallery-next') as Element, 'End');
    expect(status()).toBe('3 of 3');
    key(root.querySelector('.gallery-next') as Element, 'ArrowRight');
    expect(status()).toBe('1 of 3');
  });

  it('autoplays every autoplay-duration seconds until paused', () => {
    vi.useFakeTimers();
    const root = gallery('slideshow', 'data-autoplay');
    enhance(root);
    expect(root.dataset.autoplayState).toBe('playing');
    vi.advanceTimersByTime(2000);
    expect(status()).toBe('2 of 3');
    click('.gallery-pause');
    expect(root.dataset.autoplayState).toBe('paused');
    expect(root.querySelector('.gallery-pause')?.textContent).toBe('Play slideshow');
    vi.advanceTimersByTime(6000);
    expect(status()).toBe('2 of 3');
  });

  it('starts paused for prefers-reduced-motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    const root = gallery('slideshow', 'data-autoplay');
    enhance(root);
    expect(root.dataset.autoplayState).toBe('paused');
    vi.advanceTimersByTime(6000);
    expect(status()).toBe('1 of 3');
  });

  it('leaves a grid alone without a lightbox, and ignores arrow keys there', () => {
    const root = gallery('grid');
    enhance(root);
    key(root.querySelector('.gallery-open') as Element, 'ArrowRight');
    expect(status()).toBe('1 of 3');
    expect(root.querySelector('dialog')).toBeNull();
  });

  it('gives meta over a light part of the image a light tone, and keeps the dark one over a dark part', () => {
    const root = gallery('grid');
    root.classList.add('gallery-meta-bottom-left');
    const figures = [...root.querySelectorAll('figure')];
    figures.forEach((figure) => figure.classList.add('gallery-figure'));
    const images = [...root.querySelectorAll('img')];
    images[0]?.setAttribute('data-color-bottomleft', '#f4efe6');
    images[1]?.setAttribute('data-color-bottomleft', '#5e4634');
    enhance(root);
    expect(figures.map((figure) => figure.dataset.metaTone)).toEqual(['light', undefined, undefined]);
  });
});
