/** The page the template benchmark renders: a 200-product grid and a 100-post blog list. */

const ADJECTIVES = ['Oak', 'Wool', 'Copper', 'Linen', 'Slate', 'Cedar', 'Leather', 'Walnut', 'Indigo', 'Ash'];
const NOUNS = ['Notebook', 'Candle', 'Blanket', 'Lantern', 'Mug', 'Tote', 'Shirt', 'Pen'];
const WORDS =
  'the quick brown fox jumps over the lazy dog while a careful maker sands walnut and oils linen "by hand" -- slowly'.split(
    ' ',
  );

function words(seed: number, count: number): string {
  return Array.from({ length: count }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
}

export function benchData() {
  const products = Array.from({ length: 200 }, (_, i) => ({
    id: `prod-${i}`,
    title: `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[i % NOUNS.length]} <No. ${i}>`,
    fullUrl: `/shop/p/item-${i}`,
    price: 1500 + (i % 9) * 250,
    onSale: i % 4 === 0,
    tags: ['new', 'gift', 'sale', 'eco'].slice(0, i % 4),
    stock: i % 7,
    variants: Array.from({ length: (i % 3) + 1 }, (_, v) => ({
      sku: `SKU-${i}-${v}`,
      attributes: { Size: ['S', 'M', 'L'][v] },
    })),
  }));
  const posts = Array.from({ length: 100 }, (_, i) => ({
    id: `post-${i}`,
    title: `Notes from the workshop, part ${i}: "${words(i, 4)}"`,
    author: { displayName: ['Ada', 'Grace', 'Alan', 'Edsger'][i % 4] },
    excerpt: `<p>${words(i, 40)}</p>`,
    body: words(i + 3, 120),
    commentCount: i % 5,
    categories: ['Making', 'Materials', 'News'].slice(0, (i % 3) + 1),
  }));
  return { website: { siteTitle: 'Field & Forge', baseUrl: 'https://forge.example' }, products, posts };
}

export const BENCH_TEMPLATE = `<!doctype html>
<html><head><title>{website.siteTitle|html}</title>
<script type="application/json" id="data">{website|json}</script></head>
<body>
{.macro product-card}
<li class="card{.if onSale} card--sale{.end}" data-id="{id|htmlattr}">
  <a href="{fullUrl|htmlattr}">{title|html}</a>
  <span class="price">{price|round}</span>
  {.equal? stock 0}<span class="mark">sold out</span>{.or}{.even? stock}<span>{stock} left</span>{.end}{.end}
  <ul class="tags">{.repeated section tags}<li class="tag-{@|slugify}">{@|capitalize}</li>{.alternates with} {.end}</ul>
  <span class="variants">{variants|count} option{variants|count|pluralize}</span>
  {.var @first variants.0.sku}<a href="/cart?sku={@first|url-encode}">{@first}</a>
</li>
{.end}
<h1>{website.siteTitle|html}</h1>
<ul class="grid">{.repeated section products}{@|apply product-card}{.end}</ul>
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
