/**
 * The two benchmark pages of the shared folder (a 200-product grid and a 100-post blog list),
 * rendered by our engine and by the reference engine, byte for byte; `bench:template` times them.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadSharedPages } from '../bench/shared-pages';
import { skipSharedVectors } from '../testing/shared-vectors';
import { execute } from './index';
import { withoutStubbedText } from './intentional-differences';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: { code: unknown; json: unknown; enableExpr: boolean; enableInclude: boolean }): {
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
      .execute({ code: reference.parse(page.source).code, json: page.data, enableExpr: true, enableInclude: true })
      .ctx.render();
    const ours = execute(page.source, page.data);
    expect(ours.errors).toEqual([]);
    // Only the texts the reference's stubbed `message` leaves empty (prices, option titles) may differ.
    expect(withoutStubbedText(ours.output)).toBe(withoutStubbedText(theirs));
    expect(ours.output.length).toBeGreaterThan(10_000);
  });
});
