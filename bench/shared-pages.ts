/**
 * The benchmark pages of the shared folder (`../shared/bench/template-pages.mjs`, never copied
 * into the repository): a 200-product grid and a 100-post blog list, with deterministic data.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SHARED_BENCH_PAGES } from '../testing/shared-vectors';

/** A page to render with both engines. */
export interface BenchPage {
  name: string;
  source: string;
  data: unknown;
}

interface SharedPagesModule {
  productGridData(): unknown;
  PRODUCT_GRID_TEMPLATE: string;
  blogListData(): unknown;
  BLOG_LIST_TEMPLATE: string;
}

/** The shared grid and blog list, or undefined when the shared folder is missing. */
export async function loadSharedPages(): Promise<BenchPage[] | undefined> {
  if (!existsSync(SHARED_BENCH_PAGES)) return undefined;
  const pages = (await import(pathToFileURL(SHARED_BENCH_PAGES).href)) as SharedPagesModule;
  return [
    { name: '200-product grid', source: pages.PRODUCT_GRID_TEMPLATE, data: pages.productGridData() },
    { name: '100-post blog list', source: pages.BLOG_LIST_TEMPLATE, data: pages.blogListData() },
  ];
}
