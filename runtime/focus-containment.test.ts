import { beforeEach, describe, expect, it, vi } from 'vitest';
import { containFocus, FOCUS_CONTAINMENT_ERROR, type FocusContainmentOptions } from './focus-containment';

function tab(shiftKey = false) {
  return { key: 'Tab', shiftKey, preventDefault: vi.fn() };
}

beforeEach(() => {
  document.body.innerHTML = `
    <button id="outside">outside</button>
    <div id="box">
      <a id="a" href="#">a</a>
      <button id="disabled" disabled>x</button>
      <input id="hidden-input" type="hidden">
      <button id="hidden" hidden>h</button>
      <div hidden><button id="in-hidden">h</button></div>
      <input id="b" data-autofocus>
      <button id="c">c</button>
    </div>
    <button id="other" class="keep">other</button>`;
});

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const active = () => document.activeElement?.id;

describe('focus containment', () => {
  it.each<[string, unknown]>([
    ['neither', {}],
    ['both', { container: document.body, predicate: () => true }],
    ['a predicate that is not a function', { predicate: 'yes' }],
    ['null container', { container: null }],
  ])('throws a clear error given %s', (_, options) => {
    expect(() => containFocus(options as FocusContainmentOptions)).toThrow(new TypeError(FOCUS_CONTAINMENT_ERROR));
  });

  it('cycles Tab and Shift+Tab through the focusable elements of a container', () => {
    const trap = containFocus({ container: byId('box') });
    expect(trap.focusables().map((e) => e.id)).toEqual(['a', 'b', 'c']);
    byId('c').focus();
    const forward = tab();
    expect(trap.onKeyDown(forward)).toBe(true);
    expect(active()).toBe('a');
    expect(forward.preventDefault).toHaveBeenCalled();
    const back = tab(true);
    expect(trap.onKeyDown(back)).toBe(true);
    expect(active()).toBe('c');
    // In the middle the browser moves focus itself.
    byId('b').focus();
    const middle = tab();
    expect(trap.onKeyDown(middle)).toBe(false);
    expect(middle.preventDefault).not.toHaveBeenCalled();
    // Focus that escaped comes back.
    byId('outside').focus();
    trap.onKeyDown(tab());
    expect(active()).toBe('a');
    expect(trap.onKeyDown({ key: 'Enter', shiftKey: false, preventDefault: vi.fn() })).toBe(false);
  });

  it('focuses the element marked data-autofocus first, else the first one', () => {
    expect(containFocus({ container: byId('box') }).focusFirst()).toBe(true);
    expect(active()).toBe('b');
    byId('b').removeAttribute('data-autofocus');
    containFocus({ container: byId('box') }).focusFirst();
    expect(active()).toBe('a');
  });

  it('contains focus among the elements a predicate accepts, wherever they are', () => {
    const trap = containFocus({ predicate: (e) => e.id === 'c' || e.classList.contains('keep') });
    expect(trap.focusables().map((e) => e.id)).toEqual(['c', 'other']);
    byId('other').focus();
    trap.onKeyDown(tab());
    expect(active()).toBe('c');
    trap.onKeyDown(tab(true));
    expect(active()).toBe('other');
  });

  it('keeps focus where it is when nothing inside can take it', () => {
    byId('box').innerHTML = '<p>text</p>';
    byId('outside').focus();
    const event = tab();
    expect(containFocus({ container: byId('box') }).onKeyDown(event)).toBe(false);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(containFocus({ container: byId('box') }).focusFirst()).toBe(false);
  });
});
