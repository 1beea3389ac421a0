import type { ProductRecord } from '../store/catalog';

/** "every month", "every 2 weeks"; "for 1 year" / "for N periods" when the plan ends. */
export function billingText(plan: ProductRecord['subscriptionPlan']): string {
  if (!plan) return '';
  const { value, unit } = plan.billingPeriod;
  const noun = unit.toLowerCase();
  const every = value === 1 ? `every ${noun}` : `every ${value} ${noun}s`;
  if (!plan.numBillingCycles) return every;
  const perYear = { WEEK: 52, MONTH: 12, YEAR: 1 }[unit];
  const years = (value * plan.numBillingCycles) / perYear;
  if (Number.isInteger(years)) return `${every} for ${years} ${years === 1 ? 'year' : 'years'}`;
  return `${every} for ${plan.numBillingCycles} ${noun}s`;
}
