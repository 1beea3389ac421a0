import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance';
import { execute } from '../index';

const VECTORS = new URL('../../../shared/vectors/template/plugins/resources/', import.meta.url).pathname;

function render(template: string, data: unknown, options: { locale?: string } = {}): string {
  const { output, errors } = execute(template, data, options);
  expect(errors).toEqual([]);
  return output;
}

// The public vectors live beside the repo (../shared); without them there is nothing to run.
describe.skipIf(!existsSync(VECTORS))('shared vectors', () => {
  it('passes every vector of the content and social areas', () => {
    const ours = runConformance([VECTORS]).filter((r) => r.area === 'content' || r.area === 'social');
    expect(ours.filter((r) => r.area === 'social')).toHaveLength(18);
    const notPassing = ours.filter((r) => r.outcome === 'fail').map((r) => `${r.file}: ${r.detail ?? r.outcome}`);
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

  it('is empty for anything else', () => {
    for (const value of ['#12', '#1234567', 'zzz', 12, null, {}, ['#fff']])
      expect(render('{c|color-weight}', { c: value }), String(value)).toBe('');
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

  it('escapes the link and the thread container', () => {
    expect(render('{item|comment-link}', { item })).toBe(
      '<a href="/blog/&lt;post&gt;#comments-i&quot;1" class="sqs-comment-link" data-id="i&quot;1">\n  No\n  Comments\n  </a>',
    );
    expect(render('{item|comments}', { item })).toBe(
      '<div class="squarespace-comments" id="comments-i&quot;1" data-item-id="i&quot;1" data-public-comment-count="0" data-comment-state="1"></div>',
    );
  });

  it('is empty for what is not an item (without Disqus)', () => {
    expect(render('{x|comment-link}{x|comments}{x|like-button}{x|social-button-inline}', { x: 'text' })).toBe('');
  });

  it('leaves comments to Disqus when the site names it, in either spelling', () => {
    const settings = { websiteSettings: { disqusShortName: 'site' }, item };
    expect(render('{item|comments}', settings)).toBe('<div class="squarespace-comments" id="disqus_thread"></div>');
    expect(render('{.section item}{.disqus?}d{.end}{.end}', settings)).toBe('d');
  });
});

describe('like-button and share buttons', () => {
  it('writes a zero like count when the item has none, and nothing when liking is off', () => {
    const data = { websiteSettings: { simpleLikingEnabled: 'true' }, item: { id: 'x' } };
    expect(render('{item|like-button}', data)).toContain('data-item-id="x" data-like-count="0"');
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
