/**
 * Gallery settings (platform spec, section 3): the two ways of reading a block's `options` with
 * the settings table of contract/gallery-settings.ts.
 */
import {
  GALLERY_SETTINGS,
  type GallerySetting,
  type GallerySettingName,
  type GallerySettings,
} from '../../../contract/gallery-settings';
import { isObject } from '../../values';
import { numberOf } from '../commerce/fields';

/** A value as the setting accepts it; undefined when it is not one of its values or out of its range. */
function validValue(setting: GallerySetting, value: unknown): boolean | string | number | undefined {
  switch (setting.kind) {
    case 'boolean':
      return value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
    case 'choice':
      return typeof value === 'string' && setting.values.includes(value) ? value : undefined;
    case 'range': {
      const n = numberOf(value);
      return n !== undefined && n >= setting.min && n <= setting.max ? n : undefined;
    }
  }
}

/**
 * The value a block's `options` set for one setting, when it is valid; undefined when the
 * options do not set it or set it to something the setting does not accept. (The `gallery-*`
 * predicates test set values only: a gallery without a design is none of the designs.)
 */
export function gallerySetting(options: unknown, name: GallerySettingName): boolean | string | number | undefined {
  if (!isObject(options) || !Object.hasOwn(options, name)) return undefined;
  return validValue(GALLERY_SETTINGS[name], options[name]);
}

/** Every setting of a block: its valid value, else the default (missing or out-of-range values). */
export function gallerySettings(options: unknown): GallerySettings {
  const settings: Record<string, unknown> = {};
  for (const name of Object.keys(GALLERY_SETTINGS) as GallerySettingName[])
    settings[name] = gallerySetting(options, name) ?? GALLERY_SETTINGS[name].default;
  return settings as GallerySettings;
}
