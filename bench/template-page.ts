/**
 * The two pages the template benchmark renders: a 200-product grid (the shop page's cards, with
 * the platform's commerce formatters) and a 100-post blog list.
 */

const ADJECTIVES = ['Oak', 'Wool', 'Copper', 'Linen', 'Slate', 'Cedar', 'Leather', 'Walnut', 'Indigo', 'Ash'];
const NOUNS = ['Notebook', 'Candle', 'Blanket', 'Lantern', 'Mug', 'Tote', 'Shirt', 'Pen'];
const WORDS =
  'the quick brown fox jumps over the lazy dog while a careful maker sands walnut and oils linen "by hand" -- slowly'.split(
    ' ',
  );
const WEBSITE = { siteTitle: 'Field & Forge', baseUrl: 'https://forge.example' };

function words(seed: number, count: number): string {
  return Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
}

const money = (cents: number) => ({ currency: 'USD', value: (cents / 100).toFixed(2) });

/**
 * 200 products shaped like server-mock's `platformItem`: physical, digital and service
 * products; one to three variants, some with varied prices, some on sale, some sold out; a few
 * with a custom button label or an additional-fields form.
 */
export function gridData() {
  const products = Array.from({ length: 200 }, (_, i) => {
    const variantCount = (i % 3) + 1;
    const onSale = i % 4 === 0;
    const variants = Array.from({ length: variantCount }, (_, v) => {
      const price = 1500 + (i % 9) * 250 + (i % 5 === 0 ? v * 500 : 0);
      return {
        id: `SKU-${i}-${v}`,
        sku: `SKU-${i}-${v}`,
        attributes: variantCount > 1 ? { Size: ['S', 'M', 'L'][v] } : {},
        price,
        priceMoney: money(price),
        salePrice: price - 300,
        salePriceMoney: money(price - 300),
        onSale: onSale && v === 0,
        qtyInStock: i % 7 === 3 ? 0 : (i + v) % 6,
        unlimited: i % 10 === 1,
      };
    });
    return {
      id: `prod-${i}`,
      collectionId: 'shop',
      recordType: 11,
      title: `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[i % NOUNS.length]} <No. ${i}>`,
      urlId: `item-${i}`,
      fullUrl: `/shop/p/item-${i}`,
      tags: ['new', 'gift', 'sale', 'eco'].slice(0, i % 4),
      structuredContent: {
        productType: i % 11 === 0 ? 2 : i % 13 === 0 ? 3 : 1,
        priceMoney: money(variants[0]?.price ?? 0),
        onSale: false,
        isSubscribable: false,
        variantOptionOrdering: variantCount > 1 ? ['Size'] : [],
        variants,
        useCustomAddButtonText: i % 17 === 0,
        ...(i % 17 === 0 ? { customAddButtonText: 'Pre-order "now"' } : {}),
        ...(i % 19 === 0
          ? { additionalFieldsFormId: 'form-engraving', additionalFieldsForm: { id: 'form-engraving', fields: [] } }
          : {}),
      },
    };
  });
  return { website: WEBSITE, items: products };
}

/** The shop page's grid (demo-pages/templates/shop.html), with tags and a first-SKU link. */
export const GRID_TEMPLATE = `<!doctype html>
<html><head><title>{website.siteTitle|html}</title>
<script type="application/json" id="data">{website|json}</script></head>
<body>
{.macro product-card}
<li class="card" data-id="{id|htmlattr}">
  <div class="product-image" role="img" aria-label="{title|htmlattr}"></div>
  <h2><a href="{fullUrl|htmlattr}">{title|html}</a></h2>
  {@|product-price}
  {@|product-status}
  {.has-variants?}<a class="card-options" href="{fullUrl|htmlattr}">Choose options<span class="visually-hidden"> for {title|html}</span></a>{.or}{@|add-to-cart-btn}{.end}
  <ul class="tags">{.repeated section tags}<li class="tag-{@|slugify}">{@|capitalize}</li>{.alternates with} {.end}</ul>
  <span class="variants">{structuredContent.variants|count} option{structuredContent.variants|count|pluralize}</span>
  {.var @first structuredContent.variants.0.sku}<a href="/cart?sku={@first|url-encode}">{@first}</a>
</li>
{.end}
<h1>{website.siteTitle|html}</h1>
<p>{items|count} products</p>
<ul class="grid">{.repeated section items}{@|apply product-card}{.end}</ul>
</body></html>`;

/** 100 blog posts. */
export function blogData() {
  const posts = Array.from({ length: 100 }, (_, i) => ({
    id: `post-${i}`,
    title: `Notes from the workshop, part ${i}: "${words(i, 4)}"`,
    author: { displayName: ['Ada', 'Grace', 'Alan', 'Edsger'][i % 4] },
    excerpt: `<p>${words(i, 40)}</p>`,
    body: words(i + 3, 120),
    commentCount: i % 5,
    categories: ['Making', 'Materials', 'News'].slice(0, (i % 3) + 1),
  }));
  return { website: WEBSITE, posts };
}

export const BLOG_TEMPLATE = `<!doctype html>
<html><head><title>{website.siteTitle|html}</title></head>
<body>
<section class="blog">
{.repeated section posts}
<article id="{id}" class="{.odd? @index}odd{.or}even{.end}">
  <h2><a href="/blog/{title|slugify}">{title|smartypants|html}</a></h2>
  <p class="byline">by {author.displayName|html} · {commentCount} comment{commentCount|pluralize}</p>
  <div class="excerpt">{excerpt|safe|truncate 140}</div>
  <p>{body|truncate 300 …|html}</p>
  <p class="cats">{.repeated section categories}<a href="/blog?category={@|url-encode}">{@}</a>{.alternates with}, {.end}</p>
  {.if commentCount}<a href="#comments-{id}">{commentCount|json}</a>{.or}<span>No comments</span>{.end}
</article>
{.end}
</section>
</body></html>`;
