import r2wc, { type R2WCRenderer } from '@r2wc/core';
import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { StoreEventMap } from './events';
import { ensureStyles } from './ensure-styles';

// Widget styles live in a React-free module (platform-markup enhancers use them too); widgets import them from here.
export { addedStyles, ensureStyles, STYLE_LAYER } from './ensure-styles';

/**
 * How a prop is read from its data attribute (prop `itemId` <- `data-item-id`): `string` passes
 * the text; `boolean` is true when the attribute is present and not "false" (so `data-x`,
 * `data-x=""` and `data-x="true"` all mean true).
 */
export type AttributeType = 'string' | 'boolean';

/** The data attribute a prop comes from: `itemId` <- `data-item-id`. */
export function dataAttribute(prop: string): `data-${string}` {
  return `data-${prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Every widget receives the element it renders into. */
export interface WidgetHostProps {
  host: HTMLElement;
}

type DataProps<P> = Omit<P, keyof WidgetHostProps>;

export interface WidgetDefinition<P extends WidgetHostProps> {
  tag: `store-${string}`;
  component: ComponentType<P>;
  /** Every data prop, by name, with how its data attribute is read. */
  attributes: { [K in keyof DataProps<P>]-?: AttributeType };
  /** CSS for the widget, added to the document once, inside `@layer storefront` (see `ensureStyles`). */
  styles?: string;
  /**
   * The CSS custom properties a theme may set to restyle the widget, each with what it changes and
   * its default (`{ '--store-accent-color': 'Buttons and links. Default: #222' }`). Read by the build
   * into custom-elements.json and the widget's README table.
   */
  cssProperties?: Readonly<Record<`--store-${string}`, string>>;
  /** Class names (or `part` names) a theme may style, each with what it is. */
  parts?: Readonly<Record<string, string>>;
  /** The `store-*` events the element dispatches (names from `StoreEventMap`). */
  events?: readonly (keyof StoreEventMap)[];
}

/** Contains a widget's failure: it renders nothing and the page goes on. */
export class WidgetErrorBoundary extends Component<{ tag: string; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // One broken widget must not take the page down: it is reported and renders nothing.
    console.warn(`<${this.props.tag}> stopped after an error`, error, info.componentStack);
    // The reporter's code comes only when a widget fails: pages that never fail never fetch it.
    void import('./errors/error-reporter').then(({ reportError }) => reportError(error, this.props.tag));
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** What r2wc hands the host component: watched attributes by prop name, and the element. */
type HostProps = Record<string, unknown> & { container?: HTMLElement };

interface Mounted {
  root: Root;
  component: ComponentType<HostProps>;
  /** The props of its first render while it waits for the batch that renders it first, else null. */
  pending: HostProps | null;
  unmounted: boolean;
}

const firstRenders: Mounted[] = [];

/**
 * First renders of all elements that appeared in the same task happen together, in one
 * synchronous pass: the browser then lays the page out once, not once per widget
 * (a page of 500 widgets with selects otherwise pays 500 layouts of a growing page).
 */
function flushFirstRenders(): void {
  const batch = firstRenders.splice(0);
  flushSync(() => {
    for (const mounted of batch) {
      const props = mounted.pending as HostProps;
      mounted.pending = null;
      if (!mounted.unmounted) mounted.root.render(createElement(mounted.component, props));
    }
  });
}

/** r2wc's React renderer, with batched first renders. */
const batchingRenderer: R2WCRenderer<HostProps, Mounted> = {
  mount(container, component, props) {
    const mounted: Mounted = { root: createRoot(container), component, pending: props, unmounted: false };
    if (firstRenders.push(mounted) === 1) queueMicrotask(flushFirstRenders);
    return mounted;
  },
  update(mounted, props) {
    // Attribute changes before the first render only change what it renders.
    if (mounted.pending) mounted.pending = props;
    else mounted.root.render(createElement(mounted.component, props));
  },
  unmount(mounted) {
    mounted.unmounted = true;
    mounted.root.unmount();
  },
};

/**
 * Defines a React component as a custom element whose props come from data
 * attributes. Defining an already defined tag does nothing, so the script may load twice.
 */
export function defineWidget<P extends WidgetHostProps>(definition: WidgetDefinition<P>): void {
  const { tag, component, attributes } = definition;
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;

  const entries = (Object.entries(attributes) as [string, AttributeType][]).map(
    ([prop, type]) =>
      // r2wc derives attribute names from camelCase prop names: dataItemId <-> data-item-id.
      [prop, type, dataAttribute(prop), `data${prop[0]?.toUpperCase()}${prop.slice(1)}`] as const,
  );
  const watched = Object.fromEntries(entries.map(([, , , watchedName]) => [watchedName, 'string' as const]));

  function Host(raw: HostProps) {
    const host = raw.container as HTMLElement;
    const props: Record<string, unknown> = { host };
    for (const [prop, type, attr, watchedName] of entries) {
      if (type === 'boolean') {
        const value = host.getAttribute(attr);
        props[prop] = value !== null && value !== 'false';
      } else {
        props[prop] = (raw[watchedName] as string | undefined) ?? host.getAttribute(attr) ?? undefined;
      }
    }
    return createElement(WidgetErrorBoundary, { tag }, createElement(component as ComponentType<object>, props));
  }

  const element = r2wc(Host, { props: watched }, batchingRenderer);
  // Another copy of the script may have won the race between get() and define().
  if (customElements.get(tag)) return;
  customElements.define(tag, element);
  ensureStyles(tag, definition.styles ?? '');
}
