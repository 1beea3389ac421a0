import { describe, expect, it } from 'vitest';
import { execute } from '../index';
import { CONTENT_PREDICATES } from './predicates.content';

function test(predicate: string, node: unknown, extra: Record<string, unknown> = {}, args = ''): boolean {
  const { output, errors } = execute(`{.section node}{.${predicate}${args}}y{.or}n{.end}{.end}`, { node, ...extra });
  expect(errors).toEqual([]);
  return output === 'y';
}

describe('record types', () => {
  it('has one predicate per known record type, reading the type as the platform reads numbers', () => {
    expect(test('store-item?', { recordType: '11' })).toBe(true);
    expect(test('kbarticle?', { recordType: 54 })).toBe(true);
    expect(test('event?', { recordType: 12.5 })).toBe(false);
    expect(test('text?', { recordType: true })).toBe(true);
    expect(test('event?', { recordType: '12 items' })).toBe(true);
    expect(test('text?', {})).toBe(false);
  });

  it('counts a post that promotes a video, an image, a quote, a link or a gallery as one', () => {
    expect(test('video?', { recordType: 1, promotedBlockType: 'video' })).toBe(true);
    expect(test('external-video?', { recordType: 8 })).toBe(true);
    expect(test('image?', { promotedBlockType: 'image' })).toBe(true);
    expect(test('gallery?', { promotedBlockType: 'gallery' })).toBe(true);
    expect(test('quote?', { promotedBlockType: 'Quote' })).toBe(false);
    expect(test('event?', { promotedBlockType: 'event' })).toBe(false);
    expect(Object.keys(CONTENT_PREDICATES)).toEqual(expect.arrayContaining(['undefined?', 'css-asset?', 'tweet?']));
  });
});

describe('folders', () => {
  it('is clickable when the behaviour is index, redirect, or missing; not for none or garbage', () => {
    expect(
      [1, 2, '2', undefined, null, 3, 'x', {}].map((folderBehavior) => test('clickable?', { folderBehavior })),
    ).toEqual([true, true, true, true, true, false, false, false]);
  });
});

describe('excerpt?', () => {
  it('is false for markup without text', () => {
    expect(test('excerpt?', { excerpt: { html: '<p> </p><br/>&nbsp;' } })).toBe(false);
    expect(test('excerpt?', { excerpt: { html: '<p>a</p>' } })).toBe(true);
    expect(test('excerpt?', { excerpt: ['a'] })).toBe(false);
  });
});

describe('comments?', () => {
  it('shows open or commented items unless the site turns comments off', () => {
    expect(test('comments?', { commentState: '1' })).toBe(true);
    expect(test('comments?', { publicCommentCount: 'lots', commentState: 2 })).toBe(false);
    expect(test('comments?', { commentState: 1 }, { websiteSettings: { commentsEnabled: 'false' } })).toBe(false);
  });
});

describe('same-day?', () => {
  // 2013-11-15 03:30 UTC is the evening of November 14 in New York.
  const event = { startDate: Date.UTC(2013, 10, 15, 3, 30), endDate: Date.UTC(2013, 10, 15, 12) };

  it('compares calendar days in the site time zone, New York by default', () => {
    expect(test('same-day?', event)).toBe(false);
    expect(test('same-day?', event, { website: { timeZone: 'UTC' } })).toBe(true);
    expect(test('same-day?', event, { website: { timeZone: 'Not/AZone' } })).toBe(false);
  });

  it('is false without readable dates', () => {
    expect(test('same-day?', { startDate: 1 })).toBe(false);
    expect(test('same-day?', { startDate: 'x', endDate: 'x' })).toBe(false);
    expect(test('same-day?', { startDate: 1e300, endDate: 1e300 })).toBe(false);
  });
});

describe('small predicates', () => {
  it('reads their fields strictly', () => {
    expect(test('location?', { location: { mapLat: '1', mapLng: 0 } })).toBe(true);
    expect(test('location?', { location: { mapLat: 1, mapLng: 'east' } })).toBe(false);
    expect(test('passthrough?', { passthrough: 'true', sourceUrl: 7 })).toBe(false);
    expect(test('has-multiple?', 'ab')).toBe(false);
    expect(test('child-images?', { items: [{ mainImageId: '' }, { mainImageId: 'x' }] })).toBe(false);
    expect(test('collection-template-page?', { collection: 'x', type: 7 })).toBe(true);
    expect(test('collectionTypeNameEquals?', { typeName: 'blog' }, {}, ' blog')).toBe(true);
    expect(test('current-type?', { currentType: 5 }, {}, ' body')).toBe(false);
    expect(test('current-type?', { currentType: 3 }, {}, ' body')).toBe(true);
    expect(test('current-type?', { currentType: 5 }, {}, ' constructor')).toBe(false);
  });
});
