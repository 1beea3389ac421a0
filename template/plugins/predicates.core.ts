import type { FormatContext, Predicate, PredicateInput } from '../plugin';
import { isObject, isTruthy } from '../values';
import { asNumber } from './formatters.core';

/** Core predicates of the language, by template name. */

function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => isEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && isEqual(a[k], b[k]));
  }
  return false;
}

function rank(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (Array.isArray(value)) return 1;
  if (typeof value === 'object') return 2;
  if (typeof value === 'boolean') return 3;
  if (typeof value === 'number') return 4;
  return 5;
}

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * Order used by the comparison predicates: numbers (and numeric strings against numbers)
 * numerically, strings by code unit, booleans false < true; values of different kinds by kind.
 */
export function compare(a: unknown, b: unknown): number {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined && y !== undefined && (typeof a === 'number' || typeof b === 'number')) {
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (isEqual(a, b)) return 0;
  return rank(a) - rank(b) || 0;
}

/** The two sides of a comparison: `{.equal? x}` compares the node with x; `{.equal? x y}` compares x with y. */
function operands({ node, args, ctx }: PredicateInput): [unknown, unknown] | undefined {
  if (args.length === 0) return undefined;
  if (args.length === 1) return [node, ctx.argValue(args[0] as string)];
  return [ctx.argValue(args[0] as string), ctx.argValue(args[1] as string)];
}

function comparison(test: (order: number) => boolean): Predicate {
  return (input) => {
    const sides = operands(input);
    return sides !== undefined && test(compare(sides[0], sides[1]));
  };
}

/** The integer a parity or nth test looks at: the first argument's value when given, else the node. */
function subject(node: unknown, args: readonly string[], ctx: FormatContext): unknown {
  return args.length > 0 ? ctx.resolve(args[0] as string) : node;
}

function parity(remainder: 0 | 1): Predicate {
  return ({ node, args, ctx }) => {
    const value = subject(node, args, ctx);
    return typeof value === 'number' && Number.isInteger(value) && Math.abs(value % 2) === remainder;
  };
}

export const CORE_PREDICATES: Record<string, Predicate> = {
  // The page's `debug` flag, looked up from the node outwards.
  'debug?': ({ ctx }) => isTruthy(ctx.resolve('debug')),
  'equal?': (input) => {
    const sides = operands(input);
    return sides !== undefined && isEqual(sides[0], sides[1]);
  },
  'notEqual?': (input) => {
    const sides = operands(input);
    return sides !== undefined && !isEqual(sides[0], sides[1]);
  },
  'greaterThan?': comparison((order) => order > 0),
  'greaterThanOrEqual?': comparison((order) => order >= 0),
  'lessThan?': comparison((order) => order < 0),
  'lessThanOrEqual?': comparison((order) => order <= 0),
  'even?': parity(0),
  'odd?': parity(1),
  'nth?': ({ node, args, ctx }) => {
    if (args.length === 0) return false;
    const value = args.length > 1 ? ctx.resolve(args[0] as string) : node;
    const divisor = Number(args[args.length - 1]);
    return typeof value === 'number' && Number.isInteger(divisor) && divisor !== 0 && value % divisor === 0;
  },
  'plural?': ({ node }) => asNumber(node) > 1,
  'singular?': ({ node }) => asNumber(node) === 1,
};
