import { createHash } from 'node:crypto';
import { isDarkColor } from '../../contract/color';
import { IMAGE_WIDTHS } from '../../contract/product-images';
import type { ImageDrawing } from '../store/catalog';

/** Drawn when a stored colour is not a plain `#rrggbb`. */
const FALLBACK_COLOR = '#cccccc';

/**
 * The width asked for by a `format` query value: undefined without one (the original size),
 * null for anything but one of {@link IMAGE_WIDTHS} followed by `w`.
 */
export function requestedWidth(format: string | undefined): number | null | undefined {
  if (format === undefined) return undefined;
  const match = /^([1-9]\d{2,3})w$/.exec(format);
  const width = match ? Number(match[1]) : NaN;
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? width : null;
}

/** Text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Light text on dark backgrounds (the platform's rule), dark text on the others. */
function textColor(background: string): string {
  return isDarkColor(background) ? '#ffffff' : '#1f1f1f';
}

/**
 * The image as an SVG `width` pixels wide (the original width when not given), keeping the
 * original's aspect ratio: a solid background in the image colour with its label in the middle.
 */
export function imageSvg(image: ImageDrawing, width: number = image.width): { svg: string; etag: string } {
  const height = Math.max(1, Math.round((width * image.height) / image.width));
  const color = /^#[0-9a-fA-F]{6}$/.test(image.color) ? image.color.toLowerCase() : FALLBACK_COLOR;
  const fontSize = Math.max(12, Math.round(Math.min(image.width, image.height) / 12));
  const label = escapeXml(image.label);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${image.width} ${image.height}" role="img" aria-label="${escapeXml(image.alt || image.label)}">` +
    `<rect width="${image.width}" height="${image.height}" fill="${color}"/>` +
    `<text x="${image.width / 2}" y="${image.height / 2}" text-anchor="middle" dominant-baseline="middle" ` +
    `font-family="system-ui, sans-serif" font-size="${fontSize}" fill="${textColor(color)}">${label}</text>` +
    `</svg>`;
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  return { svg, etag };
}
