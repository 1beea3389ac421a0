import { LAYOUT_GRID_COLUMNS } from '../../contract/limits';
import { describe, expect, it, vi } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { RecordType } from '../../contract/enumerations';
import { IMAGE_WIDTHS } from '../../contract/product-images';
import {
  contentLimitProblems,
  contentTerms,
  eventLists,
  galleryBlock,
  galleryOverrides,
  journalItems,
} from '../pages/content-pages';

const store = storePerTest();

async function page(path: string): Promise<string> {
  const response = await store.app.request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-security-policy')).toContain("style-src 'self'");
  return response.text();
}

/** Every `<img …>` tag of a page. */
function images(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
}

describe('content pages', () => {
  it.each(['/journal', '/journal/winter-market', '/journal/indigo-vat', '/events', '/gallery'])(
    '%s carries the cart pill, no inline style or script, and images with srcset and a size',
    async (path) => {
      const html = await page(path);
      expect(html).toContain('<store-cart-pill></store-cart-pill>');
      expect(html).toContain('<link rel="stylesheet" href="/content.css">');
      expect(html).not.toMatch(/\sstyle=/);
      expect(html).not.toMatch(/\son[a-z]+=/);
      for (const script of html.match(/<script\b[^>]*>/g) ?? [])
        expect(script).toMatch(/nonce=|type="application\/json"/);
      const imgs = images(html);
      expect(imgs.length).toBeGreaterThan(0);
      for (const img of imgs) {
        expect(img).toMatch(/\ssrcset="[^"]+ 100w,/);
        expect(img).toMatch(/\swidth="\d+" height="\d+"/);
        expect(img).toMatch(/\salt="[^"]+"/);
      }
    },
  );

  it('the home page links to each content page', async () => {
    const html = await page('/');
    for (const path of ['/journal', '/events', '/gallery']) expect(html).toContain(`href="${path}"`);
  });

  it('the journal lists posts with comment counts, likes and share buttons', async () => {
    const html = await page('/journal');
    expect(html.match(/<article class="hentry/g)).toHaveLength(3);
    expect(html).toMatch(/4\s+Comments\s+<\/a>/);
    expect(html).toContain('No Comments');
    expect(html).toContain('data-like-count="42"');
    expect(html).toContain('class="squarespace-social-buttons inline-style"');
  });

  it('a post renders its video and audio blocks; an unknown post is not found', async () => {
    expect(await page('/journal/winter-market')).toContain('<div class="sqs-video-wrapper" data-html=');
    const audio = await page('/journal/indigo-vat');
    expect(audio).toContain('<audio controls preload="none" src="/media/indigo-vat.wav">');
    const wav = await store.app.request('/media/indigo-vat.wav');
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    expect(new TextDecoder().decode((await wav.arrayBuffer()).slice(0, 4))).toBe('RIFF');
    expect((await store.app.request('/journal/nope')).status).toBe(404);
  });

  it("a post's store context names it a text item without a product type", async () => {
    const html = await page('/journal/indigo-vat');
    const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    const { item } = JSON.parse(json ?? 'null') as { item: Record<string, unknown> };
    expect(item.recordType).toBe(RecordType.TEXT);
    expect(item).not.toHaveProperty('productType');
  });

  it('events show their dates, location and a calendar link', async () => {
    // Relative times depend on the hour: a fixed now (11:00 in New York) keeps them still.
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 20, 16), toFake: ['Date'] });
    const html = await page('/events');
    expect(html).toContain('http://www.google.com/calendar/event?action=TEMPLATE&amp;text=Winter%20market%20stall');
    expect(html).toContain('1 Market Street');
    expect(html).toMatch(/\(in 9 days\)/);
    expect(html).toMatch(/\(12 days ago\)/);
  });

  it('serves content images in every width of the table', async () => {
    for (const width of IMAGE_WIDTHS) {
      const response = await store.app.request(`/img/content-kiln.svg?format=${width}w`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(
        new RegExp(`^<svg [^>]*width="${width}" height="${Math.round(width * 1.25)}"`),
      );
    }
  });
});

