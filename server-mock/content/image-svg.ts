import { createHash } from 'node:crypto';
import type { ImageDrawing } from '../store/catalog';

/** Widths the image service renders (platform spec, section 9). */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

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

/** Dark text on light backgrounds, light text on dark ones. */
function textColor(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1f1f1f' : '#ffffff';
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
