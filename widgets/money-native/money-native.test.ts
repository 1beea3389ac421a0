import { afterEach, describe, expect, it } from 'vitest';
import { clearStoreContext, storeContextOf } from '../../testing/store-context';
import { enhance, platformAmountMinorUnits } from './money-native';

afterEach(clearStoreContext);

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
    storeContextOf({ storeSettings: { selectedCurrency: 'JPY' } });
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

  it('reads amounts the platform prints with grouping commas (the writing desk: 2,400.00)', () => {
    const el = span('2,400.00');
    enhance(el);
    expect(el.textContent).toBe('$2,400.00');
    const big = span('-1,234,567.01');
    enhance(big);
    expect(big.textContent).toBe('-$1,234,567.01');
  });

  it('drops the two decimals the platform prints for JPY', () => {
    storeContextOf({ storeSettings: { selectedCurrency: 'JPY' } });
    const el = span('4,800.00');
    enhance(el);
    expect(el.textContent).toBe('¥4,800');
  });

  it("writes the amount in the store's locale: fr-FR groups and places the symbol its way", () => {
    storeContextOf({ locale: 'fr-FR', storeSettings: { selectedCurrency: 'EUR' } });
    const el = span('2,400.00');
    enhance(el);
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
