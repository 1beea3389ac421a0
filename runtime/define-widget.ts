import r2wc, { type R2WCRenderer } from '@r2wc/core';
import { Component, createElement, Fragment, memo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { StoreEventMap } from './events';
import { ensureStyles } from './widget-styles';
import { TagControlClasses, tagControlClasses } from './control-classes';

// Widget styles live in a React-free module (platform-markup enhancers use them too); widgets import them from here.
export { ensureStyles };

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
  /** CSS for the widget, added to the document once, each rule weighed against the page's (see `ensureStyles`). */
  styles?: string;
  /**
   * The CSS custom properties a theme may set to restyle the widget, each with what it changes and
   * its default (`{ '--store-accent-color': 'Buttons and links. Default: #222' }`). Read by the build
   * into custom-elements.json and the widget's page in docs/widgets/.
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

/** One element's widget, as the renderer keeps it. */
interface Mounted {
  container: HTMLElement;
  /** The element's widget as a React element (the definition's `Host`, called as a function: no component of its own). */
  component: (props: HostProps) => ReactNode;
  /** A copy of r2wc's props (r2wc passes the same object each time): a new one is a change. */
  props: HostProps;
  /** Left the page. */
  gone: boolean;
  /** Its portal's key in the shared root. */
  key: string;
}

/** Renders one widget of the shared root; memo: a change to one element's attributes renders only that widget. */
const Slot = memo(function Slot({ component, props }: Pick<Mounted, 'component' | 'props'>) {
  return component(props);
});

/**
 * The widgets of the page and what changed in the current task: the changes of one task (elements
 * added, changed or removed) render together, in one synchronous pass at its end, so the browser
 * lays the page out once, not once per widget (a page of 500 widgets with selects otherwise pays
 * 500 layouts of a growing page).
 */
const page = {
  shown: new Set<Mounted>(),
  changed: new Set<Mounted>(),
  scheduled: false,
  keys: 0,
  /** The shared root (React build). */
  root: null as Root | null,
  /** The elements the shared root has rendered into. */
  filled: new WeakSet<HTMLElement>(),
  /** One root per element (lite build). */
  roots: new WeakMap<Mounted, Root>(),
};

/**
 * React build: every widget renders through one React root, each as a portal into its own
 * element: one render and one commit for all, and one root's bookkeeping instead of one per
 * element, which holds less heap. The root's own container is a detached element: React listens
 * for events on each element it renders into.
 */
function renderShared(): void {
  page.root ??= createRoot(document.createElement('div'));
  const portals = [...page.shown].map((m) => {
    // What the element holds (the server's stand-in) goes, as a root's first render clears its
    // container; an element moved on the page holds what React rendered, and React removes that.
    if (!page.filled.has(m.container)) {
      page.filled.add(m.container);
      m.container.replaceChildren();
    }
    return createPortal(createElement(Slot, { component: m.component, props: m.props }), m.container, m.key);
  });
  const root = page.root;
  flushSync(() => root.render(createElement(Fragment, null, portals)));
}

/**
 * Lite build: Preact has no per-root cost worth sharing, and a Preact portal holds more heap than
 * a root: one root per element, rendered together.
 */
function renderEach(changed: Mounted[]): void {
  flushSync(() => {
    for (const m of changed) {
      let root = page.roots.get(m);
      if (m.gone) {
        root?.unmount();
        continue;
      }
      if (!root) page.roots.set(m, (root = createRoot(m.container)));
      root.render(m.component(m.props));
    }
  });
}

/** Which build this is, written in by the build (rollup.config.mjs, `buildConstants`); unit tests run on Node's. */
declare const process: { env: { STOREFRONT_BUILD?: string } };

function flushWidgets(): void {
  page.scheduled = false;
  // The shared root renders every shown widget (memo skips the unchanged): only lite needs the list.
  const changed = process.env.STOREFRONT_BUILD === 'lite' ? [...page.changed] : null;
  page.changed.clear();
  if (changed) renderEach(changed);
  else renderShared();
}

function changed(mounted: Mounted): void {
  page.changed.add(mounted);
  if (page.scheduled) return;
  page.scheduled = true;
  queueMicrotask(flushWidgets);
}

/** r2wc's renderer: elements join, change and leave the page's widgets; the end of the task renders them. */
const renderer: R2WCRenderer<HostProps, Mounted> = {
  mount(container, component, props) {
    const mounted: Mounted = {
      container,
      // Always a definition's Host: a plain function of its props, with no hooks.
      component: component as Mounted['component'],
      props: { ...props },
      gone: false,
      key: String(page.keys++),
    };
    page.shown.add(mounted);
    changed(mounted);
    return mounted;
  },
  update(mounted, props) {
    mounted.props = { ...props };
    if (!mounted.gone) changed(mounted);
  },
  unmount(mounted) {
    mounted.gone = true;
    page.shown.delete(mounted);
    changed(mounted);
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
    const widget = createElement(component as ComponentType<object>, props);
    // A tag that hands its controls classes of its own (data-classes) gives them to its components.
    const classes = host.getAttribute('data-classes');
    const scoped =
      classes === null
        ? widget
        : createElement(TagControlClasses.Provider, { value: tagControlClasses(host, classes) }, widget);
    return createElement(WidgetErrorBoundary, { tag }, scoped);
  }

  const element = r2wc(Host, { props: watched }, renderer);
  // Another copy of the script may have won the race between get() and define().
  if (customElements.get(tag)) return;
  customElements.define(tag, element);
  ensureStyles(tag, definition.styles ?? '');
}
