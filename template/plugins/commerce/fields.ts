/** Tolerant readers for fields of commerce data, which may be missing or of the wrong type. */
import { isObject, toText } from '../../values';

/** An empty, frozen object: what a missing or malformed object field reads as. */
export const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({});

/** `value[key]` when it is an object, else an empty object. */
export function objectField(value: unknown, key: string): Readonly<Record<string, unknown>> {
  const field = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  return isObject(field) ? field : NO_FIELDS;
}

const NO_OBJECTS: readonly Record<string, unknown>[] = Object.freeze([]);

/**
 * The objects of a list field (other items are skipped); a missing or malformed list is empty.
 * A list of objects only (the usual case) is returned as it is, not copied.
 */
export function objectList(value: unknown): readonly Record<string, unknown>[] {
  if (!Array.isArray(value)) return NO_OBJECTS;
  for (let i = 0; i < value.length; i++) if (!isObject(value[i])) return value.filter(isObject);
  return value as Record<string, unknown>[];
}

/** A flag as data writes it: `true` or the string "true". */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A finite number from a number or a numeric string; undefined otherwise. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** A scalar as text (strings, numbers, booleans); objects, lists and missing values give "". */
export function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? toText(value) : '';
}
