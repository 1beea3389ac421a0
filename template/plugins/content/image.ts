/**
 * Image markup of content items (platform spec, sections 3, 5, 8, 9): the lazy-loading `<img>`
 * and its metadata attributes, alt texts, focal points, `srcset`, sizes and colours. Everything
 * written from the data is escaped; a value that is not an image gives "".
 */
import { hexColorValue, INVALID_COLOR_MODEL } from '../../../contract/color';
import { BlockType } from '../../../contract/enumerations';
import type { FormatContext } from '../../plugin';
import { isObject, isTruthy, toText } from '../../values';
import { asNumber, escapeAttribute } from '../formatters.core';
import { numberOf, objectField, scalarText } from '../commerce/fields';
import { attributeText } from '../commerce/html';
import { fieldOf } from './item';
import { IMAGE_WIDTHS, thumbnailWidthFor, type ImageWidth } from './image-widths';
import { tagsToSpaces } from './markup';

/** A fallback alt text (title, description, file name) is capped at this many characters (spec, section 5)… */
const ALT_FALLBACK_LIMIT = 1000;
/** …and a description keeps only this much of it (vector f-image-6). */
const ALT_DESCRIPTION_LIMIT = 250;

/**
 * The alt text of an image: its `altText` inside an image block; elsewhere its title, else its
 * description without markup (each tag a space, cut to 250 characters), else its file name;
 * a fallback never runs past 1000 characters. A title or file name that is a number or boolean
 * counts as its text, and a truthy one that is no text (an object) as "", as on the platform.
 */
export function altTextOf(ctx: FormatContext, image: unknown): string {
  if (numberOf(ctx.resolve('blockType')) === BlockType.IMAGE) return scalarText(fieldOf(image, 'altText')).trim();
  const title = fieldOf(image, 'title');
  if (isTruthy(title)) return scalarText(title).slice(0, ALT_FALLBACK_LIMIT);
  const body = truthyText(fieldOf(image, 'body'));
  if (body !== '') return tagsToSpaces(body.slice(0, ALT_FALLBACK_LIMIT)).slice(0, ALT_DESCRIPTION_LIMIT);
  return truthyText(fieldOf(image, 'filename')).slice(0, ALT_FALLBACK_LIMIT);
}

/** A truthy scalar as text ("" for 0, false, lists and objects). */
function truthyText(value: unknown): string {
  return isTruthy(value) ? scalarText(value) : '';
}

/**
 * The focal point "x,y": "0.5,0.5" without one (spec, section 5); else each coordinate read as
 * a number, a missing one as 0, as the platform does; "0.5,0.5" again when one is not a number.
 */
export function focalPointOf(image: unknown): string {
  if (fieldOf(image, 'mediaFocalPoint') === undefined) return '0.5,0.5';
  const point = objectField(image, 'mediaFocalPoint');
  const x = asNumber(point.x);
  const y = asNumber(point.y);
  return Number.isNaN(x) || Number.isNaN(y) ? '0.5,0.5' : `${x},${y}`;
}

/** The attributes the platform's image loader reads (`data-src`, dimensions, focal point) and the alt text. */
function loaderAttributes(image: Readonly<Record<string, unknown>>, alt: string): string {
  const url = attributeText(image.assetUrl);
  return (
    `data-src="${url}" data-image="${url}" data-image-dimensions="${attributeText(image.originalSize)}"` +
    ` data-image-focal-point="${focalPointOf(image)}" alt="${attributeText(alt)}"`
  );
}

/** `data-licensed-asset-preview="true" ` for a licensed stock image shown as a preview. */
function licensedPreviewAttribute(image: Readonly<Record<string, unknown>>): string {
  return isObject(image.licensedAssetPreview) ? 'data-licensed-asset-preview="true" ' : '';
}

/** The licensed-preview mark and, when the image has a component key field (even empty), the key. */
function leadingAttributes(image: Readonly<Record<string, unknown>>): string {
  const key = Object.hasOwn(image, 'componentKey') ? `data-component-key="${attributeText(image.componentKey)}" ` : '';
  return licensedPreviewAttribute(image) + key;
}

