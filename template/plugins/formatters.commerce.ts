import type { Formatter } from '../plugin';

/** Commerce formatters (platform spec, sections 3, 4, 5, 9), by template name. */
export const COMMERCE_FORMATTERS: Record<string, Formatter> = {};
