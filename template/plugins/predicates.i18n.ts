import type { Predicate } from '../plugin';
import { renderLocale } from './i18n/number-text';
import { usesUsUnits } from './i18n/units';

/** Internationalisation predicates, by template name. */
export const I18N_PREDICATES: Record<string, Predicate> = {
  /**
   * `{.units-metric? length}`: whether the render locale measures in metric units (everywhere
   * but the United States, Liberia and Myanmar), as the `unit` formatter's defaults do.
   */
  'units-metric?': ({ ctx }) => !usesUsUnits(renderLocale(ctx.locale)),
};
