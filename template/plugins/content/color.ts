/**
 * Colours of the site's style settings (platform spec, section 5): HSL(A) colours written as
 * CSS, and whether a hex colour is light or dark.
 */
import { isObject } from '../../values';
import { numberOf } from '../commerce/fields';

/** Rounds to at most two decimals and prints without trailing zeros (95.54, 30, 0.9). */
function twoDecimals(n: number): string {
  return String(Math.round(n * 100) / 100 + 0);
}

/**
 * `website-color`: a colour `{hue, saturation, lightness, alpha?}` (hue 0-360, the rest 0-1) as
 * CSS `hsl(…)` or `hsla(…)`. A missing component, or one out of bounds, gives the message the
 * platform prints instead; a value that is not an object gives "".
 */
export function websiteColor(value: unknown): string {
  if (!isObject(value)) return '';
  const hue = numberOf(value.hue);
  const saturation = numberOf(value.saturation);
  const lightness = numberOf(value.lightness);
  if (hue === undefined || saturation === undefined || lightness === undefined) return 'Missing an H/S/L value.';
  const alpha = value.alpha === undefined || value.alpha === null ? undefined : numberOf(value.alpha);
  const problems = [
    hue < 0 || hue > 360 ? 'Hue out of bounds.' : '',
    saturation < 0 || saturation > 1 ? 'Saturation out of bounds.' : '',
    lightness < 0 || lightness > 1 ? 'Lightness out of bounds.' : '',
    alpha !== undefined && (alpha < 0 || alpha > 1) ? 'Alpha out of bounds.' : '',
  ].filter(Boolean);
  if (problems.length > 0) return problems.join(' ');
  const hsl = `${twoDecimals(hue)}, ${twoDecimals(saturation * 100)}%, ${twoDecimals(lightness * 100)}%`;
  return alpha === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${twoDecimals(alpha)})`;
}

const HEX_COLOR = /^#?([0-9a-f]{3,6})$/i;

/** A hex colour of 3 to 6 digits (`#fff`, `a0b1c2`) as its 24-bit value; undefined otherwise. */
export function hexColorValue(value: unknown): number | undefined {
  const digits = typeof value === 'string' ? HEX_COLOR.exec(value.trim())?.[1] : undefined;
  if (digits === undefined) return undefined;
  const full = digits.length === 3 ? digits.replace(/./g, (d) => d + d) : digits;
  return parseInt(full, 16);
}

/** `color-weight`: "light" when the colour's value is above half of 0xffffff, else "dark"; "" for no colour. */
export function colorWeight(value: unknown): string {
  const color = hexColorValue(value);
  if (color === undefined) return '';
  return color > 0xffffff / 2 ? 'light' : 'dark';
}
