import type { Predicate } from '../plugin';

/** Commerce predicates, by template name. */
export const COMMERCE_PREDICATES: Record<string, Predicate> = {};
