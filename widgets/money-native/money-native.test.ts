import { describe, expect, it } from 'vitest';
import { resetStoreContext } from '../../runtime/session/store-context';
import { enhance } from './money-native';

function span(text: string): HTMLElement {
  document.body.innerHTML = `<span class="sqs-money-native">${text}</span>`;
  return document.querySelector('span') as HTMLElement;
}

describe('sqs-money-native', () => {
  it('shows a platform amount in the store currency, once', () => {
    const el = span('1234.50');
    enhance(el);
    expect(el.textContent).toBe('$1,234.50');
    enhance(el);
    expect(el.textContent).toBe('$1,234.50');
  });

  it('uses the store currency of the page, whole units for JPY', () => {
    document.head.innerHTML =
      '<script type="application/json" id="store-context">{"storeSettings":{"selectedCurrency":"JPY"}}</script>';
    resetStoreContext();
    const el = span('4800');
    enhance(el);
    expect(el.textContent).toBe('¥4,800');
    document.head.innerHTML = '';
  });

  it('leaves text that is not a plain amount alone', () => {
    for (const text of ['Unavailable', '', '12,00', '1e5']) {
      const el = span(text);
      enhance(el);
      expect(el.textContent).toBe(text);
    }
  });
});
