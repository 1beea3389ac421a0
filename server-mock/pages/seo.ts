import type { Offer, Product, WithContext } from 'schema-dts';
import { toDecimalString } from '../../contract/currencies';
import { imageAt } from '../../contract/product-images';
import { offerAvailability } from '../../contract/structured-data';
import { variantDescription, type ProductRecord } from '../store/catalog';
import { jsonForHtml } from '../../contract/json-in-html';

/** What search engines and shares read in a page's head. */
export interface PageSeo {
  description: string;
  canonicalUrl?: string;
  ogType: 'website' | 'product' | 'article';
  twitterCard: 'summary' | 'summary_large_image';
  /** An absolute image address for previews. */
  image?: string;
  imageAlt?: string;
  price?: { amount: string; currency: string };
  /** The product's JSON-LD, escaped for the page (see {@link jsonForHtml}). */
  structuredData?: { itemId: string; json: string };
}

/** Longest meta description written; search results cut near it. */
export const DESCRIPTION_MAX = 160;

/** Text of an HTML fragment (tags dropped, entities of the basic five read), spaces collapsed. */
function plainText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** A meta description from text or HTML: plain text, cut at a word before {@link DESCRIPTION_MAX} with "…". */
export function metaDescription(text: string): string {
  const plain = plainText(text);
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  let kept = space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut;
  // Trailing spaces and punctuation go (a loop: a regular expression would retry a long run).
  while (kept !== '' && ' ,.;:'.includes(kept.charAt(kept.length - 1))) kept = kept.slice(0, -1);
  return `${kept}…`;
}

/** The schema.org Product of a catalog product: one Offer per variant, at its price and availability. */
export function productStructuredData(
  product: ProductRecord,
  options: { currency: string; origin: string; brand: string },
): WithContext<Product> {
  const url = `${options.origin}/shop/p/${encodeURIComponent(product.slug)}`;
  const offers: Offer[] = product.variants.map((v) => {
    const named = variantDescription(v.attributes);
    return {
      '@type': 'Offer',
      sku: v.sku,
      ...(named ? { name: `${product.name} (${named})` } : {}),
      price: toDecimalString(v.priceCents, options.currency),
      priceCurrency: options.currency,
      availability: offerAvailability(product.productType, v),
      url,
    };
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: plainText(product.description),
    url,
    ...(product.images.length > 0
      ? { image: product.images.map((i) => `${options.origin}${imageAt(i.url, 1000)}`) }
      : {}),
    ...(product.variants.length === 1 && product.variants[0] ? { sku: product.variants[0].sku } : {}),
    brand: { '@type': 'Brand', name: options.brand },
    offers,
  };
}

/** The head of a product page: its description, preview image, price and JSON-LD. */
export function productSeo(
  product: ProductRecord,
  options: { currency: string; origin: string; brand: string },
): Partial<PageSeo> {
  const first = product.images[0];
  const lowest = Math.min(...product.variants.map((v) => v.priceCents));
  return {
    description: metaDescription(product.description || product.name),
    ogType: 'product',
    twitterCard: first ? 'summary_large_image' : 'summary',
    ...(first ? { image: `${options.origin}${imageAt(first.url, 1000)}`, imageAlt: first.alt || product.name } : {}),
    ...(Number.isFinite(lowest)
      ? { price: { amount: toDecimalString(lowest, options.currency), currency: options.currency } }
      : {}),
    structuredData: { itemId: product.id, json: jsonForHtml(productStructuredData(product, options)) },
  };
}
