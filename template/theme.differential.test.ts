/**
 * A whole theme of our own, written as the platform's real templates are (template/theme: a site
 * region with navigation and footer, blog list and item, products list and item, events, a
 * gallery, blocks that apply the platform's own partials), rendered against the demo store's
 * data in the shapes the platform sends (themePages, below) by our engine and by the
 * reference engine. Every page comes out byte for byte the same; a page that came to differ would
 * need an entry of the reviewed list (intentional-differences.ts) covering it, and its own check here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { RecordType } from '../contract/enumerations';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { referenceCldr } from './differential-cases';
import { compile, execute } from './index';

interface ReferenceCompiler {
  parse(source: string): { code: unknown };
  execute(props: Record<string, unknown>): { ctx: { render(): string }; errors: { message?: string }[] };
}
const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine') as {
  Compiler: new () => ReferenceCompiler;
};
const reference = new Compiler();

const THEME = new URL('./theme/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, THEME), 'utf8');
const partials = Object.fromEntries(
  readdirSync(new URL('blocks/', THEME)).map((name) => [name, read(`blocks/${name}`)] as const),
);
/** The platform's own partials the theme names; no render here is given them. */
const PLATFORM_PARTIALS = ['sqs-video-background.block', 'sqs-social-links.block', 'sqs-footer-scripts.block'];

// ---- The pages: the demo data in the platform's shapes --------------------------------

/**
 * The page contexts of the theme: the demo store's data (demo-pages/content.json,
 * demo-pages/store.json) in the shapes the platform sends its templates (platform spec, section
 * 3): a website and its settings, a collection with its items or one item, navigation with
 * folders and external links given as objects, image records that carry their own systemDataId.
 * Read as files: template/ imports no demo code.
 */
const demo = (file: string) => JSON.parse(readFileSync(new URL(`../demo-pages/${file}`, import.meta.url), 'utf8'));

/** An entry of the demo data, read as JSON: its fields are what the files hold. */
type DemoEntry = any;

