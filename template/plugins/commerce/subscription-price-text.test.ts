import { describe, expect, it } from 'vitest';
import type { FormatContext } from '../../plugin';
import { billingPlanOf, subscriptionPriceText } from './subscription-price-text';

function context(localizedStrings: Record<string, unknown> = {}): FormatContext {
  return {
    node: () => undefined,
    resolve: (path) => (path === 'localizedStrings' ? localizedStrings : undefined),
    resolveFrom: () => undefined,
    argValue: () => undefined,
    applyPartial: () => '',
    locale: 'en-US',
    now: 0,
    error: () => undefined,
  };
}

const plan = (unit: unknown, value: unknown, numBillingCycles?: unknown) => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});

describe('billingPlanOf', () => {
  it('reads weekly, monthly and yearly plans; 0 or missing cycles bill indefinitely', () => {
    expect(billingPlanOf(plan('WEEK', 2, 6))).toEqual({ unit: 'WEEK', every: 2, cycles: 6 });
    expect(billingPlanOf(plan('YEAR', 1, 3))).toEqual({ unit: 'YEAR', every: 1, cycles: 3 });
    expect(billingPlanOf(plan('MONTH', '1'))).toEqual({ unit: 'MONTH', every: 1, cycles: 0 });
  });

  it('cannot word other units, non-positive periods or fractional cycles', () => {
    for (const bad of [plan('YEAR', 0), plan('DAY', 1), plan('WEEK', 0), plan('WEEK', 1.5), plan('MONTH', 1, -1)])
      expect(billingPlanOf(bad), JSON.stringify(bad)).toBeUndefined();
    expect(billingPlanOf({})).toBeUndefined();
    expect(billingPlanOf('monthly')).toBeUndefined();
  });
});

describe('subscriptionPriceText', () => {
  const price = '<span class="sqs-money-native">10.00</span>';
  const words = (unit: 'WEEK' | 'MONTH' | 'YEAR', every: number, cycles: number, from = false) =>
    subscriptionPriceText(context(), { unit, every, cycles }, price, from).replace(price, '$');

  it('words the period, the duration, and whole years as years', () => {
    expect(words('WEEK', 1, 0)).toBe('$ every week');
    expect(words('MONTH', 2, 0)).toBe('$ every 2 months');
    expect(words('WEEK', 1, 6)).toBe('$ every week for 6 weeks');
    expect(words('WEEK', 2, 26)).toBe('$ every 2 weeks for 1 year');
    expect(words('MONTH', 1, 36)).toBe('$ every month for 3 years');
    expect(words('MONTH', 2, 5, true)).toBe('from $ every 2 months for 10 months');
  });

  it('words yearly billing in years (indefinite: only the period)', () => {
    expect(words('YEAR', 1, 0)).toBe('$ every year');
    expect(words('YEAR', 2, 0, true)).toBe('from $ every 2 years');
    expect(words('YEAR', 1, 1)).toBe('$ every year for 1 year');
    expect(words('YEAR', 1, 3)).toBe('$ every year for 3 years');
    expect(words('YEAR', 2, 3)).toBe('$ every 2 years for 6 years');
    const ctx = context({
      productPrice__singlePrice__nYearly__limited__nYears: '{price} / {billingPeriodValue} y, {duration} y',
    });
    expect(subscriptionPriceText(ctx, { unit: 'YEAR', every: 2, cycles: 2 }, price, false)).toBe(`${price} / 2 y, 4 y`);
  });

  it('uses the localized string of the shape, escaped, with its placeholders filled', () => {
    const ctx = context({
      productPrice__multiplePrices__nWeekly__limited__nYears:
        '<b>{price}</b> / {billingPeriodValue} wk × {duration} yr',
    });
    expect(subscriptionPriceText(ctx, { unit: 'WEEK', every: 4, cycles: 26 }, price, true)).toBe(
      `&lt;b&gt;${price}&lt;/b&gt; / 4 wk × 2 yr`,
    );
  });
});
