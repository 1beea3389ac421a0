import { readPrice, type Price } from '../contract/read-money';
import { pageSlot } from './page-runtime';
import { storeContext } from './session/store-context';

/** The warnings given on this page, each once however often its data is read. */
const warned = pageSlot('money-warnings', () => new Set<string>());

/**
 * A price from a tag's data in any shape the platform writes (`contract/read-money.ts`): in the
 * currency it names, else `currency` (the tag's), else the store's. Malformed money is left out
 * with one console warning naming `where` it was (`<store-installment-pill> data-price`).
 */
export function tagPrice(value: unknown, where: string, currency?: string): Price | undefined {
  const read = readPrice(value, currency || storeContext().currency);
  if (read === undefined || 'minor' in read) return read;
  leftOut(where, read.problem);
  return undefined;
}

/** Warns, once per page, that the price at `where` is left out and why. */
export function leftOut(where: string, problem: string): void {
  const message = `${where}: ${problem}, so the price is left out.`;
  if (warned.get().has(message)) return;
  warned.get().add(message);
  console.warn(message);
}