/** `image-meta`: the image loader's attributes, preceded by the licensed-preview mark and component key. */
export function imageMetaAttributes(ctx: FormatContext, image: unknown): string {
  if (image === undefined) return '';
  // Any other value (null included) gets the attributes, empty unless it is an image object.
  if (!isObject(image)) return imageMetaAttributes(ctx, {});
  // The platform's attribute list ends with a space, as the reference's does.
  return `${leadingAttributes(image)}${loaderAttributes(image, altTextOf(ctx, image))} `;
}

/** `child-image-meta N`: `image-meta` of the node's N-th item (0 when not given); "" when there is none. */
export function childImageMeta(ctx: FormatContext, node: unknown, indexArg: string | undefined): string {
  const index = indexArg === undefined ? 0 : numberOf(indexArg);
  if (index === undefined || !Number.isInteger(index) || index < 0) return '';
  const items = fieldOf(node, 'items');
  return Array.isArray(items) ? imageMetaAttributes(ctx, items[index]) : '';
}

/** `image CLASS`: the lazy-loaded `<img>` (class "thumb-image" by default), with a `<noscript>` fallback. */
export function imageMarkup(ctx: FormatContext, image: unknown, cssClass: string | undefined): string {
  if (image === undefined) return '';
  if (!isObject(image)) return imageMarkup(ctx, {}, cssClass);
  const alt = altTextOf(ctx, image);
  return (
    `<noscript><img src="${attributeText(image.assetUrl)}" alt="${attributeText(alt)}" /></noscript>` +
    `<img class="${attributeText(cssClass ?? 'thumb-image')}" ${leadingAttributes(image)}` +
    `${loaderAttributes(image, alt)} data-load="false" data-image-id="${attributeText(image.id)}" data-type="image" />`
  );
}

/**
 * `image-srcset`: `srcset="…"` listing the image's widths (the `systemDataVariants` ending in
 * "w") in its order; when the last is a standard width below the largest, the original stands
 * in at the next width up. A value with no such width is given back as on the platform, but text
 * escaped, since the formatter writes into a tag.
 */
export function imageSrcset(image: unknown): unknown {
  const variants = scalarText(fieldOf(image, 'systemDataVariants'))
    .split(',')
    .filter((variant) => variant.endsWith('w'));
  if (variants.length === 0)
    return typeof image === 'string' || Array.isArray(image) ? escapeAttribute(toText(image)) : image;
  const base = attributeText(fieldOf(image, 'assetUrl'));
  const sources = variants.map((variant) => `${base}?format=${attributeText(variant)} ${attributeText(variant)}`);
  const last = IMAGE_WIDTHS.indexOf(variants[variants.length - 1] as ImageWidth);
  const next = last === -1 ? undefined : IMAGE_WIDTHS[last + 1];
  if (next !== undefined) sources.push(`${base}?format=original ${next}`);
  // The platform writes the attribute with the space that separates it from the one before.
  return ` srcset="${sources.join(',')}"`;
}

/** A size "WIDTHxHEIGHT" (`originalSize`) as numbers; undefined when malformed. */
export function parseSize(value: unknown): { width: number; height: number } | undefined {
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*$/.exec(value) : null;
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return Number.isFinite(width) && Number.isFinite(height) ? { width, height } : undefined;
}

/** The message the platform prints for a malformed size (spec, section 8). */
export const INVALID_SIZE = "Invalid source parameter. Pass in 'originalSize'";

/** A positive finite size argument, or undefined. */
function sizeArg(arg: string | undefined): number | undefined {
  const n = numberOf(arg);
  return n !== undefined && n > 0 ? n : undefined;
}

/**
 * The other side of the image scaled so that `side` is `arg` pixels, in whole pixels;
 * "invalid" for a malformed size, undefined when it cannot be computed (no usable argument,
 * a zero side, a result too large for a number).
 */
