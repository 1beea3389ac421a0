/** How template values behave: truthiness, output text, lookup of one path segment. */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Truthiness of sections and `.if`: missing, null, false, 0, NaN, "", [] and {} are false.
 */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    case 'object':
      return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
    default:
      return true;
  }
}

/**
 * What a value prints as: strings as they are, numbers and booleans in JavaScript form,
 * lists joined by commas, objects, null and missing values as nothing.
 */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return Array.isArray(value) ? value.map(listItemText).join(',') : '';
    default:
      return '';
  }
}

/** A list prints its items joined by commas; inside a list, null prints as "null". */
function listItemText(value: unknown): string {
  if (value === null) return 'null';
  return isObject(value) ? '[object Object]' : toText(value);
}

/** One step into a value: a numeric index of a list, or an object's own key (numbers become keys). */
export function child(value: unknown, segment: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return typeof segment === 'number' ? value[segment] : undefined;
  const key = typeof segment === 'string' ? segment : String(segment);
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** What {@link ownChild} gives when the value has no such child. */
export const MISSING: unique symbol = Symbol('missing');

/** {@link child} when `value` has `segment` (an own key, or an index in range), else {@link MISSING}. */
export function ownChild(value: unknown, segment: string | number): unknown {
  if (typeof value !== 'object' || value === null) return MISSING;
  if (Array.isArray(value)) {
    return typeof segment === 'number' && segment >= 0 && segment < value.length ? value[segment] : MISSING;
  }
  const key = typeof segment === 'string' ? segment : String(segment);
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : MISSING;
}

const LITERAL_RE = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|true|false|null)$/;

/** Arguments read before: the literal, or null for an argument that is none. */
const literals = new Map<string, { value: unknown } | null>();

/** A predicate argument that is a JSON literal, or `undefined` when it is not one (then it is a path). */
export function jsonLiteral(arg: string): { value: unknown } | undefined {
  const known = literals.get(arg);
  if (known !== undefined) return known ?? undefined;
  let literal: { value: unknown } | null = null;
  if (LITERAL_RE.test(arg)) {
    try {
      literal = { value: JSON.parse(arg) as unknown };
    } catch {
      literal = null;
    }
  }
  if (literals.size >= 500) literals.clear();
  literals.set(arg, literal);
  return literal ?? undefined;
}

/** JSON text of a value, with `</` escaped so it can sit inside a `<script>`; missing values give "". */
export function safeJson(value: unknown, indent?: number): string {
  if (value === undefined) return '';
  const list = indent === undefined && Array.isArray(value) ? stringListJson(value) : undefined;
  if (list !== undefined) return list;
  const text = JSON.stringify(value, null, indent);
  if (text === undefined) return '';
  return text.includes('</') ? text.replace(/<\//g, '<\\/') : text;
}

/**
 * Text JSON writes as it is, without `</`: no quote, backslash, control character or
 * surrogate. One pass over the characters (the items are short tags and categories).
 */
function plainJsonText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return false;
    if (code === 47 && i > 0 && text.charCodeAt(i - 1) === 60) return false;
  }
  return true;
}

/**
 * JSON of a list of plain strings without `</` (a page's tags and categories) without the
 * serializer, or undefined for any other list. No `</` can span two items: each is quoted.
 */
function stringListJson(list: unknown[]): string | undefined {
  let out = '[';
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || !plainJsonText(item)) return undefined;
    out += i === 0 ? `"${item}"` : `,"${item}"`;
  }
  return `${out}]`;
}
