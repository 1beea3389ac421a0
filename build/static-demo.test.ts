import { describe, expect, it } from 'vitest';
import { DEMO_CONFIG_FILE, DEMO_LOADER_FILE, fileOfPath, staticDemoFiles } from './static-demo';

describe('static demo pages', () => {
  it('renders the shopper pages with the loader instead of /storefront.js, plus stylesheet, images and config', async () => {
    const files = await staticDemoFiles({ apiOrigin: 'http://store.example:4173' });
    const product = files.get('shop/p/linen-shirt/index.html') ?? '';
    expect(product).toContain(`<script type="module" src="/${DEMO_LOADER_FILE}"></script>`);
    expect(product).not.toContain('src="/storefront.js"');
    expect(product).toContain('sqs-add-to-cart-button');
    // No form a static host cannot answer: without JavaScript the page says it needs it.
    expect(product.match(/<noscript>.*?<\/noscript>/gs)).toEqual([
      '<noscript><p class="no-script-note">This demo page needs JavaScript: its store answers from another address.</p></noscript>',
    ]);
    for (const page of [
      'index.html',
      'shop/index.html',
      'cart/index.html',
      'newsletter/index.html',
      'qa/tag/linen-shirt/index.html',
      'journal/index.html',
      'journal/indigo-vat/index.html',
      'events/index.html',
      'gallery/index.html',
    ]) {
      expect(files.has(page), page).toBe(true);
    }
    expect(files.has('config/restock/index.html')).toBe(false);
    expect(files.get('site.css')).toContain('{');
    expect(files.get('content.css')).toContain('.gallery-items');
    expect([...files.keys()].some((f) => /^img\/[\w-]+\.svg$/.test(f))).toBe(true);
    expect(JSON.parse(files.get(DEMO_CONFIG_FILE) ?? '{}')).toEqual({ apiOrigin: 'http://store.example:4173' });
    expect(files.get(DEMO_LOADER_FILE)).toContain("get('api')");
  });

  it('writes each page as a folder index, for pretty URLs on any static server', () => {
    expect(fileOfPath('/')).toBe('index.html');
    expect(fileOfPath('/shop/p/linen-shirt')).toBe('shop/p/linen-shirt/index.html');
  });
});
