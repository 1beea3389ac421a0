/**
 * Colours of the site's style settings (platform spec, section 5): HSL(A) colours written as
 * CSS, and whether a hex colour is light or dark (the rule itself is in contract/color.ts).
 */
import { isObject } from '../../values';
import { numberOf } from '../commerce/fields';
import { colorWeight as weightOf } from '../../../contract/color';
import type { FormatContext } from '../../plugin';

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

/**
 * `color-weight`: "light" when the colour's value is above half of 0xffffff, else "dark"; "" for
 * no colour. A colour of a model the platform does not read reports "Invalid color model".
 */
export function colorWeight(value: unknown, ctx: Pick<FormatContext, 'error'>): string {
  return weightOf(value, (message) => ctx.error(message)) ?? '';
}
