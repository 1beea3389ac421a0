import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineWidget, ensureStyles, type WidgetHostProps } from './define-widget';
import { addedStyles } from './ensure-styles';

interface ProbeProps extends WidgetHostProps {
  itemId?: string;
  flag?: boolean;
}

function Probe({ itemId, flag, host }: ProbeProps) {
  return <output data-host={host.localName}>{`${itemId ?? '-'}|${String(flag)}`}</output>;
}

defineWidget<ProbeProps>({
  tag: 'store-probe',
  component: Probe,
  attributes: { itemId: 'string', flag: 'boolean' },
  styles: 'store-probe { display: block; }',
});

/** A widget with state of its own, and a log of its renders. */
const renders: string[] = [];
function Counter({ itemId }: WidgetHostProps & { itemId?: string }) {
  const [count, setCount] = useState(0);
  renders.push(itemId ?? '');
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`${itemId ?? ''}:${count}`}
    </button>
  );
}
defineWidget({ tag: 'store-counter', component: Counter, attributes: { itemId: 'string' } });

async function render(markup: string): Promise<HTMLElement> {
  document.body.innerHTML = markup;
  const element = document.body.firstElementChild as HTMLElement;
  await vi.waitFor(() => expect(element.querySelector('output')).not.toBeNull());
  return element;
}

// Both builds' renderers: the React build's shared root, and the lite build's root per element
// (chosen by the build's STOREFRONT_BUILD constant, read at each render here).
describe.each(['react', 'lite'])('defineWidget (%s build)', (build) => {
  beforeAll(async () => {
    document.body.innerHTML = '';
    await Promise.resolve();
    process.env.STOREFRONT_BUILD = build;
  });
  afterAll(async () => {
    document.body.innerHTML = '';
    await Promise.resolve();
    delete process.env.STOREFRONT_BUILD;
  });

  it('passes data attributes as props, and the host element', async () => {
    const el = await render('<store-probe data-item-id="p1" data-flag="true"></store-probe>');
    expect(el.querySelector('output')?.textContent).toBe('p1|true');
    expect(el.querySelector('output')?.dataset.host).toBe('store-probe');
  });

  it('reads a boolean attribute by presence: empty means true, "false" and absent mean false', async () => {
    expect((await render('<store-probe data-flag></store-probe>')).textContent).toBe('-|true');
    expect((await render('<store-probe data-flag=""></store-probe>')).textContent).toBe('-|true');
    expect((await render('<store-probe data-flag="false"></store-probe>')).textContent).toBe('-|false');
    expect((await render('<store-probe></store-probe>')).textContent).toBe('-|false');
  });

  it('renders every element that appeared in one task together, right after that task', async () => {
    document.body.innerHTML = Array.from(
      { length: 20 },
      (_, i) => `<store-probe data-item-id="p${i}"></store-probe>`,
    ).join('');
    expect(document.querySelectorAll('store-probe output')).toHaveLength(0);
    await Promise.resolve();
    expect(document.querySelectorAll('store-probe output')).toHaveLength(20);
  });

  it('uses the latest attributes for the first render, and skips elements removed before it', async () => {
    document.body.innerHTML =
      '<store-probe data-item-id="a"></store-probe><store-probe data-item-id="gone"></store-probe>';
    const [first, second] = [...document.querySelectorAll('store-probe')] as HTMLElement[];
    first?.setAttribute('data-item-id', 'b');
    second?.remove();
    await Promise.resolve();
    expect(first?.textContent).toBe('b|false');
    expect(second?.innerHTML).toBe('');
  });

  it('replaces what the server put in the element', async () => {
    const el = await render('<store-probe data-item-id="a"><p>server stand-in</p></store-probe>');
    expect(el.innerHTML).toBe('<output data-host="store-probe">a|false</output>');
  });

  it("keeps each widget's state when another leaves the page, and renders only the widget that changed", async () => {
    document.body.innerHTML = ['a', 'b', 'c']
      .map((id) => `<store-counter data-item-id="${id}"></store-counter>`)
      .join('');
    const buttons = () => [...document.querySelectorAll('store-counter button')] as HTMLButtonElement[];
    await vi.waitFor(() => expect(buttons()).toHaveLength(3));
    buttons()[2]?.click();
    buttons()[2]?.click();
    await vi.waitFor(() => expect(buttons().map((b) => b.textContent)).toEqual(['a:0', 'b:0', 'c:2']));
    renders.length = 0;
    document.querySelectorAll('store-counter')[1]?.remove();
    document.querySelector('store-counter')?.setAttribute('data-item-id', 'A');
    await vi.waitFor(() => expect(buttons().map((b) => b.textContent)).toEqual(['A:0', 'c:2']));
    expect(renders).toEqual(['A']);
  });

  it('renders an element moved elsewhere in the page again, in its new place', async () => {
    document.body.innerHTML = '<div id="from"><store-probe data-item-id="m"></store-probe></div><div id="to"></div>';
    const el = document.querySelector('store-probe') as HTMLElement;
    await vi.waitFor(() => expect(el.textContent).toBe('m|false'));
    const error = vi.spyOn(console, 'error');
    (document.getElementById('to') as HTMLElement).append(el);
    el.setAttribute('data-item-id', 'moved');
    await vi.waitFor(() => expect(el.textContent).toBe('moved|false'));
    expect(el.querySelectorAll('output')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('follows attribute changes', async () => {
    const el = await render('<store-probe data-item-id="a"></store-probe>');
    el.setAttribute('data-item-id', 'b');
    await vi.waitFor(() => expect(el.textContent).toBe('b|false'));
  });

  it('contains a crashing widget: it renders nothing and the page goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    defineWidget<WidgetHostProps>({
      tag: 'store-crash',
      component: () => {
        throw new Error('boom');
      },
      attributes: {},
    });
    document.body.innerHTML =
      '<p>before</p><store-crash></store-crash><store-probe data-item-id="next"></store-probe><p>after</p>';
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(document.querySelector('store-crash')?.innerHTML).toBe('');
    // The widget beside it, rendered in the same pass, is unharmed.
    expect(document.body.textContent).toBe('beforenext|falseafter');
    vi.restoreAllMocks();
  });
});

