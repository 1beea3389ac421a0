/**
 * The classes a theme hands the widgets' controls (contract/control-classes.ts): the page's, from
 * the store context, and a tag's own `data-classes` over them, given to the widget's components
 * through a React context.
 */
import { createContext, useContext } from 'react';
import { readControlClasses, type ControlClasses } from '../contract/control-classes';
import { storeContext } from './session/store-context';

/** A tag's classes (its `data-classes` over the page's); none: the page's. */
export const TagControlClasses = createContext<ControlClasses | null>(null);

/** Each host's `data-classes` as last read, so a re-render neither parses nor warns again. */
const read = new WeakMap<Element, { text: string; classes: ControlClasses }>();

/** The classes of a tag with `data-classes`: its own over the page's; what it cannot use is said once in the console. */
export function tagControlClasses(host: Element, text: string): ControlClasses {
  const last = read.get(host);
  if (last?.text === text) return last.classes;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  const { classes, dropped } = readControlClasses(value);
  if (dropped.length > 0) {
    console.warn(
      `<${host.localName}> data-classes: ${dropped.join(', ')} ignored; it takes JSON such as {"button": "btn btn-dark"}, for button, secondaryButton, select, input, label and dialog`,
    );
  }
  const merged = { ...storeContext().classes, ...classes };
  read.set(host, { text, classes: merged });
  return merged;
}

/** The theme's classes for the controls of the widget rendering now. */
export function useThemeClasses(): ControlClasses {
  return useContext(TagControlClasses) ?? storeContext().classes;
}
