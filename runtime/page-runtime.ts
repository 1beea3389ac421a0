/**
 * Everything the runtime keeps for one page (the cart store, the HTTP client, the parsed store
 * context, the analytics buffer, …) lives in one page-runtime object, a slot per module, instead
 * of in module-level variables. The object is made on first use; tests start every case with a
 * fresh one ({@link resetPageRuntime}). Widget chunks share the runtime chunk, so a page has one.
 */

/** How a slot's values end, and which page globals its module shares with other scripts. */
export interface PageSlotOptions<T> {
  /** Ends a value that is being dropped (stops listeners, closes channels). */
  end?(value: T): void;
  /** Forgets the page globals the module shares with other copies of the script (on every reset). */
  forgetGlobals?(): void;
}

/** One module's state in the page runtime. */
export interface PageSlot<T> {
  /** For diagnostics. */
  readonly name: string;
  /** The current page's value, made on first use. */
  get(): T;
  /** Replaces the current page's value (undefined: made again on next use); the old value ends. */
  set(value: T | undefined): void;
}

interface SlotDefinition<T> extends PageSlotOptions<T> {
  readonly name: string;
  create(): T;
}

/** One page's state, by slot. */
export class PageRuntime {
  readonly #values = new Map<SlotDefinition<unknown>, unknown>();

  /** The value of `slot`, made on first use. */
  get<T>(slot: SlotDefinition<T>): T {
    if (this.#values.has(slot)) return this.#values.get(slot) as T;
    const value = slot.create();
    this.#values.set(slot, value);
    return value;
  }

  /** Replaces the value of `slot` (undefined: made again on next use); the old value ends. */
  set<T>(slot: SlotDefinition<T>, value: T | undefined): void {
    const had = this.#values.has(slot);
    const old = this.#values.get(slot) as T;
    if (value === undefined) this.#values.delete(slot);
    else this.#values.set(slot, value);
    if (had && old !== value) slot.end?.(old);
  }

  /** Ends every value, newest first, and forgets them. */
  end(): void {
    const made = [...this.#values].reverse();
    this.#values.clear();
    for (const [slot, value] of made) slot.end?.(value);
  }
}

const definitions: SlotDefinition<unknown>[] = [];
let current: PageRuntime | undefined;

/** The current page's runtime object (made on first use). */
export function pageRuntime(): PageRuntime {
  current ??= new PageRuntime();
  return current;
}

/**
 * Declares a module's page state: `create` makes the value the first time the page needs it.
 * Call once, at module level.
 */
export function pageSlot<T>(name: string, create: () => T, options: PageSlotOptions<T> = {}): PageSlot<T> {
  const definition: SlotDefinition<T> = { name, create, ...options };
  definitions.push(definition as SlotDefinition<unknown>);
  return {
    name,
    get: () => pageRuntime().get(definition),
    set: (value) => pageRuntime().set(definition, value),
  };
}

/** Ends the page's runtime object and the page globals its modules share: the next use starts a fresh page (tests). */
export function resetPageRuntime(): void {
  current?.end();
  current = undefined;
  for (const definition of definitions) definition.forgetGlobals?.();
}
