import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../contract/product-images';
import * as imageSvgModule from './image-svg';
import { imageSvg, requestedWidth } from './image-svg';

const drawing = (color: string) => ({ id: 'x', label: 'Kiln', color, width: 400, height: 500, alt: 'A kiln' });

/** The fill of the label of the image drawn in `color`. */
const labelFill = (color: string) => /<text [^>]*fill="([^"]+)"/.exec(imageSvg(drawing(color)).svg)?.[1];

describe('image SVGs', () => {
  it('are served in the widths of the one table (contract/product-images.ts), and no other', () => {
    expect(Object.keys(imageSvgModule)).not.toContain('IMAGE_WIDTHS');
    for (const width of IMAGE_WIDTHS) expect(requestedWidth(`${width}w`)).toBe(width);
    expect(requestedWidth('200w')).toBeNull();
    expect(requestedWidth(undefined)).toBeUndefined();
  });

  it('label dark backgrounds in light text by the platform rule (luminance below 0.65 of 256)', () => {
    // Luminance 160: above the 150 an older rule used, below 0.65 * 256 = 166.4: a dark colour.
    expect(labelFill('#a0a0a0')).toBe('#ffffff');
    // Luminance 170: light.
    expect(labelFill('#aaaaaa')).toBe('#1f1f1f');
    expect(labelFill('#000000')).toBe('#ffffff');
    expect(labelFill('#ffffff')).toBe('#1f1f1f');
  });
});
