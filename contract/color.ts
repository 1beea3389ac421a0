/**
 * Colour rules of the platform (platform spec, section 5), shared by the template formatters and the
 * widgets: values of 3 to 6 hex digits, a colour's weight (light above half of 0xffffff) and
 * whether it is dark (luminance below 0.65 of 256).
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Logged when a colour is written in a model the platform does not read (platform spec, section 8). */
export const INVALID_COLOR_MODEL = 'Invalid color model';

/** Where a colour reader logs: the console by default; the template engine passes its error channel. */
export type ColorLog = (message: string) => void;

const consoleWarn: ColorLog = (message) => console.warn(message);

const HEX_COLOR = /^#?([0-9a-f]{3,6})$/i;
const MODEL = /^([a-z-]+)\(([^)]*)\)$/i;

/** A hex colour of 3 to 6 digits (`#fff`, `a0b1c2`) as its 24-bit value; undefined otherwise. */
export function hexColorValue(value: unknown): number | undefined {
  const digits = typeof value === 'string' ? HEX_COLOR.exec(value.trim())?.[1] : undefined;
  if (digits === undefined) return undefined;
  const full = digits.length === 3 ? digits.replace(/./g, (d) => d + d) : digits;
  return parseInt(full, 16);
}

/**
 * "light" when the colour's 24-bit value is above half of 0xffffff, else "dark"; undefined for
 * no colour. Read as {@link parseColor} reads it: another model is logged.
 */
export function colorWeight(value: unknown, log: ColorLog = consoleWarn): 'light' | 'dark' | undefined {
  const rgb = parseColor(value, log);
  if (rgb === undefined) return undefined;
  const color = (Math.round(rgb.r) << 16) | (Math.round(rgb.g) << 8) | Math.round(rgb.b);
  return color > 0xffffff / 2 ? 'light' : 'dark';
}

function channel(text: string | undefined, scale: number): number | undefined {
  if (text === undefined) return undefined;
  const percent = text.endsWith('%');
  const n = Number(percent ? text.slice(0, -1) : text);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(Math.max(percent ? (n / 100) * scale : n, 0), scale);
}

function fromHsl(h: number, s: number, l: number): Rgb {
  // s and l in 0..1, h in degrees.
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return { r: f(0), g: f(8), b: f(4) };
}

/**
 * The red, green and blue (0-255) of a colour written as hex (3 to 6 digits), `rgb()`/`rgba()`
 * or `hsl()`/`hsla()`. Any other model is logged as "Invalid color model" and gives undefined,
 * as does a blank value (no colour) or a malformed one.
 */
export function parseColor(value: unknown, log: ColorLog = consoleWarn): Rgb | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  const hex = hexColorValue(text);
  if (hex !== undefined) return { r: (hex >> 16) & 0xff, g: (hex >> 8) & 0xff, b: hex & 0xff };
  const match = MODEL.exec(text);
  const model = match?.[1]?.toLowerCase();
  if (match === null || (model !== 'rgb' && model !== 'rgba' && model !== 'hsl' && model !== 'hsla')) {
    log(INVALID_COLOR_MODEL);
    return undefined;
  }
  const parts = (match[2] ?? '').split(/[\s,/]+/).filter(Boolean);
  if (model.startsWith('rgb')) {
    const [r, g, b] = [0, 1, 2].map((i) => channel(parts[i], 255));
    return r === undefined || g === undefined || b === undefined ? undefined : { r, g, b };
  }
  const hue = Number((parts[0] ?? '').replace(/deg$/, ''));
  const s = channel(parts[1], 1);
  const l = channel(parts[2], 1);
  if (!Number.isFinite(hue) || s === undefined || l === undefined) return undefined;
  return fromHsl(((hue % 360) + 360) % 360, s, l);
}

/** The colour's luminance on 0-256 (the weighted sum of its channels the platform uses). */
export function luminance({ r, g, b }: Rgb): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Whether a colour is dark: its luminance is below 0.65 of 256. Undefined for no colour. */
export function isDarkColor(value: unknown, log: ColorLog = consoleWarn): boolean | undefined {
  const rgb = parseColor(value, log);
  return rgb === undefined ? undefined : luminance(rgb) < 0.65 * 256;
}
