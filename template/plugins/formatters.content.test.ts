import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance';
import { execute } from '../index';
import { SHARED_RESOURCES as VECTORS, skipSharedVectors } from '../../testing/shared-vectors';

function render(template: string, data: unknown, options: { locale?: string } = {}): string {
  const { output, errors } = execute(template, data, options);
  expect(errors).toEqual([]);
  return output;
}

describe.skipIf(skipSharedVectors)('shared vectors', () => {
  it('passes every vector of the content and social areas', () => {
    const ours = runConformance([VECTORS]).filter((r) => r.area === 'content' || r.area === 'social');
    expect(ours.filter((r) => r.area === 'social')).toHaveLength(18);
    expect(ours.filter((r) => r.area === 'content')).toHaveLength(67);
    const notPassing = ours.filter((r) => r.outcome !== 'pass').map((r) => `${r.file}: ${r.detail ?? r.outcome}`);
    expect(notPassing).toEqual([]);
  });
});

describe('website-color', () => {
  it('writes hsl or hsla, two decimals at most', () => {
    expect(render('{@|website-color}', { hue: '200', saturation: 0.3, lightness: 0.5 })).toBe('hsl(200, 30%, 50%)');
    expect(render('{@|website-color}', { hue: 360, saturation: 1, lightness: 0, alpha: 1 })).toBe(
      'hsla(360, 100%, 0%, 1)',
    );
    expect(render('{@|website-color}', { hue: 0, saturation: 0, lightness: 0, alpha: null })).toBe('hsl(0, 0%, 0%)');
  });

  it('reports missing and out-of-bounds components, and is empty for what is not a colour', () => {
    expect(render('{@|website-color}', { hue: 1, saturation: 'x', lightness: 0 })).toBe('Missing an H/S/L value.');
    expect(render('{@|website-color}', { hue: -1, saturation: 1e308, lightness: 0.5, alpha: 'abc' })).toBe(
      'Hue out of bounds. Saturation out of bounds.',
    );
    for (const value of ['red', 12, [1, 2, 3], null, true]) expect(render('{c|website-color}', { c: value })).toBe('');
  });
});

describe('color-weight', () => {
  it('reads 3 to 6 hex digits, with or without #, the three-digit form doubled', () => {
    expect(render('{a|color-weight} {b|color-weight} {c|color-weight}', { a: '#8888', b: 'FFFFFF', c: '#7ff' })).toBe(
      'dark light dark',
    );
    expect(render('{a|color-weight} {b|color-weight}', { a: '#800000', b: '#7fffff' })).toBe('light dark');
  });

  it('weighs rgb() and hsl() colours by the same rule', () => {
    expect(render('{a|color-weight} {b|color-weight}', { a: 'rgb(128, 0, 0)', b: 'hsl(0, 0%, 0%)' })).toBe(
      'light dark',
    );
  });

  it('is empty for anything else, and logs "Invalid color model" for text of another model', () => {
    for (const value of [12, null, {}, ['#fff'], ''])
      expect(render('{c|color-weight}', { c: value }), String(value)).toBe('');
    for (const value of ['#12', '#1234567', 'zzz', 'cmyk(0, 0, 0, 1)']) {
      const { output, errors } = execute('{c|color-weight}', { c: value });
      expect(output, value).toBe('');
      expect(errors.map((e) => e.message)).toEqual(['Invalid color model']);
    }
  });
});

