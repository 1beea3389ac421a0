import { controlCharacterMessage, findControlCharacter } from '../../contract/control-characters';
import { HttpError } from '../http/http-error';

/**
 * Reads one value of an untrusted payload at `field` (a dotted path used in the message) and
 * returns it typed, or refuses the request with a 400 naming the field.
 */
export type Check<T> = (value: unknown, field: string) => T;

/** What a check returns. */
export type Checked<C> = C extends Check<infer T> ? T : never;

type Shape = Record<string, Check<unknown>>;

/** The value an object check returns for a shape; optional checks give optional keys. */
export type ShapeOf<S extends Shape> = { [K in keyof S]: Checked<S[K]> };

/** Refuses the payload: 400 with `{message}`. */
export function refuse(field: string, what: string): never {
  throw new HttpError(400, `${field} ${what}.`);
}

/** A string of at most `max` characters (and at least `min`, default 0). */
export function text(max: number, min = 0): Check<string> {
  return (value, field) => {
    if (typeof value !== 'string') return refuse(field, 'must be a string');
    if (value.length > max) return refuse(field, `must be at most ${max} characters`);
    if (value.length < min)
      return refuse(field, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
    return value;
  };
}

/** A string matching `pattern`, described by `what` in the message. */
export function matching(pattern: RegExp, what: string, max = 200): Check<string> {
  const base = text(max);
  return (value, field) => {
    const s = base(value, field);
    return pattern.test(s) ? s : refuse(field, `must be ${what}`);
  };
}

/** A finite number between `min` and `max` (inclusive). */
export function num(min = 0, max = Number.MAX_SAFE_INTEGER): Check<number> {
  return (value, field) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(field, 'must be a number');
    if (value < min || value > max) return refuse(field, `must be between ${min} and ${max}`);
    return value;
  };
}

/** A whole number between `min` and `max`. */
export function int(min = 0, max = Number.MAX_SAFE_INTEGER): Check<number> {
  const base = num(min, max);
  return (value, field) => {
    const n = base(value, field);
    return Number.isInteger(n) ? n : refuse(field, 'must be a whole number');
  };
}

export const bool: Check<boolean> = (value, field) =>
  typeof value === 'boolean' ? value : refuse(field, 'must be true or false');

/** One of the given strings. */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value, field) =>
    (values as readonly unknown[]).includes(value)
      ? (value as T)
      : refuse(field, `must be one of ${values.join(', ')}`);
}

/** `check`, or null (the key must still be there: a missing key is refused). */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, field) => (value === null ? null : check(value, field));
}

const OPTIONAL = Symbol('optional');

/** A key that may be left out (then undefined); null is not the same as absent. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  const wrapped: Check<T | undefined> = (value, field) => (value === undefined ? undefined : check(value, field));
  return Object.assign(wrapped, { [OPTIONAL]: true });
}

function isOptional(check: Check<unknown>): boolean {
  return (check as unknown as Record<symbol, unknown>)[OPTIONAL] === true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object with exactly these keys (every one required unless `optional`); an unknown key is
 * refused, so a payload that drifted from the contract is noticed rather than half stored.
 */
export function object<S extends Shape>(shape: S): Check<ShapeOf<S>> {
  const keys = Object.keys(shape);
  return (value, field) => {
    if (!isPlainObject(value)) return refuse(field, 'must be an object');
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) return refuse(`${field}.${key}`, 'is not a known field');
    }
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const check = shape[key] as Check<unknown>;
      if (!Object.hasOwn(value, key) && !isOptional(check)) return refuse(`${field}.${key}`, 'is required');
      const checked = check(value[key], `${field}.${key}`);
      if (checked !== undefined) out[key] = checked;
    }
    return out as ShapeOf<S>;
  };
}

/** A list of `min` to `max` items, each read by `check`. */
export function list<T>(check: Check<T>, min: number, max: number): Check<T[]> {
  return (value, field) => {
    if (!Array.isArray(value)) return refuse(field, 'must be a list');
    if (value.length < min) return refuse(field, min === 1 ? 'must not be empty' : `must hold at least ${min} items`);
    if (value.length > max) return refuse(field, `must hold at most ${max} items`);
    return value.map((item, i) => check(item, `${field}[${i}]`));
  };
}

/** Any JSON value nested at most `maxDepth` deep (so storing it again can never overflow the stack). */
export function jsonValue(maxDepth: number): Check<unknown> {
  const walk = (value: unknown, field: string, depth: number): void => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) refuse(field, 'must be a finite number');
      return;
    }
    if (typeof value !== 'object') return refuse(field, 'must be JSON');
    if (depth >= maxDepth) return refuse(field, `must not nest deeper than ${maxDepth} levels`);
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${field}[${i}]`, depth + 1));
    else for (const [key, item] of Object.entries(value)) walk(item, `${field}.${key}`, depth + 1);
  };
  return (value, field) => {
    walk(value, field, 0);
    return value;
  };
}

/**
 * Parses `source` as JSON, refusing malformed text with a 400 naming `field`, and any text in it
 * holding a control character with one naming where (below `path`).
 */
export function parseJson(source: string, field: string, path = field): unknown {
  let value: unknown;
  try {
    value = JSON.parse(source) as unknown;
  } catch {
    return refuse(field, 'is not valid JSON');
  }
  refuseControlCharacters(value, path);
  return value;
}

/**
 * Refuses, with a 400 naming where, a parsed payload any text of which holds a control character
 * (`path` '': a request body, whose fields are named alone).
 */
export function refuseControlCharacters(value: unknown, path = ''): void {
  const found = findControlCharacter(value, path);
  if (found) throw new HttpError(400, controlCharacterMessage(found));
}
