import type { Formatter } from '../plugin';

/** Money and percentage formatters, by template name. */
export const MONEY_FORMATTERS: Record<string, Formatter> = {};
