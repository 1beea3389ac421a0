/**
 * The page contexts of the theme in this folder: the demo store's data (demo-pages/content.json,
 * demo-pages/store.json) in the shapes the platform sends its templates (platform spec, section
 * 3): a website and its settings, a collection with its items or one item, navigation with
 * folders and external links given as objects, image records that carry their own systemDataId.
 * Read as files: template/ imports no demo code.
 */
import { readFileSync } from 'node:fs';
import { RecordType } from '../../contract/enumerations';

const demo = (file: string) => JSON.parse(readFileSync(new URL(`../../demo-pages/${file}`, import.meta.url), 'utf8'));

/** An entry of the demo data, read as JSON: its fields are what the files hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
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
export function themePages(now: number) {
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
