/**
 * The early-events list: analytics events raised before the census listened, kept on the
 * global object so that the loader (which ships without the runtime) and the runtime share
 * it. Null once the census has taken it. Imports nothing: the loader bundles its own copy.
 */
export const EARLY_EVENTS = Symbol.for('storefront.early-events');

/** An event kept for the census: the DOM event's name and its detail. */
export interface EarlyEvent {
  name: string;
  detail: unknown;
}

type Scope = { [EARLY_EVENTS]?: EarlyEvent[] | null };

/** Keeps `event` for the census, unless the census has already taken the list. */
export function keepEarlyEvent(event: EarlyEvent): void {
  const scope = globalThis as Scope;
  if (scope[EARLY_EVENTS] !== null) (scope[EARLY_EVENTS] ??= []).push(event);
}

/** Hands over the events kept so far and stops keeping them; a second call returns nothing. */
export function takeEarlyEvents(): EarlyEvent[] {
  const scope = globalThis as Scope;
  const taken = scope[EARLY_EVENTS] ?? [];
  scope[EARLY_EVENTS] = null;
  return taken;
}

/** Starts keeping again (tests start each case from a fresh page). */
export function resetEarlyEvents(): void {
  delete (globalThis as Scope)[EARLY_EVENTS];
}
