/**
 * The gallery settings table (platform spec, section 3): the 23 settings of a gallery block
 * with their values, ranges and defaults. The template engine reads blocks' `options` with it;
 * the gallery widget reads its designs and meta positions from it.
 */

type BooleanSetting = { readonly kind: 'boolean'; readonly default: boolean };
type ChoiceSetting<T extends string = string> = {
  readonly kind: 'choice';
  readonly values: readonly T[];
  readonly default: T;
};
type RangeSetting = { readonly kind: 'range'; readonly min: number; readonly max: number; readonly default: number };
export type GallerySetting = BooleanSetting | ChoiceSetting | RangeSetting;

const flag = (value: boolean): BooleanSetting => ({ kind: 'boolean', default: value });
const choice = <const T extends string>(values: readonly T[], value: NoInfer<T>): ChoiceSetting<T> => ({
  kind: 'choice',
  values,
  default: value,
});
const range = (min: number, max: number, value: number): RangeSetting => ({ kind: 'range', min, max, default: value });

/** Gallery designs. */
export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;
/** Where the title and description of the active image go. */
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
/** How the active image is aligned in a slider. */
export const GALLERY_ACTIVE_ALIGNMENTS = ['left', 'center', 'right'] as const;
/** The on/off settings a `gallery-NAME?` predicate tests (spec, section 5). */
export const GALLERY_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;

/** The settings table (spec, section 3), by option name. */
export const GALLERY_SETTINGS = {
  design: choice(GALLERY_DESIGNS, 'grid'),
  autoplay: flag(false),
  'autoplay-duration': range(1, 10, 5),
  controls: flag(false),
  'auto-crop': flag(true),
  'aspect-ratio': choice(
    [
      'square',
      'standard',
      'standard-vertical',
      'four-three',
      'three-four-vertical',
      'widescreen',
      'anamorphic-widescreen',
    ],
    'square',
  ),
  'square-thumbs': flag(true),
  thumbnails: flag(false),
  'thumbnail-strip-height': range(0, 200, 80),
  'thumbnail-strip-margin': range(0, 60, 20),
  'show-meta-basic': flag(true),
  'show-meta': flag(true),
  'show-meta-only-title': flag(false),
  'meta-position': choice(GALLERY_META_POSITIONS, 'bottom'),
  'show-meta-on-hover': flag(false),
  'active-alignment': choice(GALLERY_ACTIVE_ALIGNMENTS, 'center'),
  'thumbnails-per-row': range(1, 10, 4),
  padding: range(0, 50, 20),
  lightbox: flag(false),
  lightboxTheme: choice(['dark', 'light'], 'dark'),
  'max-width': range(100, 300, 300),
  newWindow: flag(false),
  transparentBackground: flag(false),
} as const satisfies Record<string, GallerySetting>;

export type GallerySettingName = keyof typeof GALLERY_SETTINGS;
export type GallerySettings = { -readonly [K in GallerySettingName]: (typeof GALLERY_SETTINGS)[K]['default'] };

/** A gallery design. */
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];
/** A meta position. */
export type GalleryMetaPosition = (typeof GALLERY_META_POSITIONS)[number];