function scaledOtherSide(
  size: unknown,
  side: 'width' | 'height',
  arg: string | undefined,
): number | 'invalid' | undefined {
  const parsed = parseSize(size);
  if (!parsed) return 'invalid';
  const target = sizeArg(arg);
  const other = side === 'width' ? parsed.height : parsed.width;
  if (target === undefined || parsed[side] === 0) return undefined;
  const scaled = Math.trunc((other * target) / parsed[side]);
  return Number.isFinite(scaled) ? scaled : undefined;
}

function scaledText(scaled: number | 'invalid' | undefined): string {
  return scaled === 'invalid' ? INVALID_SIZE : scaled === undefined ? '' : String(scaled);
}

/** `resizedHeightForWidth W`: the height of the image scaled to width W. */
export function resizedHeightForWidth(size: unknown, arg: string | undefined): string {
  return scaledText(scaledOtherSide(size, 'width', arg));
}

/** `resizedWidthForHeight H`: the width of the image scaled to height H. */
export function resizedWidthForHeight(size: unknown, arg: string | undefined): string {
  return scaledText(scaledOtherSide(size, 'height', arg));
}

/** `squarespaceThumbnailForWidth W`: the width variant for showing the image W pixels wide. */
export function thumbnailForWidth(arg: string | undefined): string {
  const width = sizeArg(arg);
  return width === undefined ? '' : thumbnailWidthFor(width);
}

/** `squarespaceThumbnailForHeight H`: the width variant for showing the image H pixels high. */
export function thumbnailForHeight(size: unknown, arg: string | undefined): string {
  const width = scaledOtherSide(size, 'height', arg);
  return typeof width === 'number' ? thumbnailWidthFor(width) : scaledText(width);
}

/** `width` and `height` of a "WIDTHxHEIGHT" size; "" when malformed. */
export function sizeDimension(size: unknown, dimension: 'width' | 'height'): string {
  const parsed = parseSize(size);
  return parsed ? String(parsed[dimension]) : '';
}

const COLOR_POSITIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'] as const;

/** A colour sample of `colorData` ("111", "a0b1c2"), escaped; "" when missing. */
function colorSample(colorData: Readonly<Record<string, unknown>>, position: string): string {
  return attributeText(colorData[`${position}Average`]);
}

/**
 * `image-color`: without arguments, `data-color-*` attributes of the five colour samples, each
 * followed by a space;
 * `image-color POSITION` the sample as "#rgb", and `image-color POSITION PROPERTY` as a CSS
 * declaration ("color: #111"). A position the data has no sample for prints `"POSITION" not
 * found.`; an image without colour data prints "". A sample that is not hex digits is written
 * as it is and reports "Invalid color model".
 */
export function imageColor(image: unknown, args: readonly string[], ctx: Pick<FormatContext, 'error'>): string {
  const colorData = fieldOf(image, 'colorData');
  if (!isObject(colorData)) return '';
  const [position, property] = args;
  const checked = (p: string): string => {
    const sample = colorSample(colorData, p);
    if (sample !== '' && hexColorValue(colorData[`${p}Average`]) === undefined) ctx.error(INVALID_COLOR_MODEL);
    return sample;
  };
  if (position === undefined) {
    // Each attribute with a space after it, the last one too, as the platform writes them.
    return COLOR_POSITIONS.map((p) => `data-color-${p}="#${checked(p)}" `).join('');
  }
  if (!Object.hasOwn(colorData, `${position}Average`) || colorSample(colorData, position) === '')
    return `"${attributeText(position)}" not found.`;
  const sample = checked(position);
  return property === undefined ? `#${sample}` : `${attributeText(property)}: #${sample}`;
}

/** `data-color-topleft="#111" …` of the samples an image has (the video thumbnail's form). */
export function colorDataAttributes(image: unknown): string {
  const colorData = objectField(image, 'colorData');
  return COLOR_POSITIONS.filter((p) => colorSample(colorData, p) !== '')
    .map((p) => ` data-color-${p.toLowerCase()}="#${colorSample(colorData, p)}"`)
    .join('');
}
