/**
 * Which vectors belong to the content and social areas of the conformance report, from their
 * file names (`f-comment-link-2`, `p-gallery-design-1`, `p-record-type-1`).
 */
import { CONTENT_FORMATTERS, SOCIAL_FORMATTERS } from '../plugins/formatters.content';
import { CONTENT_PREDICATES, SOCIAL_PREDICATES } from '../plugins/predicates.content';

/**
 * A template name as vector files write it: lower-case, without the "?", camel case either
 * hyphenated or not ("serviceNameEmail?" is service-name-email, "AbsUrl" is absurl).
 */
const fileForms = (name: string): string[] => {
  const bare = name.replace(/\?$/, '');
  return [bare.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase(), bare.toLowerCase()];
};

const namesOf = (...tables: object[]): Set<string> => new Set(tables.flatMap(Object.keys).flatMap(fileForms));

const SOCIAL = namesOf(SOCIAL_FORMATTERS, SOCIAL_PREDICATES);
const CONTENT = namesOf(CONTENT_FORMATTERS, CONTENT_PREDICATES);

/** Vectors named for a family of names rather than one. */
const CONTENT_FAMILIES = /^(record-type|gallery-[a-z-]+|resized|current-type)$/;

/** "social", "content", or undefined for a vector of another area. */
export function contentAreaOf(vectorName: string): 'social' | 'content' | undefined {
  const name = /^[fp]-(.+?)(-\d+)?$/.exec(vectorName)?.[1];
  if (name === undefined) return undefined;
  if (SOCIAL.has(name)) return 'social';
  return CONTENT.has(name) || CONTENT_FAMILIES.test(name) ? 'content' : undefined;
}
