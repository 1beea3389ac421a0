import { describe, expect, it } from 'vitest';
import { CONTRADICTED_BY, runConformance } from '../conformance';
import { execute } from '../index';
import { SHARED_RESOURCES as VECTORS, skipSharedVectors } from '../../testing/shared-vectors';
import { COMMERCE_FORMATTERS } from './formatters.commerce';
import { COMMERCE_PREDICATES } from './predicates.commerce';

function render(template: string, data: unknown): string {
  const { output, errors } = execute(template, data);
  expect(errors).toEqual([]);
  return output;
}

describe.skipIf(skipSharedVectors)('shared vectors', () => {
  it('passes every vector of the commerce formatters and predicates', () => {
    const names = [...Object.keys(COMMERCE_FORMATTERS), ...Object.keys(COMMERCE_PREDICATES)].map((n) =>
      n.replace(/\?$/, ''),
    );
    const ours = runConformance([VECTORS]).filter((r) => {
      const name = r.file.replace(/^.*\//, '').replace(/\.html$/, '');
      // i18n/f-foo: product-price of variants priced in cents only, which renders nothing.
      return name === 'f-foo' || names.some((n) => name.startsWith(`f-${n}-`) || name.startsWith(`p-${n}`));
    });
    expect(ours.length).toBeGreaterThan(120);
    const failures = ours.filter((r) => r.outcome !== 'pass').map((r) => r.file.replace(/^.*\//, ''));
    expect(failures.sort()).toEqual(Object.keys(CONTRADICTED_BY).sort());
  });
});

const item = (structuredContent: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  item: { id: 'p1', collectionId: 'c1', structuredContent, ...extra },
});

describe('add-to-cart-btn', () => {
  it('escapes ids and labels, and writes the subscription option of a subscription', () => {
    const out = render(
      '{item|add-to-cart-btn}',
      item(
        {
          productType: 1,
          isSubscribable: true,
          useCustomAddButtonText: 'true',
          customAddButtonText: 'Get "it" <now>',
          productSubscriptionOptions: [{ id: 'opt"1' }],
        },
        { id: '"><script>' },
      ),
    );
    expect(out).toContain('data-item-id="&quot;&gt;&lt;script&gt;"');
    expect(out).toContain('data-is-subscription="true" data-original-label="Get &quot;it&quot; &lt;now&gt;"');
    expect(out).toContain('data-subscription-option-id="opt&quot;1">');
    expect(out).toContain('<div class="sqs-add-to-cart-button-inner">Get &quot;it&quot; &lt;now&gt;</div>');
  });

  it('is empty for a value that is not an item', () => {
    expect(render('{item|add-to-cart-btn}', { item: 'p1' })).toBe('');
  });
});

describe('variants-select', () => {
  it('localizes "Select {variantName}" and escapes option names and values', () => {
    const out = render('{item|variants-select}', {
      localizedStrings: { productVariantSelectText: 'Choisir {variantName}' },
      ...item({
        productType: 1,
        variants: [
          { attributes: { 'Size"': '<L>' } },
          { attributes: { 'Size"': 'M' } },
          { attributes: { 'Size"': 'M' } },
        ],
        variantOptionOrdering: ['Size"'],
      }),
    });
    expect(out).toContain('<select aria-label="Choisir Size&quot;" data-variant-option-name="Size&quot;">');
    expect(out).toContain('<option value="&lt;L&gt;">&lt;L&gt;</option><option value="M">M</option>\n');
    expect(out).not.toContain('<L>');
  });

  it('is empty for one variant, or without an option ordering', () => {
    const variants = [{ attributes: { a: '1' } }, { attributes: { a: '2' } }];
    expect(render('{item|variants-select}', item({ variants: variants.slice(1), variantOptionOrdering: ['a'] }))).toBe(
      '',
    );
    expect(render('{item|variants-select}', item({ variants }))).toBe('');
  });

  it('lists empty values, selects of digital products, and a name listed twice with its values once', () => {
    const variants = [{ attributes: { a: null, b: 'x' } }, { attributes: { a: '', b: { y: 1 } } }, 'not a variant'];
    const out = render(
      '{item|variants-select}',
      item({ productType: 2, variants, variantOptionOrdering: ['a', 'b', 'a'] }),
    );
    const options = [...out.matchAll(/<option value="([^"]*)">[^<]*<\/option>/g)].map((m) => m[1]);
    expect(options).toEqual(['', '', '', 'x', '', '']);
    expect(out.match(/data-variant-option-name="a">/g)).toHaveLength(4);
    expect(render('{item|variants-select}', item({ variants: [{}, 'x'], variantOptionOrdering: ['a'] }))).toContain(
      'data-variant-option-name="a"',
    );
  });
});

describe('product-price', () => {
  const variant = (value: string) => ({ priceMoney: { value, currency: 'USD' } });

  it('renders nothing when a price to show has no money object', () => {
    expect(render('{@|product-price}', { structuredContent: { productType: 1, variants: [{ price: 100 }] } })).toBe('');
    expect(render('{@|product-price}', { structuredContent: { productType: 1, variants: [] } })).toBe('');
  });

  it('localizes the sale labels and "from {fromPrice}"', () => {
    const localizedStrings = { productPriceFromText: 'dès {fromPrice}', salePriceText: 'Promo :' };
    expect(
      render('{@|product-price}', {
        localizedStrings,
        structuredContent: { productType: 1, variants: [variant('1'), variant('2')] },
      }),
    ).toBe('\n\n\n<div class="product-price">\ndès <span class="sqs-money-native">1.00</span>\n\n</div>');
    const sale = render('{@|product-price}', {
      localizedStrings,
      structuredContent: {
        productType: 1,
        variants: [{ ...variant('2'), onSale: true, salePriceMoney: { value: '1' } }],
      },
    });
    expect(sale).toContain('<span class="visually-hidden v6-visually-hidden">Promo :</span>');
  });

  it('formats the currency for the locale when the website uses CLDR money', () => {
    const data = {
      website: { useCLDRMoneyFormat: true },
      websiteSettings: { storeSettings: { selectedCurrency: 'GBP' } },
      structuredContent: { productType: 1, variants: [variant('1'), { priceMoney: { value: '2' } }] },
    };
    expect(render('{@|product-price}', data)).toBe('\n\n\n<div class="product-price">\nfrom $1.00\n\n</div>');
    expect(execute('{@|product-price}', data, { locale: 'fr-FR' }).output).toContain('1,00\u00a0$US');
  });

  it('reads decimalValue/currencyCode before value/currency, like the money formatter', () => {
    // The commerce reader that was folded into readMoney took value/currency first (£2.00, 2.00).
    const priceMoney = { decimalValue: '1', currencyCode: 'EUR', value: '2', currency: 'GBP' };
    const data = { website: { useCLDRMoneyFormat: true }, structuredContent: { productType: 2, priceMoney } };
    expect(render('{@|product-price} {price|money}', { ...data, price: priceMoney })).toBe(
      '\n\n\n<div class="product-price">\n€1.00\n</div> €1.00',
    );
    expect(render('{@|product-price}', { structuredContent: { productType: 2, priceMoney } })).toBe(
      '\n\n\n<div class="product-price">\n<span class="sqs-money-native">1.00</span>\n</div>',
    );
    expect(render('{@|normal-price}', { structuredContent: { productType: 2, priceMoney } })).toBe('100');
  });

  it('says "Unavailable" for a subscription plan it cannot word', () => {
    const data = {
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'DAY', value: 1 } },
        variants: [variant('9')],
      },
    };
    expect(render('{@|product-price}', data)).toBe('\n\n\n<div class="product-price">\nUnavailable\n\n</div>');
  });

  it('words yearly billing in years', () => {
    const data = (numBillingCycles: number) => ({
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'YEAR', value: 1 }, numBillingCycles },
        variants: [variant('9')],
      },
    });
    expect(render('{@|product-price}', data(0))).toMatch(/<\/span> every year\n/);
    expect(render('{@|product-price}', data(3))).toMatch(/<\/span> every year for 3 years\n/);
    expect(render('{@|product-price}', data(0))).not.toContain('Unavailable');
  });
});