interface DemoImage {
  id: string;
  originalSize?: string;
  width?: number;
  height?: number;
  title?: string;
  label?: string;
  altText?: string;
  alt?: string;
  body?: string;
  mediaFocalPoint?: { x: number; y: number };
  colorData?: Record<string, string>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const WIDTHS = '100w,300w,500w,750w,1000w,1500w,2500w';

/** An image record as the platform sends it: its own id as `systemDataId`, no `mainImageId`. */
function imageRecord(image: DemoImage) {
  return {
    id: image.id,
    recordType: RecordType.IMAGE,
    systemDataId: image.id,
    assetUrl: `https://images.example.com/${image.id}/${image.id}.jpg`,
    originalSize: image.originalSize ?? `${image.width}x${image.height}`,
    systemDataVariants: `${image.originalSize ?? `${image.width}x${image.height}`},${WIDTHS}`,
    mediaFocalPoint: image.mediaFocalPoint ?? { x: 0.5, y: 0.5 },
    ...(image.colorData ? { colorData: image.colorData } : {}),
    title: image.title ?? image.label ?? '',
    altText: image.altText ?? image.alt ?? '',
    body: image.body ?? '',
    filename: `${image.id}.jpg`,
  };
}

/** What an item naming its main image carries: the id twice, the URL, and the image itself. */
function mainImageFields(image: DemoImage | undefined) {
  if (!image) return {};
  const record = imageRecord(image);
  return { mainImageId: image.id, systemDataId: image.id, assetUrl: record.assetUrl, mainImage: record };
}

/** The pages of the theme, each with the data its template is rendered against. */
function themePages(now: number) {
  const content = demo('content.json');
  const store = demo('store.json');
  const images = new Map<string, DemoImage>(content.images.map((image: DemoImage) => [image.id, image]));
  const day = Math.floor(now / DAY) * DAY;

  const website = {
    id: store.website.id,
    siteTitle: store.website.title,
    baseUrl: 'https://fieldandforge.example.com',
    timeZone: 'UTC',
    shareButtonOptions: content.shareButtonOptions,
    // The owner filled in no social accounts and no video background: the theme's branches for them do not run.
    socialAccounts: [],
  };
  const websiteSettings = { ...content.websiteSettings, storeSettings: store.website.storeSettings };
  const collections = {
    journal: { id: 'journal', title: 'Journal', navigationTitle: 'Journal', urlId: 'journal', typeName: 'blog' },
    shop: { id: 'shop', title: 'Shop', navigationTitle: 'Shop', urlId: 'shop', typeName: 'products' },
    events: { id: 'events', title: 'Events', navigationTitle: 'Events', urlId: 'events', typeName: 'events' },
    gallery: {
      id: 'gallery',
      title: content.gallery.title,
      navigationTitle: 'Gallery',
      urlId: 'gallery',
      typeName: 'gallery',
    },
  };
  const withUrl = <T extends { urlId: string }>(c: T) => ({ ...c, fullUrl: `/${c.urlId}`, type: 1 });

  /** The main navigation: pages, a folder of two, and external links as the platform sends them (objects). */
  const navigation = (active: string) => ({
    items: [
      ...['shop', 'journal', 'events'].map((key) => ({
        active: key === active,
        collection: withUrl(collections[key as keyof typeof collections]),
      })),
      {
        folderActive: active === 'gallery',
        collection: { id: 'more', navigationTitle: 'More', folder: true, folderBehavior: 1, fullUrl: '/more' },
        items: [
          { active: active === 'gallery', collection: withUrl(collections.gallery) },
          { externalLink: { url: 'https://instagram.example.com/fieldandforge', title: 'Instagram', newWindow: true } },
        ],
      },
      { externalLink: { url: '/cart', title: 'Cart' } },
    ],
  });

  const page = (key: keyof typeof collections, extra: Record<string, unknown>) => ({
    website,
    websiteSettings,
    'base-url': website.baseUrl,
    collection: withUrl(collections[key]),
    navigation: navigation(key),
    ...extra,
  });

  // Each post as the demo data holds it, less its own bookkeeping (age, image id, media), plus the platform's fields.
  const posts = content.journal.map(
    ({ daysAgo, author, mainImageId, video: _video, audio: _audio, ...post }: DemoEntry) => ({
      ...post,
      collectionId: 'journal',
      recordType: RecordType.TEXT,
      recordTypeLabel: 'text',
      fullUrl: `/journal/${post.urlId}`,
      publishOn: day - daysAgo * DAY + 15 * HOUR,
      author: { id: author.toLowerCase().replace(/\W+/g, '-'), displayName: author },
      ...mainImageFields(images.get(mainImageId)),
    }),
  );

  const products = store.products.map((product: DemoEntry) => {
    const productImages = (product.images ?? []).map(imageRecord);
    const [first] = productImages;
    const money = (cents: number) => ({ currency: 'USD', value: (cents / 100).toFixed(2) });
    return {
      id: product.id,
      collectionId: 'shop',
      recordType: RecordType.STORE_ITEM,
      recordTypeLabel: 'store-item',
      urlId: product.slug,
      fullUrl: `/shop/p/${product.slug}`,
      title: product.name,
      excerpt: `<p>${product.description}</p>`,
      items: productImages,
      ...(first ? { mainImageId: first.id, systemDataId: first.id, assetUrl: first.assetUrl } : {}),
      structuredContent: {
        productType: product.productType,
        isSubscribable: product.isSubscribable ?? false,
        ...(product.subscriptionPlan ? { subscriptionPlan: product.subscriptionPlan } : {}),
        variantOptionOrdering: product.variantOptionOrdering ?? [],
        variants: product.variants.map(
          ({ sku, attributes, priceCents, qtyInStock, unlimited, mainImageId }: DemoEntry) => ({
            id: sku,
            sku,
            attributes,
            optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
            price: priceCents,
            priceMoney: money(priceCents),
            salePrice: 0,
            salePriceMoney: money(0),
            onSale: false,
            qtyInStock: qtyInStock ?? 0,
            unlimited: unlimited ?? false,
            ...(mainImageId ? { mainImageId } : {}),
          }),
        ),
        // A digital product carries its price itself.
        ...(product.productType === 2 ? { priceMoney: money(product.variants[0].priceCents) } : {}),
      },
    };
  });

  const events = content.events
    .map(({ startsInDays, durationHours, startHourUtc, mainImageId, location, ...event }: DemoEntry) => {
      const startDate = day + startsInDays * DAY + startHourUtc * HOUR;
      return {
        ...event,
        collectionId: 'events',
        recordType: RecordType.EVENT,
        recordTypeLabel: 'event',
        fullUrl: `/events/${event.urlId}`,
        startDate,
        endDate: startDate + durationHours * HOUR,
        location: { ...location, mapZoom: 14 },
        ...mainImageFields(images.get(mainImageId)),
      };
    })
    .sort((a: DemoEntry, b: DemoEntry) => a.startDate - b.startDate);

  const gallery = content.gallery.imageIds.map((id: string) => imageRecord(images.get(id) as DemoImage));

  const [firstPost, secondPost] = posts;
  const linenShirt = products.find((p: DemoEntry) => p.urlId === 'linen-shirt');
  return [
    { name: 'blog list', template: 'blog.list', json: page('journal', { items: posts, pagination: { pageSize: 20 } }) },
    {
      name: 'blog item',
      template: 'blog.item',
      json: page('journal', {
        item: firstPost,
        pagination: { nextItem: { fullUrl: secondPost.fullUrl, title: secondPost.title } },
      }),
    },
    { name: 'products list', template: 'products.list', json: page('shop', { items: products }) },
    ...products.map((product: DemoEntry) => ({
      name: `product ${product.urlId}`,
      template: 'products.item',
      json: page('shop', { item: product === linenShirt ? { ...product, starred: true } : product }),
    })),
    {
      name: 'events list',
      template: 'events.list',
      json: page('events', {
        upcoming: events.filter((e: DemoEntry) => e.endDate >= now),
        past: events.filter((e: DemoEntry) => e.endDate < now).reverse(),
      }),
    },
    {
      name: 'gallery',
      template: 'gallery.list',
      json: page('gallery', { items: gallery, options: content.gallery.options }),
    },
  ];
}

const NOW = Date.UTC(2026, 11, 1, 12);

function ours(source: string, json: unknown) {
  const compiled = compile(source, { partials: Object.keys(partials) });
  const { output, errors } = execute(compiled.code, json, { partials, now: NOW, locale: 'en-US' });
  return { output, errors: [...compiled.errors, ...errors].map((e) => e.message), warnings: compiled.warnings };
}

function theirs(source: string, json: unknown) {
  const { code } = reference.parse(source);
  const cldr = referenceCldr('en-US');
  const result = reference.execute({ code, json, partials, cldr, now: NOW, enableExpr: true, enableInclude: true });
  return { output: result.ctx.render(), errors: result.errors.map((e) => e.message ?? '') };
}

/** A page as the platform serves it: its list or item template, then the site region around it. */
function renderPage(render: typeof ours | typeof theirs, template: string, json: Record<string, unknown>) {
  const main = render(read(template), json);
  const page = render(read('site.region'), { ...json, squarespace: { 'main-content': main.output } });
  return { output: page.output, errors: [...main.errors, ...page.errors] };
}

const pages = themePages(NOW);

describe('a theme written as the platform writes its own, against the reference engine', () => {
  it('compiles without errors; the platform partials it names are warnings, not failures', () => {
    const names = [...readdirSync(THEME).filter((f) => /\.(region|list|item)$/.test(f)), ...Object.keys(partials)];
    const warned = new Set<string>();
    for (const name of names) {
      const source = name.endsWith('.block') ? partials[name] : read(name);
      const { errors, warnings } = compile(source as string, { partials: Object.keys(partials) });
      expect(errors, name).toEqual([]);
      for (const w of warnings) warned.add(/'([^']+)'/.exec(w.message)?.[1] ?? w.message);
    }
    expect([...warned].sort()).toEqual([...PLATFORM_PARTIALS].sort());
  });

  it.each(pages.map((page) => [page.name, page] as const))('%s: the same bytes as the reference', (_name, page) => {
    const mine = renderPage(ours, page.template, page.json);
    const reference = renderPage(theirs, page.template, page.json);
    // No branch that names a platform partial runs on the demo data: no render reports one.
    expect(mine.errors).toEqual([]);
    expect(reference.errors).toEqual([]);
    expect(mine.output).toBe(reference.output);
    expect(mine.output).toContain('<main id="page" role="main">');
  });

  it("reads the shapes the platform sends: link objects, image records, each page's own markup", () => {
    const output = (name: string) => {
      const page = pages.find((p) => p.name === name);
      return page ? renderPage(ours, page.template, page.json).output : '';
    };
    // Navigation: external links are objects; a folder lists its pages.
    expect(output('blog list')).toContain('<a href="https://instagram.example.com/fieldandforge" target="_blank"');
    expect(output('blog list')).toContain('<span class="folder-title">More</span>');
    expect(output('blog list')).toMatch(/class="hentry category-news tag-markets tag-events author-mara-field/);
    expect(output('blog list')).toContain('class="sqs-comment-link"');
    expect(output('blog item')).toContain('<div class="squarespace-comments" id="comments-post-winter-market"');
    // Gallery images are image records: a systemDataId and no mainImageId.
    expect(output('gallery').match(/<img data-src=/g)?.length).toBe(6);
    expect(output('events list')).toContain('href="http://www.google.com/calendar/event?action=TEMPLATE&text=Winter');
    expect(output('product linen-shirt')).toContain('<select');
    expect(output('products list')).toContain('class="product hentry');
  });
});
