import { describe, expect, it } from 'vitest';
import { execute } from '../../index';
import { GALLERY_SETTINGS } from '../../../contract/gallery-settings';
import { gallerySetting, gallerySettings } from './gallery-settings';

describe('gallery settings', () => {
  it('has the 23 settings of the spec with their defaults', () => {
    expect(Object.keys(GALLERY_SETTINGS)).toHaveLength(23);
    expect(gallerySettings(undefined)).toMatchObject({
      design: 'grid',
      'autoplay-duration': 5,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'thumbnail-strip-height': 80,
      'meta-position': 'bottom',
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightboxTheme: 'dark',
      'max-width': 300,
      transparentBackground: false,
    });
  });

  it('falls back to the default for values out of range or not among the choices', () => {
    const settings = gallerySettings({
      design: 'carousel',
      'autoplay-duration': 11,
      padding: '50',
      'max-width': 99,
      lightbox: 'true',
      controls: 1,
      'thumbnails-per-row': 1e308,
      'meta-position': ['top'],
    });
    expect(settings).toMatchObject({
      design: 'grid',
      'autoplay-duration': 5,
      padding: 50,
      'max-width': 300,
      lightbox: true,
      controls: false,
      'thumbnails-per-row': 4,
      'meta-position': 'bottom',
    });
  });

  it('tells set values from defaults, and ignores inherited keys', () => {
    expect(gallerySetting({}, 'auto-crop')).toBeUndefined();
    expect(gallerySetting({ 'auto-crop': false }, 'auto-crop')).toBe(false);
    expect(gallerySetting(Object.create({ design: 'grid' }), 'design')).toBeUndefined();
    expect(gallerySetting('design', 'design')).toBeUndefined();
  });
});

describe('gallery predicates', () => {
  const test = (template: string, data: unknown) => execute(template, data).output;

  it('read the options from the node outwards, valid set values only', () => {
    const data = { options: { design: 'slider', lightbox: 'true' }, items: [{}, { options: { lightbox: false } }] };
    expect(test('{.repeated section items}{.gallery-lightbox?}y{.or}n{.end}{.end}', data)).toBe('yn');
    expect(test('{.gallery-design-slider?}s{.end}{.gallery-design-grid?}g{.end}', data)).toBe('s');
    expect(test('{.gallery-design-grid?}g{.or}-{.end}', { options: { design: 'GRID' } })).toBe('-');
    expect(test('{.gallery-meta?}m{.or}-{.end}', { options: { indicators: 'true' } })).toBe('m');
    expect(test('{.gallery-meta?}m{.or}-{.end}', { options: 'controls' })).toBe('-');
  });
});
