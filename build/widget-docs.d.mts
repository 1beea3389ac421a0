import type { Manifest, Scan, ScannedElement } from './types-generator.mjs';

export const WIDGET_DOCS_DIR: string;
export const PROSE_START: string;
export const PROSE_END: string;
/** `store-add-to-cart` -> `add-to-cart.md`. */
export function pageFile(tag: string): string;
/** The hand-written part of a page: what sits between its prose markers, or nothing. */
export function proseOf(page: string): string;
/** The Markdown of one widget's page (unformatted). */
export function widgetPage(
  declaration: Manifest['modules'][number]['declarations'][number],
  element: ScannedElement,
  prose: string,
): string;
/** Every widget page, formatted: file (from the root) -> text. */
export function widgetPages(root?: string, scan?: Scan): Promise<Map<string, string>>;
/** Generated pages left behind by a tag that no longer exists. */
export function orphanPages(pages: Map<string, string>, root?: string): string[];
