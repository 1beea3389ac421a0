import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test support for the public template vectors, which live beside the checkout in
 * `../shared/vectors/template` and are never copied into the repository.
 */
export const SHARED_VECTORS = fileURLToPath(new URL('../../shared/vectors/template/', import.meta.url));

/** The two benchmark pages beside the vectors (a product grid and a blog list, with their data). */
export const SHARED_BENCH_PAGES = fileURLToPath(new URL('../../shared/bench/template-pages.mjs', import.meta.url));

/** The vectors' plugin resources (formatter and predicate vectors, product data). */
export const SHARED_RESOURCES = join(SHARED_VECTORS, 'plugins', 'resources');

/** CI sets `REQUIRE_SHARED=1`: the vector tests then run, and fail when the folder is missing. */
const required = process.env.REQUIRE_SHARED === '1';

/** For `describe.skipIf` / `it.skipIf`: a clone alone skips the vector tests (the run says why, once). */
export const skipSharedVectors = !existsSync(SHARED_VECTORS) && !required;

/** Vitest global setup of the template project: one line when the vector tests are skipped, an error when they must run. */
export default function sharedVectorsSetup(): void {
  if (existsSync(SHARED_VECTORS)) return;
  const missing = `the public template vectors are not at ${SHARED_VECTORS} (the shared folder beside this repository)`;
  if (required) throw new Error(`REQUIRE_SHARED=1, but ${missing}.`);
  console.log(
    `Skipping the template tests that need ../shared: ${missing}. CI runs them (.ci/run sets REQUIRE_SHARED=1).`,
  );
}
