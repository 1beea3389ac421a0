import { isPath, parsePath } from '../parser';
import type { Formatter, FormatContext } from '../plugin';
import { jsonForHtml } from '../../contract/json-in-html';
import { child, isObject, isTruthy, safeJson, toText } from '../values';

/** Core formatters of the language, by template name. */

/** Escapes `&`, `<` and `>` for element content. */
export function escapeHtml(text: string): string {
  return escapeSpecials(text, false);
}

/** Escapes `&`, `<`, `>` and `"` for attribute values. */
export function escapeAttribute(text: string): string {
  return escapeSpecials(text, true);
}

/** Below this length, looking at each character beats one `indexOf` per special character. */
const SHORT = 16;

function hasSpecial(text: string, quotes: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Every special character is below `?`: one comparison skips letters.
    if (code < 63 && (code === 38 || code === 60 || code === 62 || (code === 34 && quotes))) return true;
  }
  return false;
}

/**
 * Copies the runs between special characters, each found with `indexOf` (faster than visiting
 * every character, whatever the string's representation); text without any is returned as it is.
 */
function escapeSpecials(text: string, quotes: boolean): string {
  if (text.length < SHORT && !hasSpecial(text, quotes)) return text;
  let amp = text.indexOf('&');
  let lt = text.indexOf('<');
  let gt = text.indexOf('>');
  let quot = quotes ? text.indexOf('"') : -1;
  if (amp < 0 && lt < 0 && gt < 0 && quot < 0) return text;
  let out = '';
  let last = 0;
  for (;;) {
    // The nearest special character left (-1 when none is).
    let at = amp;
    let escape = '&amp;';
    if (lt >= 0 && (at < 0 || lt < at)) {
      at = lt;
      escape = '&lt;';
    }
    if (gt >= 0 && (at < 0 || gt < at)) {
      at = gt;
      escape = '&gt;';
    }
    if (quot >= 0 && (at < 0 || quot < at)) {
      at = quot;
      escape = '&quot;';
    }
    if (at < 0) break;
    if (at > last) out += text.slice(last, at);
    out += escape;
    last = at + 1;
    if (at === amp) amp = text.indexOf('&', last);
    else if (at === lt) lt = text.indexOf('<', last);
    else if (at === gt) gt = text.indexOf('>', last);
    else quot = text.indexOf('"', last);
  }
  return last < text.length ? out + text.slice(last) : out;
}

/** Removes `<…>` tags (what `safe` does): from each `<` to the next `>`. */
function stripTags(text: string): string {
  let open = text.indexOf('<');
  if (open < 0) return text;
  let out = '';
  let last = 0;
  while (open >= 0) {
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    out += text.slice(last, open);
    last = close + 1;
    open = text.indexOf('<', last);
  }
  return out + text.slice(last);
}

/** Numbers for arithmetic formatters and counting predicates: text is parsed (NaN when not a number), other values count as 0. */
export function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    // The leading number: with a decimal point a float ("0.4e1" is 4), else an integer ("1e2" is 1, "0x10" is 0); none gives NaN.
    return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
  }
  return 0;
}

/** Text of a scalar (what `str` gives); objects and lists give "". */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  return isObject(value) || Array.isArray(value) ? '' : toText(value);
}

/** Follows a dotted path (`a.b.0`) inside a value. */
function walk(value: unknown, path: string): unknown {
  if (!isPath(path)) return undefined;
  let result = value;
  for (const segment of parsePath(path)) result = child(result, segment);
  return result;
}

// url-encode leaves letters, digits and * - _ . / + @ as they are and percent-encodes the rest as UTF-8.
const URL_FIXUPS: Record<string, string> = {
  '%2F': '/',
  '%2B': '+',
  '%40': '@',
  '!': '%21',
  "'": '%27',
  '(': '%28',
  ')': '%29',
  '~': '%7E',
};

/** Lone surrogates cannot be percent-encoded; they become U+FFFD as a browser would show them. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Characters `url-encode` leaves as they are: letters, digits and * - _ . / + @. */
function urlSafeCode(code: number): boolean {
  if (code >= 97) return code <= 122;
  if (code >= 65) return code <= 90 || code === 95;
  return (code >= 45 && code <= 57) || code === 42 || code === 43 || code === 64;
}

/** One pass over the characters: faster than a regular expression on the short texts it gets. */
function urlSafe(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!urlSafeCode(text.charCodeAt(i))) return false;
  return true;
}

