import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

async function page(path: string): Promise<{ status: number; html: string; context: Record<string, unknown> }> {
  const response = await store.visitor().call('GET', path);
  const html = await response.text();
  const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return { status: response.status, html, context: JSON.parse(json) as Record<string, unknown> };
}

describe('the store context of numbered flags, experiments and site status', () => {
  it('carries the store settings on every page', async () => {
    const { context } = await page('/shop/p/linen-shirt');
    expect(context).toMatchObject({
      enabledFeatures: [40, 50, 64, 66, 68],
      siteStatus: 8,
      experiments: { 'add-button-label': { type: 'AB_TEST', variant: 'control' } },
    });
  });

  it('lets QA product pages set the flags (features=) and the site status (status=); never the shop pages', async () => {
    expect((await page('/qa/p/gift-card?features=64,999,x,40&status=6')).context).toMatchObject({
      enabledFeatures: [64, 40],
      siteStatus: 6,
    });
    expect((await page('/qa/p/gift-card?features=')).context.enabledFeatures).toEqual([]);
    expect((await page('/shop/p/gift-card?features=&status=6')).context).toMatchObject({
      enabledFeatures: [40, 50, 64, 66, 68],
      siteStatus: 8,
    });
  });

  it('links to reviews only while native reviews (66) are on', async () => {
    expect((await page('/qa/p/linen-shirt?features=66')).html).toContain('<a href="#reviews">Reviews</a>');
    expect((await page('/qa/p/linen-shirt?features=64')).html).not.toContain('<a href="#reviews">Reviews</a>');
  });
});

describe('GET /qa/flags', () => {
  it('frames every gate with its flag on and off', async () => {
    const { status, html } = await page('/qa/flags');
    expect(status).toBe(200);
    for (const flag of [40, 50, 66]) {
      const on = new RegExp(`<iframe id="gate-${flag}-on"[^>]*src="([^"]*)"`).exec(html)?.[1] ?? '';
      const off = new RegExp(`<iframe id="gate-${flag}-off"[^>]*src="([^"]*)"`).exec(html)?.[1] ?? '';
      expect(on).toMatch(/features=40,50,56,64,66,68,70/);
      expect(off).toMatch(/features=/);
      expect(off).not.toMatch(new RegExp(`features=[\\d,]*\\b${flag}\\b`));
    }
    const src = (id: string) => new RegExp(`<iframe id="${id}"[^>]*src="([^"]*)"`).exec(html)?.[1] ?? '';
    // The Afterpay and Clearpay frames have Klarna off: it would stand in for them.
    expect(src('gate-64-on')).toBe('/qa/p/linen-shirt?features=40,50,56,64,66,68');
    expect(src('gate-64-off')).toBe('/qa/p/linen-shirt?features=40,50,56,66,68');
    expect(src('gate-68-off')).toBe('/qa/p/linen-shirt?country=GB&amp;currency=GBP&amp;features=40,50,56,64,66');
    // Klarna (70) stands in for Afterpay: both of its frames have Afterpay (64) off.
    expect(src('gate-70-on')).toBe('/qa/p/linen-shirt?features=40,50,56,66,68,70');
    expect(src('gate-70-off')).toBe('/qa/p/linen-shirt?features=40,50,56,66,68');
    expect(html).toContain('<script type="module" src="/qa/flags.js"></script>');
  });

  it('serves its script, which reads the storefront module and window.storefront', async () => {
    const response = await store.visitor().call('GET', '/qa/flags.js');
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(await response.text()).toContain("from '/storefront.js'");
  });
});
