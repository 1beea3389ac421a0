/**
 * Test support for the plugins' property tests: fast-check arbitraries of page data whose
 * fields have random types and hostile values (markup to inject, huge and odd numbers).
 */
import fc from 'fast-check';

/** Markup a formatter must never let through unescaped. */
export const INJECTED = '<script>alert(1)</script>';

export interface MalformedData {
  /** Any scalar: injected markup, random text, the domain's telling strings and numbers, booleans, null. */
  scalar: fc.Arbitrary<unknown>;
  /** Mostly scalars, sometimes arbitrary JSON. */
  any: fc.Arbitrary<unknown>;
  /** An object with some of `fields`, each of its own arbitrary or of any type (sometimes not an object at all). */
  shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown>;
}

/** Arbitraries of malformed data, with the strings and numbers that matter to a domain. */
export function malformedData(strings: readonly string[], numbers: readonly number[]): MalformedData {
  const scalar = fc.oneof(
    fc.constant(INJECTED),
    fc.constant(`"${INJECTED}`),
    fc.string(),
    fc.constantFrom(...strings),
    fc.integer(),
    fc.double(),
    fc.constantFrom(...numbers),
    fc.boolean(),
    fc.constant(null),
  );
  const any = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.jsonValue() });
  const shaped = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> => {
    const record = fc.record(
      Object.fromEntries(Object.entries(fields).map(([key, arb]) => [key, fc.oneof(arb, any)])),
      { requiredKeys: [] },
    );
    return fc.oneof({ weight: 5, arbitrary: record }, { weight: 1, arbitrary: any });
  };
  return { scalar, any, shaped };
}
