/**
 * Clicks on a platform button that arrive before its code: the loader holds them from the moment it
 * sees the button, the button's enhancer takes them once it has rendered and replays one add.
 * Kept on the global object, as the loader and the enhancer are separate bundles. Imports nothing.
 */
export const EARLY_CLICKS = Symbol.for('storefront.early-clicks');

interface Held {
  count: number;
  release(): void;
}

type Scope = { [EARLY_CLICKS]?: WeakMap<Element, Held> };

function heldButtons(): WeakMap<Element, Held> {
  const scope = globalThis as Scope;
  return (scope[EARLY_CLICKS] ??= new WeakMap());
}

/**
 * Counts clicks, Enter and Space on `button`, and submits of the form around it (kept from going
 * out: its code will add instead), until {@link takeClicks}. Holding a button twice does nothing.
 */
export function holdClicks(button: Element): void {
  const held = heldButtons();
  if (held.has(button)) return;
  const form = button.closest('form');
  const record: Held = { count: 0, release };
  const onClick = () => {
    record.count++;
  };
  const onKey = (event: Event) => {
    const { key } = event as KeyboardEvent;
    if (key !== 'Enter' && key !== ' ') return;
    event.preventDefault();
    record.count++;
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    record.count++;
  };
  button.addEventListener('click', onClick);
  button.addEventListener('keydown', onKey);
  form?.addEventListener('submit', onSubmit);
  function release() {
    button.removeEventListener('click', onClick);
    button.removeEventListener('keydown', onKey);
    form?.removeEventListener('submit', onSubmit);
    held.delete(button);
  }
  held.set(button, record);
}

/** Stops holding `button`'s clicks and answers how many came meanwhile (0 when none was held). */
export function takeClicks(button: Element): number {
  const record = heldButtons().get(button);
  if (!record) return 0;
  record.release();
  return record.count;
}
