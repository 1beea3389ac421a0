/**
 * Every formatter and predicate the reference engine (@squarespace/template-engine, a dev
 * dependency used for comparison only) knows is in our tables, under the same name.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS } from './index';

const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
  Compiler: new () => { engine: { formatters: Record<string, unknown>; predicates: Record<string, unknown> } };
};
const { engine } = new Compiler();

describe('the names of the reference engine', () => {
  it('every reference formatter is one of ours', () => {
    const names = Object.keys(engine.formatters);
    expect(names.length).toBeGreaterThanOrEqual(95);
    expect(names.filter((name) => !Object.hasOwn(BUILTIN_PLUGINS.formatters, name))).toEqual([]);
  });

  it('every reference predicate is one of ours', () => {
    const names = Object.keys(engine.predicates);
    expect(names.length).toBeGreaterThanOrEqual(101);
    expect(names.filter((name) => !Object.hasOwn(BUILTIN_PLUGINS.predicates, name))).toEqual([]);
  });
});