describe('price numbers', () => {
  it('from-price, normal-price and sale-price give cents, 0 for anything unreadable', () => {
    const data = {
      structuredContent: {
        productType: 3,
        variants: [{ price: 250 }, { priceMoney: { value: '3.10' }, onSale: true, salePriceMoney: { value: '.07' } }],
      },
    };
    expect(render('{@|from-price} {@|normal-price} {@|sale-price}', data)).toBe('7 310 7');
    expect(render('{@|from-price} {@|normal-price} {@|sale-price}', { structuredContent: 'x' })).toBe('0 0 0');
  });
});

describe('product-status, product-scarcity, product-restock-notification', () => {
  it('marks sold out before sale, with localized texts', () => {
    const localizedStrings = { productSoldOutText: 'épuisé', productSaleText: 'promo' };
    const soldOut = { localizedStrings, structuredContent: { productType: 1, variants: [{ onSale: true }] } };
    expect(render('{@|product-status}', soldOut)).toBe('<div class="product-mark sold-out">épuisé</div>');
    const sale = {
      localizedStrings,
      structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 1 }] },
    };
    expect(render('{@|product-status}', sale)).toBe('<div class="product-mark sale">promo</div>');
  });

  it('escapes scarcity texts, attributes and stock', () => {
    const out = render('{item|product-scarcity}', {
      item: { id: 'p1' },
      productMerchandisingContext: {
        p1: {
          scarcityEnabled: true,
          scarcityText: '{qtyInStock} <b>left</b> {other}',
          scarcityTemplateViews: [{ qtyInStock: '<i>', attributes: { C: '"x"' } }],
        },
      },
    });
    expect(out).toBe(
      '<div class="product-scarcity" data-variant-attributes="{&quot;C&quot;:&quot;\\&quot;x\\&quot;&quot;}" hidden>\n' +
        '    &lt;i&gt; &lt;b&gt;left&lt;/b&gt; {other}\n  </div>',
    );
  });

  it('escapes restock messages', () => {
    const out = render('{item|product-restock-notification}', {
      item: { id: 'p1' },
      productMerchandisingContext: {
        p1: {
          restockNotificationViews: [{ variantId: '"v"' }],
          restockNotificationMessages: { CTAText: '<script>', placeholderText: '"@"', buttonText: 'Go' },
        },
      },
    });
    expect(out).toContain('data-variant-id="&quot;v&quot;">');
    expect(out).toContain('<span class="product-restock-cta">&lt;script&gt;</span>');
    expect(out).toContain('placeholder="&quot;@&quot;"');
  });
});