/** What `url-encode` gives: UTF-8 percent-encoding of all but letters, digits and * - _ . / + @. */
export function urlEncode(text: string): string {
  if (urlSafe(text)) return text;
  return encodeURIComponent(wellFormed(text)).replace(/%2F|%2B|%40|[!'()~]/g, (m) => URL_FIXUPS[m] as string);
}

const WHITESPACE = /\s/;

/** Cuts after the last space within `limit` characters (or hard at `limit` without one) and appends the suffix. */
function truncate(text: string, limit: number, suffix: string): string {
  if (text.length <= limit) return text;
  let space = limit - 1;
  while (space >= 0 && !isSpaceCode(text.charCodeAt(space))) space--;
  return (space >= 0 ? text.slice(0, space + 1) : text.slice(0, limit)) + suffix;
}

const DOUBLE_OPENERS = new Set([' ', '\t', '\n', '\r', '\f', '\v', '(', '[', '-', '/', '\u2014', "'"]);
const SINGLE_OPENERS = new Set(['(', '[', '-', '/', '\u2014', '\u201c']);

const SMART = /--|["']/g;

/**
 * Curly quotes and em dashes: `--` -> —, "x" -> “x”, 'x -> ‘x after an opener, else ’. Only
 * the marks are visited; the text between them is copied in slices.
 */
function smartypants(text: string): string {
  if (!text.includes('"') && !text.includes("'") && !text.includes('-')) return text;
  let out = '';
  let last = 0;
  let prevDashed = ''; // previous character with -- turned into —
  let prevDoubled = ''; // the same with double quotes curled
  SMART.lastIndex = 0;
  for (let match = SMART.exec(text); match; match = SMART.exec(text)) {
    const at = match.index;
    if (at > last) {
      out += text.slice(last, at);
      prevDashed = prevDoubled = text.charAt(at - 1);
    }
    const mark = match[0];
    if (mark === '"') {
      const curled =
        prevDashed === '' || DOUBLE_OPENERS.has(prevDashed) || WHITESPACE.test(prevDashed) ? '\u201c' : '\u201d';
      out += curled;
      prevDashed = '"';
      prevDoubled = curled;
    } else if (mark === "'") {
      out += prevDoubled === '' || SINGLE_OPENERS.has(prevDoubled) ? '\u2018' : '\u2019';
      prevDashed = prevDoubled = "'";
    } else {
      out += '\u2014';
      prevDashed = prevDoubled = '\u2014';
    }
    last = at + mark.length;
  }
  return out + text.slice(last);
}

/** Whether a UTF-16 code unit is whitespace as `\s` matches it. */
function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Characters a slug keeps: a-z, 0-9 and `-`. */
function slugCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45;
}

/**
 * Lower case; letters, digits and hyphens kept; every run of whitespace becomes one hyphen
 * (characters dropped inside the run do not split it). Kept runs are copied in slices.
 */
export function slugify(text: string): string {
  // Text that is a slug already (most tags) is its own slug: no lower-casing, which is a runtime call.
  let slug = true;
  for (let i = 0; i < text.length && slug; i++) slug = slugCode(text.charCodeAt(i));
  if (slug) return text;
  const lower = text.toLowerCase();
  let out = '';
  let kept = -1; // start of the run of kept characters being read
  let inSpace = false;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (slugCode(code)) {
      if (kept < 0) kept = i;
      inSpace = false;
      continue;
    }
    if (kept >= 0) {
      out += lower.slice(kept, i);
      kept = -1;
    }
    if (isSpaceCode(code)) {
      if (!inSpace) out += '-';
      inSpace = true;
    }
  }
  return kept >= 0 ? out + lower.slice(kept) : out;
}

/** `{name}` `k=v` arguments after the partial name of `apply`, or undefined when there are none. */
function namedArgs(args: readonly string[]): Record<string, string> | undefined {
  let result: Record<string, string> | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.indexOf('=');
    if (eq <= 0) continue;
    (result ??= {})[arg.slice(0, eq)] = arg.slice(eq + 1);
  }
  return result;
}

/** Keys from `get` arguments: each resolved; lists are spread into several keys. */
function resolvedKeys(args: readonly string[], ctx: FormatContext): unknown[] {
  const keys: unknown[] = [];
  for (const arg of args) {
    const key = ctx.resolve(arg);
    if (Array.isArray(key)) keys.push(...key);
    else keys.push(key);
  }
  return keys;
}