describe('journal terms', () => {
  it('hold categories to 25 characters and tags to 50, as product terms are', () => {
    expect(contentTerms('category', ['é'.repeat(25)])).toEqual(['é'.repeat(25)]);
    expect(() => contentTerms('category', ['News', 'x'.repeat(26)])).toThrow(/longer than 25 characters/);
    expect(contentTerms('tag', ['x'.repeat(50)])).toEqual(['x'.repeat(50)]);
    expect(() => contentTerms('tag', ['x'.repeat(51)])).toThrow(/longer than 50 characters/);
  });

  it("the demo journal's terms are within them", () => {
    for (const post of journalItems(Date.UTC(2026, 0, 1))) {
      for (const name of post.categories) expect([...name].length).toBeLessThanOrEqual(25);
      for (const name of post.tags) expect([...name].length).toBeLessThanOrEqual(50);
    }
  });
});

describe('event dates', () => {
  it('keep upcoming events upcoming, whenever now is', () => {
    for (const now of [Date.UTC(2026, 0, 1), Date.UTC(2031, 6, 15, 23, 59)]) {
      const { upcoming, past } = eventLists(now);
      expect(upcoming.map((e) => e.id)).toEqual(['event-winter-market', 'event-indigo-workshop']);
      expect(past.map((e) => e.id)).toEqual(['event-open-studio', 'event-summer-fair']);
      for (const event of upcoming) expect(event.startDate).toBeGreaterThan(now);
    }
  });
});

describe('the gallery settings', () => {
  it('take valid QA overrides from the query and ignore the rest', () => {
    expect(galleryOverrides({ design: 'slideshow', autoplay: 'true', padding: '99', 'meta-position': 'top' })).toEqual({
      design: 'slideshow',
      autoplay: true,
      'meta-position': 'top',
    });
    expect(galleryOverrides({ design: 'carousel' })).toEqual({});
  });

  it('name the layout: design, aspect ratio, meta position, columns and padding', () => {
    expect(galleryBlock({}).classes).toBe(
      'sqs-gallery-block gallery-design-grid gallery-aspect-standard gallery-meta-bottom-left gallery-align-center ' +
        'gallery-columns-3 gallery-padding-20 gallery-auto-crop gallery-square-thumbs',
    );
    expect(galleryBlock({ design: 'slider', padding: '34' }).classes).toContain('gallery-design-slider');
    expect(galleryBlock({ design: 'slider', padding: '34' }).classes).toContain('gallery-padding-30');
  });

  it.each(['grid', 'slideshow', 'slider', 'stacked'])('render the %s design', async (design) => {
    const html = await page(`/gallery?design=${design}`);
    expect(html).toContain(`gallery-design-${design}`);
    const carousel = design === 'slideshow' || design === 'slider';
    expect(html.includes('class="gallery-thumbnails"')).toBe(carousel);
    expect(html.includes('class="gallery-prev"')).toBe(carousel);
    expect(html.match(/class="gallery-open"/g)).toHaveLength(6);
    expect((html.match(/<li class="gallery-item[^>]*\shidden>/g) ?? []).length).toBe(design === 'slideshow' ? 5 : 0);
  });
});

describe('gallery limits', () => {
  const images = (n: number) => Array.from({ length: n }, (_, i) => `img-${i}`);

  it('takes 20 galleries of 50 images, and names the limit past either', () => {
    expect(contentLimitProblems({ galleries: Array.from({ length: 20 }, () => ({ imageIds: images(50) })) })).toEqual(
      [],
    );
    expect(contentLimitProblems({ galleries: [{ imageIds: images(51) }] })).toEqual([
      'A gallery holds at most 50 images.',
    ]);
    expect(contentLimitProblems({ galleries: Array.from({ length: 21 }, () => ({ imageIds: [] })) })).toEqual([
      'A site holds at most 20 galleries.',
    ]);
  });

  it('frames the slider at the default aspect ratio, 50', async () => {
    const html = await (await store.visitor().call('GET', '/gallery?design=slider')).text();
    expect(html).toMatch(/class="sqs-gallery-block gallery-design-slider [^"]*gallery-slider-aspect-50/);
    const grid = await (await store.visitor().call('GET', '/gallery?design=grid')).text();
    expect(grid).not.toContain('gallery-slider-aspect');
  });
});

describe('the layout grid', () => {
  it('lays journal entries and events on the default grid of 12 columns', async () => {
    const journal = await (await store.visitor().call('GET', '/journal')).text();
    expect(journal).toMatch(/<article class="[^"]*journal-entry layout-grid-12"/);
    const events = await (await store.visitor().call('GET', '/events')).text();
    expect(events).toMatch(/<li class="[^"]*event layout-grid-12"/);
    expect(LAYOUT_GRID_COLUMNS).toBe(12);
  });
});
