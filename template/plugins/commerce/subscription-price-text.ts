/**
 * Billing wording of subscription prices: "$10.00 every 2 weeks for 12 weeks".
 *
 * A plan bills every `billingPeriod.value` weeks, months or years, `numBillingCycles` times (0: until
 * cancelled). The wording has a localized string per shape, keyed like
 * `productPrice__singlePrice__nWeekly__limited__nWeeks`; the English defaults below are used
 * when the page has none. A total duration of whole years is worded in years.
 */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { numberOf, objectField } from './fields';
import { fillPlaceholders, localizedText } from './page-data';

/** A plan that can be worded: bills every `every` units, `cycles` times (0: indefinitely). */
export interface BillingPlan {
  unit: 'WEEK' | 'MONTH' | 'YEAR';
  every: number;
  cycles: number;
}

const UNITS = {
  WEEK: { period: 'Weekly', durations: 'Weeks', one: 'week', many: 'weeks', perYear: 52 },
  MONTH: { period: 'Monthly', durations: 'Months', one: 'month', many: 'months', perYear: 12 },
  YEAR: { period: 'Yearly', durations: 'Years', one: 'year', many: 'years', perYear: 1 },
} as const;

function wholeNumber(value: unknown, min: number): number | undefined {
  const number = numberOf(value);
  return number !== undefined && Number.isSafeInteger(number) && number >= min ? number : undefined;
}

/** The plan of a `subscriptionPlan` object, or undefined when it cannot be worded (then: "Unavailable"). */
export function billingPlanOf(subscriptionPlan: unknown): BillingPlan | undefined {
  if (!isObject(subscriptionPlan)) return undefined;
  const period = objectField(subscriptionPlan, 'billingPeriod');
  const unit = period.unit;
  const every = wholeNumber(period.value, 1);
  const cycles = subscriptionPlan.numBillingCycles == null ? 0 : wholeNumber(subscriptionPlan.numBillingCycles, 0);
  if ((unit !== 'WEEK' && unit !== 'MONTH' && unit !== 'YEAR') || every === undefined || cycles === undefined)
    return undefined;
  return { unit, every, cycles };
}

/**
 * The worded price: `priceHtml` (already HTML) with its billing period and duration, prefixed
 * with "from" when `fromPrice` (the product has several prices).
 */
export function subscriptionPriceText(
  ctx: FormatContext,
  plan: BillingPlan,
  priceHtml: string,
  fromPrice: boolean,
): string {
  const unit = UNITS[plan.unit];
  const periodKey = `${plan.every === 1 ? '1' : 'n'}${unit.period}`;
  const periodText = plan.every === 1 ? `every ${unit.one}` : `every {billingPeriodValue} ${unit.many}`;

  let durationKey = 'indefinite';
  let durationText = '';
  let duration = 0;
  if (plan.cycles > 0) {
    const total = plan.every * plan.cycles;
    if (total % unit.perYear === 0) {
      duration = total / unit.perYear;
      durationKey = duration === 1 ? 'limited__1Years' : 'limited__nYears';
      durationText = duration === 1 ? ' for 1 year' : ' for {duration} years';
    } else {
      duration = total;
      durationKey = `limited__n${unit.durations}`;
      durationText = ` for {duration} ${unit.many}`;
    }
  }

  const key = `productPrice__${fromPrice ? 'multiplePrices' : 'singlePrice'}__${periodKey}__${durationKey}`;
  const english = `${fromPrice ? 'from ' : ''}{price} ${periodText}${durationText}`;
  return fillPlaceholders(localizedText(ctx, key, english), {
    price: priceHtml,
    fromPrice: priceHtml,
    billingPeriodValue: String(plan.every),
    duration: String(duration),
  });
}
