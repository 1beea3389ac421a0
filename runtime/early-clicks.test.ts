import { describe, expect, it } from 'vitest';
import { holdClicks, takeClicks } from './early-clicks';

function productForm(): { form: HTMLFormElement; button: HTMLElement } {
  document.body.innerHTML =
    '<form class="product-form"><input name="quantity" value="1"><div role="button" tabindex="0">Add</div></form>';
  return {
    form: document.querySelector('form') as HTMLFormElement,
    button: document.querySelector('[role=button]') as HTMLElement,
  };
}

describe('early clicks', () => {
  it('counts clicks, Enter, Space and submits of the form until taken, and keeps the form from posting', () => {
    const { form, button } = productForm();
    holdClicks(button);
    holdClicks(button);
    button.click();
    const enter = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true, bubbles: true });
    button.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(takeClicks(button)).toBe(3);
  });

  it('stops holding once taken: later clicks and submits are no longer counted or stopped', () => {
    const { form, button } = productForm();
    holdClicks(button);
    expect(takeClicks(button)).toBe(0);
    button.click();
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(takeClicks(button)).toBe(0);
  });
});
