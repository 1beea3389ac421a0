import { describe, expect, it } from 'vitest';
import { billingText } from './billing-text';

const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', numBillingCycles: number) =>
  ({ billingPeriod: { value, unit }, numBillingCycles }) as Parameters<typeof billingText>[0];

describe('billingText', () => {
  it.each([
    [plan(1, 'MONTH', 0), 'every month'],
    [plan(2, 'WEEK', 0), 'every 2 weeks'],
    [plan(1, 'MONTH', 12), 'every month for 1 year'],
    [plan(6, 'MONTH', 4), 'every 6 months for 2 years'],
    [plan(1, 'YEAR', 3), 'every year for 3 years'],
    // The whole duration, not the number of payments: 3 payments two weeks apart span 6 weeks.
    [plan(2, 'WEEK', 3), 'every 2 weeks for 6 weeks'],
    [plan(1, 'WEEK', 1), 'every week for 1 week'],
    [plan(5, 'MONTH', 1), 'every 5 months for 5 months'],
  ])('words %j as %s', (given, expected) => {
    expect(billingText(given)).toBe(expected);
  });

  it('is empty without a plan', () => {
    expect(billingText(null)).toBe('');
  });
});