export const CORE_FORMATTERS: Record<string, Formatter> = {
  apply: ({ value, args, ctx }) =>
    args.length === 0 ? '' : ctx.applyPartial(args[0] as string, value, namedArgs(args), args.includes('private')),

  capitalize: ({ value }) => scalarText(value).toUpperCase(),

  count: ({ value }) => {
    if (Array.isArray(value)) return value.length;
    if (isObject(value)) return Object.keys(value).length;
    if (typeof value === 'string') return value.length;
    return 0;
  },

  cycle: ({ value, args }) => {
    const n = asNumber(value);
    if (!Number.isInteger(n) || args.length === 0) return undefined;
    const index = (((n - 1) % args.length) + args.length) % args.length;
    return args[index];
  },

  default: ({ value, args }) => (value === undefined || value === null || value === '' ? (args[0] ?? '') : value),

  'encode-space': ({ value }) => scalarText(value).replace(/\s/g, '&nbsp;'),
  'encode-uri': ({ value }) => encodeURI(wellFormed(scalarText(value))),
  'encode-uri-component': ({ value }) => encodeURIComponent(wellFormed(scalarText(value))),

  'find-first': ({ value, args }) => {
    if (!Array.isArray(value)) return undefined;
    const [path = '', expected] = args;
    return value.find((item) => String(walk(item, path)) === expected);
  },
  'find-last': ({ value, args }) => {
    if (!Array.isArray(value)) return undefined;
    const [path = '', expected] = args;
    return value.findLast((item) => String(walk(item, path)) === expected);
  },

  format: ({ value, args, ctx }) => {
    const values = args.map((arg) => ctx.resolve(arg));
    // Every {…} is a placeholder: {N} takes the Nth argument and {} the first; anything else,
    // and an unclosed one (which runs to the end), gives nothing.
    return scalarText(value).replace(/\{([^}]*)\}?/g, (token: string, key: string) =>
      token.endsWith('}') && /^\d*$/.test(key) ? toText(values[Number(key)]) : '',
    );
  },

  get: ({ value, args, ctx }) => {
    let result = value;
    for (const key of resolvedKeys(args, ctx)) {
      if (typeof key !== 'string' && typeof key !== 'number') return undefined;
      result = child(result, key);
    }
    return result;
  },

  html: ({ value }) => escapeHtml(scalarText(value)),
  htmlattr: ({ value }) => escapeAttribute(scalarText(value)),
  htmltag: ({ value }) => escapeAttribute(scalarText(value)),

  iter: ({ ctx }) => {
    const index = ctx.resolve('@index');
    return index === undefined ? '' : String(index);
  },

  json: ({ value }) => safeJson(value),
  'json-pretty': ({ value }) => safeJson(value, 2),
  // Ours: JSON for a script element of a page (`json` keeps the reference's output, which only escapes `</`).
  'json-script': ({ value }) => jsonForHtml(value),

  'key-by': ({ value, args }) => {
    const path = args[0] ?? '';
    const result: Record<string, unknown> = {};
    for (const item of Array.isArray(value) ? value : []) {
      const key = walk(item, path);
      if (key !== undefined && (key === null || typeof key !== 'object')) result[String(key)] = item;
    }
    return result;
  },

  'line-breaks': ({ value }) => scalarText(value).replace(/\r?\n/g, '<br>'),

  // The argument names a path; it is read from the value, falling back to the enclosing data.
  lookup: ({ value, args, ctx }) => {
    const key = ctx.resolve(args[0] ?? '');
    return typeof key === 'string' || typeof key === 'number' ? ctx.resolveFrom(value, String(key)) : undefined;
  },

  mod: ({ value, args }) => {
    const divisor = args.length > 0 ? asNumber(args[0]) : 2;
    return asNumber(value) % (divisor || 2);
  },

  output: ({ args }) => args.join(' '),

  pluralize: ({ value, args }) => {
    const one = asNumber(value) === 1;
    if (args.length >= 2) return one ? args[0] : args[1];
    return one ? '' : (args[0] ?? 's');
  },

  prop: ({ value, args }) => {
    let result = value;
    for (const path of args) result = walk(result, path);
    return result;
  },

  raw: ({ value }) => JSON.stringify(value ?? null),

  round: ({ value }) => Math.round(asNumber(value)),

  // Strips tags; empty values (0, false, "", [], {}, null) pass through unchanged.
  safe: ({ value }) => (isTruthy(value) ? stripTags(scalarText(value)) : value),

  slugify: ({ value }) => slugify(scalarText(value)),

  smartypants: ({ value }) => smartypants(scalarText(value)),

  str: ({ value }) => scalarText(value),

  truncate: ({ value, args }) => {
    const limit = args.length > 0 ? Number(args[0]) : 100;
    if (!Number.isInteger(limit) || limit < 0) return scalarText(value);
    return truncate(scalarText(value), limit, args[1] ?? '...');
  },

  'url-encode': ({ value }) => urlEncode(scalarText(value)),
};