describe('comments', () => {
  const item = { id: 'i"1', fullUrl: '/blog/<post>', publicCommentCount: 0, commentState: 1 };

  it('counts "No Comments", singular and plural, whatever the count field holds', () => {
    const count = (n: unknown) => render('{@|comment-count}', { publicCommentCount: n });
    expect([0, 1, 2, '3', -4, 'many', null, 1.5].map(count)).toEqual([
      'No Comments',
      '1 Comment',
      '2 Comments',
      '3 Comments',
      'No Comments',
      'No Comments',
      'No Comments',
      '1 Comment',
    ]);
  });

  it('escapes the link and the thread container, each on lines of its own as the platform writes them', () => {
    expect(render('{item|comment-link}', { item })).toBe(
      '\n  <a href="/blog/&lt;post&gt;#comments-i&quot;1" class="sqs-comment-link" data-id="i&quot;1">\n  No\n  Comments\n  </a>\n',
    );
    expect(render('{item|comments}', { item })).toBe(
      '\n  <div class="squarespace-comments" id="comments-i&quot;1" data-item-id="i&quot;1" data-public-comment-count="0" data-comment-state="1"></div>\n',
    );
  });

  it('prints the count as the data holds it: "No" for exactly 0, the field itself otherwise', () => {
    const label = (n: unknown) =>
      /">\n {2}(.*)\n {2}(Comments?)\n/.exec(render('{@|comment-link}', { publicCommentCount: n }));
    expect([0, 1, '1', 2, '<3>'].map((n) => label(n)?.slice(1).join(' '))).toEqual([
      'No Comments',
      '1 Comment',
      '1 Comments',
      '2 Comments',
      '&lt;3&gt; Comments',
    ]);
  });

  it('is empty for what is not an item (without Disqus)', () => {
    expect(render('{x|comment-link}{x|comments}{x|like-button}{x|social-button-inline}', { x: 'text' })).toBe('');
  });

  it('leaves comments to Disqus when the site names it', () => {
    const settings = { websiteSettings: { disqusShortname: 'site' }, item };
    expect(render('{item|comments}', settings)).toBe(
      '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n',
    );
    expect(render('{.section item}{.disqus?}d{.end}{.end}', settings)).toBe('d');
    // The predicate reads the other spelling too; the formatters, as the platform's, this one only.
    const other = { websiteSettings: { disqusShortName: 'site' }, item };
    expect(render('{.section item}{.disqus?}d{.end}{.end}', other)).toBe('d');
  });
});

describe('like-button and share buttons', () => {
  it('writes the like count as the item holds it, and nothing when liking is off', () => {
    const data = { websiteSettings: { simpleLikingEnabled: 'true' }, item: { id: 'x' } };
    expect(render('{item|like-button}', data)).toContain('data-item-id="x" data-like-count=""');
    expect(render('{item|like-button}', { ...data, item: { id: 'x', likeCount: 0 } })).toContain('data-like-count="0"');
    expect(render('{item|like-button}', { ...data, websiteSettings: { simpleLikingEnabled: false } })).toBe('');
  });

  it('prefers the system data id to the main image id, and escapes', () => {
    const out = render('{@|social-button-inline}', {
      website: { shareButtonOptions: { facebook: true } },
      systemDataId: 's',
      mainImageId: 'm',
      title: '"A" & <B>',
    });
    expect(out).toContain('data-system-data-id="s"');
    expect(out).toContain('data-title="&quot;A&quot; &amp; &lt;B&gt;"');
    expect(render('{@|social-button-inline}', { website: { shareButtonOptions: [] }, mainImageId: 'm' })).toBe('');
  });
});

describe('twitter', () => {
  it('follows the user name, else the last segment of the profile URL, else nothing', () => {
    expect(render('{@|twitter-follow-button}', { profileUrl: 'https://twitter.com/foo/?lang=en' })).toContain(
      'data-username="foo"',
    );
    expect(render('{@|twitter-follow-button}', { userName: '"><x' })).toContain('data-username="&quot;&gt;&lt;x"');
    expect(render('{@|twitter-follow-button}', {})).toBe('');
    expect(render('{@|twitter-follow-button}', { userName: 42 })).toBe('');
  });

  it('links URLs, handles and hashtags but not e-mail addresses or character references', () => {
    expect(render('{t|activate-twitter-links}', { t: 'see http://x.com/a?b=1 foo@bar.com &#39;#a @b_1, #c-d' })).toBe(
      'see <a target="new" href="http://x.com/a?b=1">http://x.com/a?b=1</a> foo@bar.com &#39;' +
        '<a target="new" href="https://twitter.com/hashtag/a?src=hash">#a</a> ' +
        '<a target="new" href="https://twitter.com/b_1/">@b_1</a>, ' +
        '<a target="new" href="https://twitter.com/hashtag/c?src=hash">#c</a>-d',
    );
    expect(render('{t|activate-twitter-links}', { t: 12 })).toBe('');
  });
});

