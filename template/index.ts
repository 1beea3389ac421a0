import { createEngine } from './engine';
import { COMMERCE_FORMATTERS } from './plugins/formatters.commerce';
import { CONTENT_FORMATTERS } from './plugins/formatters.content';
import { CORE_FORMATTERS } from './plugins/formatters.core';
import { DATE_FORMATTERS } from './plugins/formatters.date';
import { I18N_FORMATTERS } from './plugins/formatters.i18n';
import { MONEY_FORMATTERS } from './plugins/formatters.money';
import { COMMERCE_PREDICATES } from './plugins/predicates.commerce';
import { CONTENT_PREDICATES } from './plugins/predicates.content';
import { CORE_PREDICATES } from './plugins/predicates.core';
import { I18N_PREDICATES } from './plugins/predicates.i18n';
import type { Plugins } from './plugin';

/** Every built-in formatter and predicate, merged once; the template name is the key. */
export const BUILTIN_PLUGINS: Plugins = {
  formatters: {
    ...CORE_FORMATTERS,
    ...MONEY_FORMATTERS,
    ...COMMERCE_FORMATTERS,
    ...CONTENT_FORMATTERS,
    ...I18N_FORMATTERS,
    ...DATE_FORMATTERS,
  },
  predicates: { ...CORE_PREDICATES, ...COMMERCE_PREDICATES, ...CONTENT_PREDICATES, ...I18N_PREDICATES },
};

const engine = createEngine(BUILTIN_PLUGINS);

/** Compiles a template to its instruction tree; never throws. */
export const compile = engine.compile;

/** Renders an instruction tree (or template source) against JSON; never throws. */
export const execute = engine.execute;

export { createEngine } from './engine';
export type { CompileOptions, CompileResult, ExecuteOptions, ExecuteResult } from './engine';
export { formatError, type TemplateError } from './errors';
export { Opcode, type Code } from './instructions';
export type { Formatter, FormatterInput, FormatContext, Plugins, Predicate, PredicateInput } from './plugin';
export { GALLERY_SETTINGS, type GallerySettingName } from '../contract/gallery-settings';
export { gallerySetting, gallerySettings } from './plugins/content/gallery-settings';
/** Whether a product page shows the quantity input (the server's no-script product form follows the formatter). */
export { showsQuantityInput } from './plugins/commerce/product';
