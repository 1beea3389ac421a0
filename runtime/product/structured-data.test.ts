import { afterEach, describe, expect, it } from 'vitest';
import { syncOfferAvailability } from './structured-data';

const IN = 'https://schema.org/InStock';
const OUT = 'https://schema.org/OutOfStock';

function page(offers: { sku: string; availability: string }[], name = 'Mug </script> & co') {
  const data = { '@context': 'https://schema.org', '@type': 'Product', name, offers };
  document.head.innerHTML = `<script type="application/ld+json" data-item-id="p1">${JSON.stringify(data).replace(/</g, '\\u003c').replace(/&/g, '\\u0026')}</script>`;
  return document.head.querySelector('script') as HTMLScriptElement;
}
const offersOf = (script: HTMLScriptElement) =>
  (JSON.parse(script.textContent ?? '{}') as { offers: { sku: string; availability: string }[] }).offers;

afterEach(() => {
  document.head.innerHTML = '';
});

describe("keeping a product page's Offers true", () => {
  it('sets each Offer to the availability of its sku as the stock call answered', () => {
    const script = page([
      { sku: 'A', availability: IN },
      { sku: 'B', availability: OUT },
      { sku: 'C', availability: IN },
    ]);
    syncOfferAvailability('p1', 1, [
      { sku: 'A', unlimited: false, qtyInStock: 0 },
      { sku: 'B', unlimited: false, qtyInStock: 3 },
    ]);
    expect(offersOf(script)).toEqual([
      { sku: 'A', availability: OUT },
      { sku: 'B', availability: IN },
      { sku: 'C', availability: IN },
    ]);
    // Still safe inside its script element, and still the product's name.
    expect(script.textContent).not.toMatch(/[<&]/);
    expect(JSON.parse(script.textContent ?? '{}').name).toBe('Mug </script> & co');
  });

  it('a digital product stays in stock; an unlimited variant is in stock; a product without JSON-LD is left alone', () => {
    const script = page([{ sku: 'D', availability: IN }]);
    syncOfferAvailability('p1', 2, [{ sku: 'D', unlimited: false, qtyInStock: 0 }]);
    expect(offersOf(script)).toEqual([{ sku: 'D', availability: IN }]);
    syncOfferAvailability('p1', 1, [{ unlimited: true, qtyInStock: 0 }]);
    expect(offersOf(script)).toEqual([{ sku: 'D', availability: IN }]);
    syncOfferAvailability('p1', 1, [{ unlimited: false, qtyInStock: 0 }]);
    expect(offersOf(script)).toEqual([{ sku: 'D', availability: OUT }]);
    expect(() => syncOfferAvailability('other', 1, [{ sku: 'D', unlimited: false, qtyInStock: 0 }])).not.toThrow();
  });
});