describe('google-calendar-url', () => {
  const event = { title: 'Tea & cake', startDate: 1384518630000, endDate: 1384518716400 };

  it('encodes the title and the non-empty address parts', () => {
    expect(
      render('{@|google-calendar-url}', {
        ...event,
        location: { addressLine1: ' ', addressLine2: 'Hall B', addressCountry: 'US' },
      }),
    ).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Tea%20%26%20cake&dates=20131115T123030Z/20131115T123156Z&location=Hall%20B%2C%20US',
    );
  });

  it('is empty without both dates, or with dates no calendar holds', () => {
    expect(render('{@|google-calendar-url}', { ...event, endDate: undefined })).toBe('');
    expect(render('{@|google-calendar-url}', { ...event, startDate: 'soon' })).toBe('');
    expect(render('{@|google-calendar-url}', { ...event, endDate: 1e300 })).toBe('');
  });
});

describe('image, image-meta, child-image-meta, cover-image-meta', () => {
  const image = { id: 'i', assetUrl: '/a.jpg?x=1&y="2"', originalSize: '30x20', title: 'T <1>' };

  it('escapes URLs, sizes and alt texts; focal points as given, the centre when one is no number', () => {
    expect(render('{@|image-meta}', { ...image, mediaFocalPoint: { x: 2, y: 0.1 } })).toBe(
      'data-src="/a.jpg?x=1&amp;y=&quot;2&quot;" data-image="/a.jpg?x=1&amp;y=&quot;2&quot;"' +
        ' data-image-dimensions="30x20" data-image-focal-point="2,0.1" alt="T &lt;1&gt;" ',
    );
    expect(render('{@|image-meta}', { mediaFocalPoint: { x: 'a' } })).toContain('focal-point="0.5,0.5"');
  });

  it('takes the alt text from altText only inside an image block, else title, description, file name', () => {
    const alt = (data: unknown) => /alt="([^"]*)"/.exec(render('{img|image-meta}', data))?.[1];
    expect(alt({ img: { altText: ' A ', title: 'T' }, blockType: 5 })).toBe('A');
    expect(alt({ img: { altText: 'A', title: 'T' }, blockType: 8 })).toBe('T');
    expect(alt({ img: { title: '', body: '<p>x</p>', filename: 'f.jpg' } })).toBe(' x ');
    expect(alt({ img: { title: 7, body: ['x'], filename: 'f.jpg' } })).toBe('7');
    expect(alt({ img: { title: 0, body: ['x'], filename: 'f.jpg' } })).toBe('f.jpg');
    expect(alt({ img: { title: { a: 1 }, filename: 'f.jpg' } })).toBe('');
    expect(alt({ img: { filename: 4 } })).toBe('4');
    expect(alt({ img: { body: `${'word '.repeat(300)}` } })).toHaveLength(250);
  });

  it('caps a title or file name used as alt text at 1000 characters', () => {
    const alt = (data: unknown) => /alt="([^"]*)"/.exec(render('{img|image-meta}', data))?.[1];
    expect(alt({ img: { title: 't'.repeat(1500) } })).toBe('t'.repeat(1000));
    expect(alt({ img: { filename: `${'f'.repeat(1200)}.jpg` } })).toBe('f'.repeat(1000));
    expect(alt({ img: { title: 't'.repeat(1000) } })).toHaveLength(1000);
  });

  it('writes the licensed-preview mark and the component key after the class', () => {
    expect(render('{@|image}', { ...image, licensedAssetPreview: {}, componentKey: 'k"' })).toContain(
      '<img class="thumb-image" data-licensed-asset-preview="true" data-component-key="k&quot;" data-src=',
    );
    expect(render('{@|image "x}', image)).toContain('<img class="&quot;x" data-src=');
  });

  it('is empty for items that are not there; other values get empty attributes, as on the platform', () => {
    expect(render('{v|image}{v|image-meta}', {})).toBe('');
    expect(render('{v|image-meta}|{@|cover-image-meta}', { v: null, coverImage: null })).toBe(
      'data-src="" data-image="" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="" |' +
        'data-src="" data-image="" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="" ',
    );
    expect(render('{v|image}', { v: null })).toContain('<img class="thumb-image" data-src="" ');
    for (const value of ['x', 3, [image]]) {
      expect(render('{v|image-meta}', { v: value })).toContain('data-src="" ');
    }
    expect(render('{@|child-image-meta 1}', { items: [image] })).toBe('');
    expect(render('{@|child-image-meta -1}{@|child-image-meta x}{@|child-image-meta 0.5}', { items: [image] })).toBe(
      '',
    );
    expect(render('{@|child-image-meta}', { items: 'x' })).toBe('');
  });
});

