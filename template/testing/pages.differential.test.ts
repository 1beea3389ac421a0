/**
 * The two benchmark pages of the shared folder (a 200-product grid and a 100-post blog list),
 * rendered by our engine and by the reference engine (given its CLDR data), byte for byte; `bench:template` times them.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadSharedPages } from '../../bench/shared-pages';
import { skipSharedVectors } from '../../testing/shared-vectors';
import { execute } from '../index';
import { referenceCldr } from './differential-cases';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: { code: unknown; json: unknown; enableExpr: boolean; enableInclude: boolean; cldr: unknown }): {
    ctx: { render(): string };
  };
}
const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
  Compiler: new () => ReferenceCompiler;
};

describe.skipIf(skipSharedVectors)('the shared benchmark pages against the reference', async () => {
  const pages = (await loadSharedPages()) ?? [];
  it.each(pages.map((page) => [page.name, page] as const))('%s: the same bytes', (_name, page) => {
    const reference = new Compiler();
    const theirs = reference
      .execute({
        code: reference.parse(page.source).code,
        json: page.data,
        enableExpr: true,
        enableInclude: true,
        cldr: referenceCldr('en-US'),
      })
      .ctx.render();
    const ours = execute(page.source, page.data);
    expect(ours.errors).toEqual([]);
    expect(ours.output).toBe(theirs);
    expect(ours.output.length).toBeGreaterThan(10_000);
  });
});
