import { afterEach, describe, expect, it } from 'vitest';
import { clearStoreContext, storeContextOf } from '../../testing/store-context';
import { enhance, platformAmountMinorUnits } from './money-native';

afterEach(clearStoreContext);

/** A money-native span holding `text`, enhanced once. */
function enhanced(text: string): HTMLElement {
  document.body.innerHTML = `<span class="sqs-money-native">${text}</span>`;
  const el = document.querySelector('span') as HTMLElement;
  enhance(el);
  return el;
}

describe('sqs-money-native', () => {
  it('shows a platform amount in the store currency, once', () => {
    const el = enhanced('1234.50');
    expect(el.textContent).toBe('$1,234.50');
    enhance(el);
    expect(el.textContent).toBe('$1,234.50');
  });

  it('uses the store currency of the page, whole units for JPY', () => {
    storeContextOf({ storeSettings: { selectedCurrency: 'JPY' } });
    expect(enhanced('4800').textContent).toBe('¥4,800');
  });

  it('leaves text that is not a plain amount alone', () => {
    for (const text of ['Unavailable', '', '12,00', '1e5']) {
      expect(enhanced(text).textContent).toBe(text);
    }
  });

  it('reads amounts the platform prints with grouping commas (the writing desk: 2,400.00)', () => {
    expect(enhanced('2,400.00').textContent).toBe('$2,400.00');
    expect(enhanced('-1,234,567.01').textContent).toBe('-$1,234,567.01');
  });

  it('drops the two decimals the platform prints for JPY', () => {
    storeContextOf({ storeSettings: { selectedCurrency: 'JPY' } });
    expect(enhanced('4,800.00').textContent).toBe('¥4,800');
  });

  it("writes the amount in the store's locale: fr-FR groups and places the symbol its way", () => {
    storeContextOf({ locale: 'fr-FR', storeSettings: { selectedCurrency: 'EUR' } });
    const el = enhanced('2,400.00');
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(2400);
    expect(el.textContent).toBe(intl);
    expect(el.textContent).toMatch(/^2\s400,00\s€$/);
  });

  it('reads only well-formed groups, rounding extra digits half away from zero', () => {
    expect(platformAmountMinorUnits('1,234.505', 'USD')).toBe(123451n);
    expect(platformAmountMinorUnits('4,800.50', 'JPY')).toBe(4801n);
    expect(platformAmountMinorUnits(' 12 ', 'USD')).toBe(1200n);
    for (const bad of ['1,23.00', '12,00', ',100', '1,000,', '1.000,00', '--1', '1e5']) {
      expect(platformAmountMinorUnits(bad, 'USD'), bad).toBeUndefined();
    }
  });
});