describe('summary-form-field', () => {
  const field = (f: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    render('{field|summary-form-field}', { field: { rawTitle: 'Q', ...f }, ...extra });
  const answer = (out: string) => out.slice(out.indexOf('</span> ') + 8, out.lastIndexOf('\n</div>'));

  it('lays out structured answers by type', () => {
    expect(answer(field({ type: 'name', values: { First: 'Ada' } }))).toBe('Ada');
    expect(answer(field({ type: 'phone', values: { Areacode: '1', Prefix: '2', Line: '3' } }))).toBe('1-2-3');
    expect(answer(field({ type: 'time', values: { Hour: 7, Minute: '05' } }))).toBe('7:05:00');
    expect(answer(field({ type: 'checkbox', values: ['A', 'B'] }))).toBe('A, B\n');
    // One static value, as a checkbox field carries it: the value, not "N/A".
    expect(answer(field({ type: 'checkbox', value: 'Gift wrap' }))).toBe('Gift wrap');
    expect(answer(field({ type: 'checkbox' }))).toBe('N/A');
    expect(answer(field({ type: 'likert', values: { 'A<': '-2', B: 'x' } }))).toBe(
      '<div style="padding-left:5px;">\n' +
        '  <div><span style="font-weight:bold;">A&lt;:</span> Strongly Disagree</div>\n' +
        '  <div><span style="font-weight:bold;">B:</span> Neutral</div>\n</div>',
    );
  });

  it('escapes titles and answers, and localizes the empty answer', () => {
    expect(answer(field({ type: 'text', rawTitle: '<T>', value: '<b>hi</b>' }))).toBe('&lt;b&gt;hi&lt;/b&gt;');
    expect(field({ type: 'text', rawTitle: '<T>' })).toContain('<span style="font-weight:bold;">&lt;T&gt;:</span>');
    expect(
      answer(field({ type: 'date', values: [] }, { localizedStrings: { productSummaryFormNoAnswerText: '—' } })),
    ).toBe('—');
  });
});

describe('small formatters', () => {
  it('product-quick-view, variant-descriptor, cart-quantity, cart-url, cart-subtotal', () => {
    expect(render('{item|product-quick-view group}', { group: 'g"1', item: { id: 7 } })).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="7" data-group="g&quot;1">Quick View</span>',
    );
    // The group is a field of the item, else a variable, else the name given.
    const quickViewGroup = (template: string, data: object) => /data-group="([^"]*)"/.exec(render(template, data))?.[1];
    expect(quickViewGroup('{item|product-quick-view group}', { group: 'outer', item: { id: 7, group: 'own' } })).toBe(
      'own',
    );
    expect(quickViewGroup('{item|product-quick-view featured}', { item: { id: 7 } })).toBe('featured');
    expect(quickViewGroup('{item|product-quick-view}', { item: { id: 7 } })).toBe('');
    expect(render('{@|variant-descriptor}', { optionValues: [{ value: 'L' }, {}, { value: '<b>' }] })).toBe(
      'L / &lt;b&gt;',
    );
    expect(render('{@|cart-quantity}', { entries: [{ quantity: 100 }] })).toBe(
      '<span class="sqs-cart-quantity">100</span>',
    );
    expect(render('{@|cart-quantity}', { entries: [{ quantity: 99 }, { quantity: 2 }] })).toBe(
      '<span class="sqs-cart-quantity">100+</span>',
    );
    expect(render('{@|cart-quantity}', { entries: [{ quantity: 2 }, { quantity: '3' }, { quantity: -1 }, 'x'] })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    );
    expect(render('{@|cart-url} {@|cart-subtotal}', {})).toBe('/cart deprecated, do not use');
    // The spec's text, as the JavaScript reference; not the Java engine's subtotal span (docs/spec-decisions.md).
    expect(render('{cart|cart-subtotal}', { cart: { subtotalCents: 1234 } })).toBe('deprecated, do not use');
  });
});
