import { html, jsonForScript, raw, type SafeHtml } from './html';

export interface SiteInfo {
  id: string;
  title: string;
  selectedCurrency: string;
  multipleQuantityAllowedForServices: boolean;
}

const PAGE_STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a;background:#fbfaf7}
a{color:#0b4fb3}
.site-header{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:1rem 1.5rem;border-bottom:1px solid #e4e1d8;background:#fff}
.site-title{font-weight:700;font-size:1.25rem;text-decoration:none;color:inherit}
.site-nav a{margin-left:1rem}
main{max-width:72rem;margin:0 auto;padding:2rem 1.5rem 6rem}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2.5rem}
.product-image{aspect-ratio:4/5;border-radius:8px;background:linear-gradient(135deg,#e9e4d8,#cfc6b0)}
.product-price{font-size:1.25rem;margin:.25rem 0 1rem}
.product-mark{display:inline-block;padding:.1rem .5rem;border-radius:3px;background:#1a1a1a;color:#fff;font-size:.85rem;text-transform:uppercase;letter-spacing:.05em}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1.5rem;list-style:none;padding:0}
.card{display:grid;gap:.5rem;padding:1rem;border:1px solid #e4e1d8;border-radius:8px;background:#fff}
.card h2{font-size:1.05rem;margin:0}
.card .product-image{aspect-ratio:1}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e4e1d8}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:432px){.product{grid-template-columns:1fr}}
`;

/** The page frame of the demo store: header with the cart pill, the store context, the one script. */
export function layout(site: SiteInfo, title: string, body: SafeHtml, options: { cartPill?: boolean } = {}): string {
  const context = {
    websiteId: site.id,
    storeSettings: {
      selectedCurrency: site.selectedCurrency,
      multipleQuantityAllowedForServices: site.multipleQuantityAllowedForServices,
    },
  };
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="icon" href="data:," />
      <title>${title} · ${site.title}</title>
      <style>
        ${raw(PAGE_STYLES)}
      </style>
      <script type="application/json" id="store-context">
        ${jsonForScript(context)}
      </script>
      <script type="module" src="/storefront.js"></script>
    </head>
    <body>
      <header class="site-header">
        <a class="site-title" href="/">${site.title}</a>
        <nav class="site-nav" aria-label="Main"><a href="/shop">Shop</a><a href="/cart">Cart</a></nav>
        ${options.cartPill === false ? '' : html`<store-cart-pill></store-cart-pill>`}
      </header>
      <main id="main">${body}</main>
    </body>
  </html>`}`;
}