describe('image-srcset', () => {
  it('lists the widths in their order, the original one standard width above the last', () => {
    expect(render('{@|image-srcset}', { assetUrl: '/a', systemDataVariants: '300w,100w,900w,12x9' })).toBe(
      ' srcset="/a?format=300w 300w,/a?format=100w 100w,/a?format=900w 900w"',
    );
    expect(render('{@|image-srcset}', { assetUrl: '/a', systemDataVariants: '900w,100w' })).toBe(
      ' srcset="/a?format=900w 900w,/a?format=100w 100w,/a?format=original 300w"',
    );
    expect(render('{@|image-srcset}', { systemDataVariants: 'w,,2500w' })).toBe(
      ' srcset="?format=w w,?format=2500w 2500w"',
    );
  });

  it('gives back a value without widths as it is, text escaped', () => {
    expect(render('{@|image-srcset}', { assetUrl: '/a', systemDataVariants: ['100w'] })).toBe('');
    expect(render('{v|image-srcset}|{w|image-srcset|json}', { v: 'x y', w: { systemDataVariants: '12x9' } })).toBe(
      'x y|{"systemDataVariants":"12x9"}',
    );
    expect(render('{v|image-srcset}|{n|image-srcset|json}', { v: '<b a="1">', n: 3 })).toBe(
      '&lt;b a=&quot;1&quot;&gt;|3',
    );
  });
});

describe('sizes', () => {
  it('scales, truncating to whole pixels', () => {
    expect(render('{s|resizedHeightForWidth 1000} {s|resizedWidthForHeight 7}', { s: '3x2' })).toBe('666 10');
    expect(render('{s|squarespaceThumbnailForHeight 600}', { s: '2x1' })).toBe('1500w');
    expect(render('{s|squarespaceThumbnailForWidth 750} {s|squarespaceThumbnailForWidth 751}', {})).toBe('750w 1000w');
  });

  it('prints the platform message for a malformed size, and nothing for unusable arguments', () => {
    for (const s of ['abc', 12, null, '1x', '-1x2', { width: 1 }]) {
      expect(render('{s|resizedHeightForWidth 5}', { s })).toBe("Invalid source parameter. Pass in 'originalSize'");
      expect(render('{s|width}{s|height}', { s })).toBe('');
    }
    expect(
      render('{s|resizedHeightForWidth}{s|resizedWidthForHeight x}{s|resizedHeightForWidth -5}', { s: '2x1' }),
    ).toBe('');
    expect(render('{s|resizedHeightForWidth 5}{s|resizedWidthForHeight 5}', { s: '0x0' })).toBe('');
    expect(render('{s|resizedHeightForWidth 1e308}', { s: '1x9' })).toBe('');
    expect(render('{s|width}x{s|height}', { s: ' 1.5 x 2 ' })).toBe('1.5x2');
  });
});