describe('widget styles', () => {
  it('adds its stylesheet once, and defining the tag again does nothing', () => {
    defineWidget<ProbeProps>({
      tag: 'store-probe',
      component: () => null,
      attributes: { itemId: 'string', flag: 'boolean' },
      styles: 'x {}',
    });
    expect(addedStyles('store-probe')).toBe(':where(store-probe) { display: block; }');
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('adopts one constructable stylesheet per widget, its rules weighed against the page, with no <style> element', () => {
    const before = document.adoptedStyleSheets.length;
    ensureStyles('store-sheet-probe', '.a { color: red; }');
    ensureStyles('store-sheet-probe', '.a { color: red; }');
    expect(document.adoptedStyleSheets).toHaveLength(before + 1);
    expect(addedStyles('store-sheet-probe')).toBe('html :where(.a) { color: red; }');
    expect(addedStyles('store-base')).toContain('.store-visually-hidden');
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('falls back to a <style> with the store context nonce where constructable stylesheets are missing', () => {
    // A document without a window has no CSSStyleSheet constructor to use.
    const doc = document.implementation.createHTMLDocument('old browser');
    expect(doc.defaultView).toBeNull();
    const context = doc.createElement('script');
    context.id = 'store-context';
    context.setAttribute('nonce', 'n0nce');
    doc.head.append(context);
    ensureStyles('store-old', '.b {}', doc);
    const style = doc.head.querySelector<HTMLStyleElement>('style[data-store-styles="store-old"]');
    expect(style?.textContent).toBe('html :where(.b) {}');
    expect(style?.nonce || style?.getAttribute('nonce')).toBe('n0nce');
  });
});
