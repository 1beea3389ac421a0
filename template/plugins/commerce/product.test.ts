import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  getFromPrice,
  getNormalPrice,
  getSalePrice,
  getTotalStockRemaining,
  hasVariants,
  hasVariedPrices,
  isMultipleQuantityAllowedForServices,
  isOnSale,
  isSoldOut,
  productTypeOf,
  showsQuantityInput,
} from './product';
import { SHARED_RESOURCES, skipSharedVectors } from '../../../testing/shared-vectors';

/** The shared product-utility inputs: `:name` headers, each followed by one JSON value. */
function cases(file: string): [name: string, input: unknown][] {
  const text = readFileSync(join(SHARED_RESOURCES, file), 'utf8');
  const parts = text.split(/^:(\S+)[ \t]*$/m);
  const result: [string, unknown][] = [];
  for (let i = 1; i < parts.length; i += 2) result.push([parts[i] as string, JSON.parse(parts[i + 1] as string)]);
  return result;
}

/** The expectation a case name ends with ("hasVariedPrices-2-true"). */
function expectedFlag(name: string): boolean {
  return name.endsWith('-true');
}

describe.skipIf(skipSharedVectors)('shared product-utility data', () => {
  it('get-total-stock-remaining.json: stock summed, unlimited and digital infinite, unknown none', () => {
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': Infinity,
      'getTotalStock-digital': Infinity,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    };
    const all = cases('get-total-stock-remaining.json');
    expect(all.map(([name]) => name)).toEqual(Object.keys(expected));
    for (const [name, item] of all) expect(getTotalStockRemaining(item), name).toBe(expected[name]);
  });

  it('has-variants.json: more than one variant', () => {
    const all = cases('has-variants.json');
    expect(all).toHaveLength(4);
    for (const [name, item] of all) expect(hasVariants(item), name).toBe(expectedFlag(name));
  });

  it('has-varied-prices.json: variants differ in onSale, price or sale price (prices in cents)', () => {
    const all = cases('has-varied-prices.json');
    expect(all).toHaveLength(7);
    for (const [name, item] of all) expect(hasVariedPrices(item), name).toBe(expectedFlag(name));
  });

  it('is-multi-quantity-allowed-for-services.json: allowed unless turned off', () => {
    const all = cases('is-multi-quantity-allowed-for-services.json');
    expect(all).toHaveLength(3);
    for (const [name, settings] of all)
      expect(isMultipleQuantityAllowedForServices(settings), name).toBe(expectedFlag(name));
  });
});

const physical = (...variants: unknown[]) => ({ structuredContent: { productType: 1, variants } });
const money = (value: string) => ({ value, currency: 'USD' });

describe('product facts', () => {
  it('reads the product type as the platform reads numbers: text by its leading number', () => {
    expect(productTypeOf({ structuredContent: { productType: '3' } })).toBe(3);
    expect(productTypeOf({ structuredContent: { productType: '4e1' } })).toBe(4);
    expect(productTypeOf({ structuredContent: { productType: '0x4' } })).toBe(0);
    expect(productTypeOf({ structuredContent: { productType: '2.0' } })).toBe(2);
    expect(productTypeOf({ structuredContent: { productType: 1.5 } })).toBeUndefined();
    expect(productTypeOf({ structuredContent: { productType: 'digital' } })).toBeUndefined();
    expect(productTypeOf({ structuredContent: null })).toBeUndefined();
    expect(productTypeOf('item')).toBeUndefined();
  });

  it('sells out physical and service products without stock; never digital products or gift cards', () => {
    expect(isSoldOut(physical({ qtyInStock: 0 }, { qtyInStock: '0' }))).toBe(true);
    expect(isSoldOut(physical({ qtyInStock: 0 }, { unlimited: 'true' }))).toBe(false);
    expect(isSoldOut(physical({ qtyInStock: -4 }, { qtyInStock: 1 }))).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 2 } })).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 4, variants: [] } })).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 5 } })).toBe(true);
    expect(isSoldOut({})).toBe(true);
  });

  it('is on sale when a variant is, or the digital product itself; gift cards never are', () => {
    expect(isOnSale(physical({ onSale: false }, { onSale: true }))).toBe(true);
    expect(isOnSale(physical({ onSale: 'yes' }))).toBe(false);
    expect(isOnSale({ structuredContent: { productType: 2, onSale: true } })).toBe(true);
    expect(isOnSale({ structuredContent: { productType: 4, variants: [{ onSale: true }] } })).toBe(false);
  });

  it('prices: from = lowest paid, normal = highest regular, sale = lowest on sale (0 when none)', () => {
    const item = physical(
      { priceMoney: money('10.00') },
      { priceMoney: money('30.00'), onSale: true, salePriceMoney: money('7.50') },
      { priceMoney: money('20.00'), onSale: true, salePriceMoney: money('9.00') },
    );
    expect(getFromPrice(item).amount).toBe('7.5');
    expect(getNormalPrice(item).amount).toBe('30');
    expect(getSalePrice(item).amount).toBe('7.5');
    expect(getSalePrice(physical({ priceMoney: money('1') })).amount).toBe('0');
  });

  it('digital products price themselves; their from price ignores the sale', () => {
    const item = {
      structuredContent: { productType: 2, onSale: true, priceMoney: money('5'), salePriceMoney: money('3') },
    };
    expect([getFromPrice(item), getNormalPrice(item), getSalePrice(item)].map((m) => m.amount)).toEqual([
      '5',
      '5',
      '3',
    ]);
  });

  it('falls back to cents, then to the default price 0', () => {
    expect(getNormalPrice(physical({ price: 1999 })).amount).toBe('19.99');
    expect(getNormalPrice(physical({ priceMoney: { decimalValue: '4.5', currencyCode: 'EUR' } }))).toMatchObject({
      amount: '4.5',
      currency: 'EUR',
    });
    expect(getNormalPrice(physical({ priceMoney: { value: 'ten' } }))).toMatchObject({
      amount: '0',
      origin: 'default',
    });
    expect(getNormalPrice({ structuredContent: { productType: -1 } }).amount).toBe('0');
  });

  it('shows the quantity input for physical products and allowed services with more than one left', () => {
    const service = { structuredContent: { productType: 3, variants: [{ qtyInStock: 2 }] } };
    expect(showsQuantityInput(physical({ qtyInStock: 2 }), {})).toBe(true);
    expect(showsQuantityInput(physical({ qtyInStock: 1 }), {})).toBe(false);
    expect(showsQuantityInput(physical({ unlimited: true }), {})).toBe(true);
    expect(showsQuantityInput(service, {})).toBe(true);
    expect(showsQuantityInput(service, { storeSettings: { multipleQuantityAllowedForServices: false } })).toBe(false);
    const subscription = {
      structuredContent: { productType: 1, isSubscribable: true, variants: [{ unlimited: true }] },
    };
    expect(showsQuantityInput(subscription, {})).toBe(false);
    expect(showsQuantityInput({ structuredContent: { productType: 2 } }, {})).toBe(false);
  });
});
