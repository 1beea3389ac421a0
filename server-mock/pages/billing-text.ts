import type { ProductRecord } from '../store/catalog';

/**
 * "every month", "every 2 weeks"; when the plan ends, its whole duration as the platform words a
 * subscription price: in years when they divide evenly, else in the period's unit ("for 6 weeks").
 */
export function billingText(plan: ProductRecord['subscriptionPlan']): string {
  if (!plan) return '';
  const { value, unit } = plan.billingPeriod;
  const noun = unit.toLowerCase();
  const every = value === 1 ? `every ${noun}` : `every ${value} ${noun}s`;
  if (!plan.numBillingCycles) return every;
  const total = value * plan.numBillingCycles;
  const perYear = { WEEK: 52, MONTH: 12, YEAR: 1 }[unit];
  const [count, word] = total % perYear === 0 ? [total / perYear, 'year'] : [total, noun];
  return `${every} for ${count} ${word}${count === 1 ? '' : 's'}`;
}