describe('image-color', () => {
  const image = { colorData: { topLeftAverage: 'abc', centerAverage: 'a0b1c2' } };

  it('writes every sample without arguments, one as a colour or a declaration with them', () => {
    expect(render('{@|image-color}', image)).toBe(
      'data-color-topLeft="#abc" data-color-topRight="#" data-color-bottomLeft="#"' +
        ' data-color-bottomRight="#" data-color-center="#a0b1c2" ',
    );
    expect(render('{@|image-color topLeft background-color}', image)).toBe('background-color: #abc');
    expect(render('{@|image-color <b>}', image)).toBe('"&lt;b&gt;" not found.');
    expect(render('{@|image-color toString}', image)).toBe('"toString" not found.');
    expect(render('{@|image-color}', { colorData: 'x' })).toBe('');
  });

  it('logs "Invalid color model" for a sample that is not hex digits, and writes it escaped', () => {
    const data = { colorData: { topLeftAverage: 'rgb(1, 2, 3)', centerAverage: '"x' } };
    const all = execute('{@|image-color}', data);
    expect(all.output).toContain('data-color-center="#&quot;x"');
    expect(all.errors.map((e) => e.message)).toEqual(['Invalid color model', 'Invalid color model']);
    const one = execute('{@|image-color topLeft color}', data);
    expect(one.output).toBe('color: #rgb(1, 2, 3)');
    expect(one.errors.map((e) => e.message)).toEqual(['Invalid color model']);
  });
});

describe('video and audio', () => {
  it('writes the bare wrapper without an overlay, escaping the embed', () => {
    expect(render('{@|video}', { oembed: { html: '<i a="1">', providerName: 'v' }, overlay: false })).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;i a=&quot;1&quot;&gt;" data-provider-name="v"></div>',
    );
    expect(render('{v|video}{v|audio-player}', { v: 'x' })).toBe('');
  });

  it('writes only the colour samples the video has', () => {
    const out = render('{@|video color-data}', {
      overlay: true,
      mainImageId: 'm',
      colorData: { centerAverage: '555' },
    });
    expect(out).toContain('data-image-focal-point="0.5,0.5" data-color-center="#555" />');
  });

  it('escapes the audio URL and id', () => {
    expect(render('{@|audio-player}', { id: '"', structuredContent: { audioAssetUrl: '<u>' } })).toContain(
      'data-audio-asset-url="&lt;u&gt;" data-item-id="&quot;" id="audio-player-&quot;"',
    );
  });
});

describe('item-classes', () => {
  it('slugs categories, tags and author as slugify does: apostrophes, curly quotes and accents dropped', () => {
    expect(
      render('{@|item-classes}', {
        categories: ['A B!', 'é', 3],
        tags: ['Maker’s Notes', "maker's notes"],
        author: { displayName: 'Zoë O’Brien' },
        recordTypeLabel: 'text',
        starred: 'true',
        recordType: 12,
        structuredContent: { productType: 1, variants: [] },
      }),
    ).toBe(
      'hentry category-a-b category- category-3 tag-makers-notes tag-makers-notes author-zo-obrien post-type-text featured',
    );
  });

  it('numbers items in a repeated section and looks fields up from the item outwards', () => {
    expect(render('{.repeated section a}{@|item-classes};{.end}', { a: [{}, { tags: ['b'] }], tags: ['page'] })).toBe(
      'hentry tag-page post-type- article-index-1;hentry tag-b post-type- article-index-2;',
    );
  });

  it('escapes the post type it writes as sent', () => {
    expect(render('{@|item-classes}', { recordTypeLabel: '"><b>' })).toBe('hentry post-type-&quot;&gt;&lt;b&gt;');
  });
});

describe('AbsUrl', () => {
  it('joins base-url and the path with one slash', () => {
    expect(render('{p|AbsUrl}', { 'base-url': 'https://a.com/', p: '/x' })).toBe('https://a.com/x');
    expect(render('{p|AbsUrl}', { p: 'x' })).toBe('/x');
    expect(render('{p|AbsUrl}', { 'base-url': 'https://a.com', p: {} })).toBe('');
  });
});
