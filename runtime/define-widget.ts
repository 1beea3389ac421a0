import r2wc from '@r2wc/react-to-web-component';
import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** How one prop is read from the element: the attribute's name and how to read its text. */
export interface AttributeSpec {
  attr: `data-${string}`;
  /**
   * `string` passes the text; `boolean` is true when the attribute is present and
   * not "false" (so `data-x`, `data-x=""` and `data-x="true"` all mean true).
   */
  type: 'string' | 'boolean';
}

/** Every widget receives the element it renders into. */
export interface WidgetHostProps {
  host: HTMLElement;
}

type DataProps<P> = Omit<P, keyof WidgetHostProps>;

export interface WidgetDefinition<P extends WidgetHostProps> {
  tag: `store-${string}`;
  component: ComponentType<P>;
  /** Prop name -> attribute it comes from. */
  attributes: { [K in keyof DataProps<P>]-?: AttributeSpec };
  /** CSS for the widget, added to the document once. */
  styles?: string;
}

function camelCase(attr: string): string {
  return attr.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Adds a widget's stylesheet to the document once, however many times it is asked. */
export function ensureStyles(id: string, css: string, doc: Document = document): void {
  if (!css || doc.head.querySelector(`style[data-store-styles="${id}"]`)) return;
  const style = doc.createElement('style');
  style.dataset.storeStyles = id;
  style.textContent = css;
  doc.head.append(style);
}

class WidgetErrorBoundary extends Component<{ tag: string; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // One broken widget must not take the page down; it leaves a trace and renders nothing.
    console.warn(`<${this.props.tag}> stopped after an error`, error, info.componentStack);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Defines a React component as a custom element whose props come from data
 * attributes. Defining an already defined tag does nothing, so the script may load twice.
 */
export function defineWidget<P extends WidgetHostProps>(definition: WidgetDefinition<P>): void {
  const { tag, component, attributes } = definition;
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;

  const entries = Object.entries(attributes) as [string, AttributeSpec][];
  // r2wc derives attribute names from camelCase prop names: dataItemId <-> data-item-id.
  const watched = Object.fromEntries(entries.map(([, spec]) => [camelCase(spec.attr), 'string' as const]));

  function Host(raw: Record<string, unknown> & { container?: HTMLElement }) {
    const host = raw.container as HTMLElement;
    const props: Record<string, unknown> = { host };
    for (const [prop, spec] of entries) {
      if (spec.type === 'boolean') {
        const value = host.getAttribute(spec.attr);
        props[prop] = value !== null && value !== 'false';
      } else {
        props[prop] = (raw[camelCase(spec.attr)] as string | undefined) ?? host.getAttribute(spec.attr) ?? undefined;
      }
    }
    return createElement(WidgetErrorBoundary, { tag }, createElement(component as ComponentType<object>, props));
  }

  const element = r2wc(Host, { props: watched });
  // Another copy of the script may have won the race between get() and define().
  if (customElements.get(tag)) return;
  customElements.define(tag, element);
  if (definition.styles) ensureStyles(tag, definition.styles);
}
