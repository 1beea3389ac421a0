/**
 * Property: every content formatter and predicate, fed arbitrary JSON or content-shaped data
 * with fields of random types, renders without failing, always gives a string, and never lets
 * markup from the data (an injected `<script`) into the output unescaped — except
 * `activate-twitter-links`, whose input is the tweet's HTML and passes through as it is, and
 * `AbsUrl`, which gives text (a URL), not markup, like `str`: templates escape it where they write it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execute } from '../../index';
import { CONTENT_FORMATTERS } from '../formatters.content';
import { malformedData } from '../../testing/malformed-data';
import { CONTENT_PREDICATES } from '../predicates.content';

const { scalar, any, shaped } = malformedData(
  ['1', '-1', '0', '.5', '1e400', '9'.repeat(400), 'true', '800x400', '0x0', '#fff', '100w,2500w'],
  [0, -0, 1, 2, 5, 11, 12, -1, 1e308, 8.64e15, Number.MAX_SAFE_INTEGER],
);

const colors = shaped({ topLeftAverage: scalar, centerAverage: scalar, bottomRightAverage: scalar });
const image = shaped({
  id: scalar,
  title: scalar,
  body: scalar,
  filename: scalar,
  altText: scalar,
  assetUrl: scalar,
  originalSize: scalar,
  componentKey: scalar,
  systemDataVariants: scalar,
  licensedAssetPreview: any,
  mediaFocalPoint: shaped({ x: scalar, y: scalar }),
  colorData: colors,
});
const item = shaped({
  id: scalar,
  fullUrl: scalar,
  title: scalar,
  recordType: scalar,
  recordTypeLabel: scalar,
  publicCommentCount: scalar,
  commentState: scalar,
  likeCount: scalar,
  excerpt: fc.oneof(scalar, shaped({ html: scalar })),
  externalLink: scalar,
  startDate: scalar,
  endDate: scalar,
  location: shaped({ addressLine1: scalar, addressCountry: scalar, mapLat: scalar, mapLng: scalar }),
  folderBehavior: scalar,
  collection: shaped({ type: scalar, folder: scalar }),
  categories: fc.array(scalar, { maxLength: 3 }),
  tags: fc.array(scalar, { maxLength: 3 }),
  author: shaped({ displayName: scalar }),
  promotedBlockType: scalar,
  mainImageId: scalar,
  mainImage: image,
  oembed: shaped({ html: scalar, providerName: scalar }),
  overlay: scalar,
  colorData: colors,
  structuredContent: shaped({ audioAssetUrl: scalar, productType: scalar, variants: fc.array(any, { maxLength: 2 }) }),
  items: fc.array(image, { maxLength: 3 }),
  options: shaped({ design: scalar, lightbox: scalar, controls: scalar, 'meta-position': scalar }),
  coverImage: image,
  userName: scalar,
  profileUrl: scalar,
});
const page = shaped({
  item,
  blockType: scalar,
  'base-url': scalar,
  website: shaped({ shareButtonOptions: any, timeZone: scalar }),
  websiteSettings: shaped({ disqusShortname: scalar, simpleLikingEnabled: scalar, commentsEnabled: scalar }),
});

const PASS_THROUGH = new Set(['activate-twitter-links', 'AbsUrl']);

const TEMPLATES = [
  ...Object.keys(CONTENT_FORMATTERS).flatMap((name) => [
    [name, `{@|${name}}`],
    [name, `{item|${name} 1 color-data}`],
    [name, `{item.mainImage|${name} topLeft}`],
  ]),
  ...Object.keys(CONTENT_PREDICATES).flatMap((name) => [
    [name, `{.${name}}y{.or}n{.end}`],
    [name, `{.section item}{.${name} gallery}y{.end}{.end}`],
  ]),
];

function expectSafe(data: unknown): void {
  for (const [name, template] of TEMPLATES as [string, string][]) {
    const { output, errors } = execute(template, data);
    expect(typeof output, template).toBe('string');
    // A colour in another model is logged as the spec says ("Invalid color model"): a warning, not a failure.
    expect(
      errors.filter((error) => error.message !== 'Invalid color model'),
      template,
    ).toEqual([]);
    if (!PASS_THROUGH.has(name)) expect(output.toLowerCase(), template).not.toContain('<script>alert');
  }
}

describe('content formatters and predicates on malformed data', () => {
  // Each run renders every name a few ways; the timeouts leave room for a loaded machine.
  it('never fail or leak markup on arbitrary JSON', { timeout: 30_000 }, () => {
    fc.assert(fc.property(fc.jsonValue(), expectSafe), { numRuns: 40 });
  });

  it('never fail or leak markup on content-shaped data with random field types', { timeout: 30_000 }, () => {
    fc.assert(fc.property(page, expectSafe), { numRuns: 120 });
  });
});
