import { describe, expect, it, vi } from 'vitest';
import { announceChosenVariant } from '../../runtime/product/chosen-variant';
import { parseVariants } from '../../runtime/product/types';
import { IMAGE_WIDTHS, imageAt, srcsetFor, widthFor } from '../../contract/product-images';
import { parseImages } from './image-widths';
import './product-block.element';

describe('image widths', () => {
  it('lists every service width up to the one covering the original', () => {
    expect(srcsetFor({ url: '/img/a.svg', width: 3000 })).toBe(
      IMAGE_WIDTHS.map((w) => `/img/a.svg?format=${w}w ${w}w`).join(', '),
    );
    expect(srcsetFor({ url: '/img/a.svg', width: 2500 }).split(', ')).toHaveLength(7);
    expect(srcsetFor({ url: '/img/a.svg', width: 600 })).toBe(
      '/img/a.svg?format=100w 100w, /img/a.svg?format=300w 300w, /img/a.svg?format=500w 500w, /img/a.svg?format=750w 750w',
    );
    expect(srcsetFor({ url: '/img/a.svg', width: 80 })).toBe('/img/a.svg?format=100w 100w');
  });

  it('adds the format to URLs that already have a query', () => {
    expect(imageAt('/img/a.svg?v=2', 300)).toBe('/img/a.svg?v=2&format=300w');
  });

  it('picks the fetched width by the thresholds', () => {
    const cases: [number, number][] = [
      [1, 100],
      [100, 100],
      [101, 300],
      [300, 300],
      [301, 500],
      [500, 500],
      [501, 750],
      [750, 750],
      [751, 1000],
      [1000, 1000],
      [1001, 1500],
      [4000, 1500],
    ];
    for (const [display, width] of cases) expect(widthFor(display), `${display}`).toBe(width);
  });

  it('drops malformed and unsafe images', () => {
    const good = { id: 'a', url: '/img/a.svg', width: 1200, height: 900, alt: 'Sand' };
    expect(parseImages(JSON.stringify([good]))).toEqual([good]);
    expect(
      parseImages(
        JSON.stringify([
          { ...good, url: 'javascript:alert(1)' },
          { ...good, url: '//evil.test/a.png' },
          { ...good, url: 'data:image/svg+xml,<svg/>' },
          { ...good, width: -1 },
          { ...good, height: '900' },
          { ...good, id: 7 },
          null,
          'x',
        ]),
      ),
    ).toEqual([]);
    expect(parseImages('{not json')).toEqual([]);
    expect(parseImages('{"id":"a"}')).toEqual([]);
    expect(parseImages(JSON.stringify([{ ...good, alt: undefined }]))[0]?.alt).toBe('');
  });

  it('reads the image a variant shows', () => {
    expect(parseVariants(JSON.stringify([{ sku: 'a', mainImageId: 'img-2' }]))[0]?.mainImageId).toBe('img-2');
    expect(parseVariants(JSON.stringify([{ sku: 'a', mainImageId: 3 }]))[0]?.mainImageId).toBeUndefined();
  });
});

const IMAGES = [
  { id: 'sand', url: '/img/sand.svg', width: 1200, height: 1500, alt: 'Sand jacket' },
  { id: 'moss', url: '/img/moss.svg', width: 2000, height: 2000, alt: 'Moss jacket' },
];

function mount(images: unknown = IMAGES): HTMLElement {
  document.body.innerHTML = `<store-product-block data-item-id="p1"></store-product-block>`;
  const block = document.querySelector('store-product-block') as HTMLElement;
  block.setAttribute('data-images', JSON.stringify(images));
  return block;
}

async function shownImage(block: HTMLElement): Promise<HTMLImageElement> {
  return vi.waitFor(() => {
    const img = block.querySelector('img');
    expect(img).not.toBeNull();
    return img as HTMLImageElement;
  });
}

describe('<store-product-block>', () => {
  it('shows the first image with a responsive srcset in a frame of its proportions', async () => {
    const block = mount();
    const img = await shownImage(block);
    expect(img.getAttribute('srcset')).toBe(srcsetFor(IMAGES[0]!));
    expect(img.getAttribute('alt')).toBe('Sand jacket');
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('height')).toBe('1500');
    expect(img.getAttribute('sizes')).toBe('(max-width: 432px) 100vw, 50vw');
    expect((block.querySelector('figure') as HTMLElement).style.aspectRatio).toBe('1200 / 1500');
  });

  it("swaps to the chosen variant's image and keeps the frame", async () => {
    const block = mount();
    await shownImage(block);
    announceChosenVariant('p1', { sku: 'm', attributes: {}, mainImageId: 'moss' });
    await vi.waitFor(() => expect(block.querySelector('img')?.getAttribute('data-image-id')).toBe('moss'));
    const img = block.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('srcset')).toBe(srcsetFor(IMAGES[1]!));
    expect(img.getAttribute('alt')).toBe('Moss jacket');
    expect((block.querySelector('figure') as HTMLElement).style.aspectRatio).toBe('1200 / 1500');
    // Another product's choice, an unknown image and an unchosen variant change nothing.
    announceChosenVariant('p2', { sku: 's', attributes: {}, mainImageId: 'sand' });
    announceChosenVariant('p1', null);
    await new Promise((r) => setTimeout(r, 20));
    expect(block.querySelector('img')?.getAttribute('data-image-id')).toBe('moss');
    announceChosenVariant('p1', { sku: 'x', attributes: {}, mainImageId: 'gone' });
    await vi.waitFor(() => expect(block.querySelector('img')?.getAttribute('data-image-id')).toBe('sand'));
  });

  it('starts from a variant chosen before it loaded', async () => {
    announceChosenVariant('p1', { sku: 'm', attributes: {}, mainImageId: 'moss' });
    const img = await shownImage(mount());
    expect(img.getAttribute('data-image-id')).toBe('moss');
  });

  it('renders nothing for a list without usable images', async () => {
    const block = mount([{ id: 'x', url: 'javascript:alert(1)', width: 10, height: 10 }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(block.querySelector('img')).toBeNull();
  });
});
