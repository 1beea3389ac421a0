/**
 * Focus containment (platform spec, section 5): Tab and Shift+Tab cycle through the focusable
 * elements of a container, or of every element a predicate accepts, and never leave them. Takes
 * exactly one of `container` and `predicate`.
 */

/** What can take focus with Tab. */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Thrown when not exactly one of `container` and `predicate` is given. */
export const FOCUS_CONTAINMENT_ERROR = 'Focus containment requires exactly one of container and predicate';

export type FocusContainmentOptions =
  | { /** Focus stays among this element's focusable descendants. */ container: Element; predicate?: undefined }
  | {
      /** Focus stays among the document's focusable elements this accepts. */
      predicate: (element: Element) => boolean;
      container?: undefined;
      /** Where to look for them (the document by default). */
      root?: Document;
    };

export interface FocusContainment {
  /** The elements focus cycles through, in document order. */
  focusables(): HTMLElement[];
  /** Focuses the first of them (or the one marked `data-autofocus`); false when there is none. */
  focusFirst(): boolean;
  /** Handles a keydown: a Tab that would leave the set wraps around. True when it moved focus. */
  onKeyDown(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>): boolean;
}

/** Contains focus as `options` say; throws {@link FOCUS_CONTAINMENT_ERROR} unless exactly one of container and predicate is given. */
export function containFocus(options: FocusContainmentOptions): FocusContainment {
  const { container, predicate } = options as { container?: unknown; predicate?: unknown };
  const hasContainer = container !== undefined && container !== null;
  const hasPredicate = predicate !== undefined && predicate !== null;
  if (hasContainer === hasPredicate) throw new TypeError(FOCUS_CONTAINMENT_ERROR);
  if (hasPredicate && typeof predicate !== 'function') throw new TypeError(FOCUS_CONTAINMENT_ERROR);

  const scope: ParentNode =
    options.container ?? ('root' in options && options.root ? options.root : globalThis.document);
  const accepts = (element: Element) =>
    options.container ? options.container.contains(element) : options.predicate(element);
  const focusables = () =>
    [...scope.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)].filter(
      (element) => !element.hidden && !element.closest('[hidden], [inert]') && accepts(element),
    );
  const ownerDocument = () => (options.container?.ownerDocument ?? (scope as Document)) as Document;

  return {
    focusables,
    focusFirst() {
      const all = focusables();
      const first = all.find((element) => element.hasAttribute('data-autofocus')) ?? all[0];
      first?.focus();
      return first !== undefined;
    },
    onKeyDown(event) {
      if (event.key !== 'Tab') return false;
      const all = focusables();
      const first = all[0];
      const last = all[all.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return false;
      }
      const active = ownerDocument().activeElement;
      const inside = active !== null && all.includes(active as HTMLElement);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
        return true;
      }
      if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
        return true;
      }
      return false;
    },
  };
}
