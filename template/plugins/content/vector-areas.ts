/**
 * Which vectors belong to the content and social areas of the conformance report, from their
 * file names (`f-comment-link-2`, `p-gallery-design-1`, `p-record-type-1`).
 */
import { CONTENT_FORMATTERS, SOCIAL_FORMATTERS } from '../formatters.content';
import { CONTENT_PREDICATES, SOCIAL_PREDICATES } from '../predicates.content';

/** A template name as vector files write it: kebab-case, without the "?" ("serviceNameEmail?" is service-name-email). */
const fileForm = (name: string): string =>
  name
    .replace(/\?$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

const SOCIAL = new Set([...Object.keys(SOCIAL_FORMATTERS), ...Object.keys(SOCIAL_PREDICATES)].map(fileForm));
const CONTENT = new Set([...Object.keys(CONTENT_FORMATTERS), ...Object.keys(CONTENT_PREDICATES)].map(fileForm));

/** Vectors named for a family of names rather than one. */
const CONTENT_FAMILIES = /^(record-type|gallery-[a-z-]+|resized|current-type)$/;

/** "social", "content", or undefined for a vector of another area. */
export function contentAreaOf(vectorName: string): 'social' | 'content' | undefined {
  const name = /^[fp]-(.+?)(-\d+)?$/.exec(vectorName)?.[1];
  if (name === undefined) return undefined;
  if (SOCIAL.has(name)) return 'social';
  return CONTENT.has(name) || CONTENT_FAMILIES.test(name) ? 'content' : undefined;
}
