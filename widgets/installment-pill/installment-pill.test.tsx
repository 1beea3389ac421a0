import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { shapedPrice, type ShapedPrice } from '../../testing/money-shapes';
import { parseVariants } from '../../runtime/product/types';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi } from '../../testing/fake-api';
import { announceChosenVariant } from '../../runtime/product/chosen-variant';
import { installmentOffer, providerFor } from './installments';
import * as reporter from '../../runtime/errors/error-reporter';
import './installment-pill.element';

const LIMITS = { minCents: 3500, maxCents: 200000 };

describe('installment provider by locale', () => {
  it.each([
    ['en', 'US'],
    ['en', 'CA'],
    ['fr', 'CA'],
    ['en', 'AU'],
    ['en', 'NZ'],
  ])('%s_%s uses Afterpay', (language, country) => {
    expect(providerFor(language, country)).toBe('Afterpay');
  });

  it('en_GB uses the UK-market service', () => {
    expect(providerFor('en', 'GB')).toBe('Clearpay');
    expect(providerFor(' EN ', 'gb')).toBe('Clearpay');
  });

  it("Klarna (flag 70) stands in where the locale's own service is off, and only where installments are offered", () => {
    const on =
      (...providers: string[]) =>
      (p: string) =>
        providers.includes(p);
    expect(providerFor('en', 'US', on('Afterpay', 'Klarna'))).toBe('Afterpay');
    expect(providerFor('en', 'US', on('Klarna'))).toBe('Klarna');
    expect(providerFor('en', 'GB', on('Afterpay', 'Klarna'))).toBe('Klarna');
    expect(providerFor('en', 'GB', on('Afterpay'))).toBeUndefined();
    expect(providerFor('fr', 'FR', on('Klarna'))).toBeUndefined();
    expect(providerFor('en', 'US', on())).toBeUndefined();
  });

  it('other locales have no service', () => {
    for (const [language, country] of [
      ['fr', 'FR'],
      ['de', 'US'],
      ['fr', 'US'],
      ['en', 'IE'],
      ['', ''],
    ] as const) {
      expect(providerFor(language, country)).toBeUndefined();
    }
  });
});

describe('installment range and text', () => {
  it('splits an in-range price into 4 payments', () => {
    expect(installmentOffer(12000, LIMITS, 'USD')).toEqual({
      kind: 'payments',
      text: 'or 4 interest-free payments of $30.00 with',
    });
  });

  it('rounds each payment to the cent', () => {
    expect(installmentOffer(9999, LIMITS, 'USD').text).toBe('or 4 interest-free payments of $25.00 with');
    expect(installmentOffer(10001, LIMITS, 'USD').text).toBe('or 4 interest-free payments of $25.00 with');
    expect(installmentOffer(10006, LIMITS, 'USD').text).toBe('or 4 interest-free payments of $25.02 with');
  });

  it('is out of range at the minimum and below', () => {
    for (const price of [0, 3499, 3500]) {
      expect(installmentOffer(price, LIMITS, 'USD')).toEqual({
        kind: 'over',
        text: 'available for orders over $35.00',
      });
    }
    expect(installmentOffer(3501, LIMITS, 'USD').kind).toBe('payments');
  });

  it('is in range at the maximum and out of range above it', () => {
    expect(installmentOffer(200000, LIMITS, 'USD').text).toBe('or 4 interest-free payments of $500.00 with');
    expect(installmentOffer(200001, LIMITS, 'USD')).toEqual({
      kind: 'up-to',
      text: 'available for orders up to $2,000.00',
    });
  });

  it('formats amounts in the given currency', () => {
    expect(installmentOffer(12000, LIMITS, 'GBP').text).toBe('or 4 interest-free payments of £30.00 with');
    expect(installmentOffer(100, LIMITS, 'GBP').text).toBe('available for orders over £35.00');
    // JPY has no minor unit: 10,000 yen is held as 10000.
    expect(installmentOffer(10002, { minCents: 1000, maxCents: 100000 }, 'JPY').text).toBe(
      'or 4 interest-free payments of ¥2,501 with',
    );
  });
});

/** Resolves once the pill has decided to render nothing (`data-state="hidden"`). */
async function hidden(element: HTMLElement): Promise<void> {
  await vi.waitFor(() => expect(element.getAttribute('data-state')).toBe('hidden'));
}

function mount(attributes: string): HTMLElement {
  document.body.innerHTML = `<store-installment-pill ${attributes}></store-installment-pill>`;
  return document.querySelector('store-installment-pill') as HTMLElement;
}

const US =
  'data-item-id="p1" data-after-pay-available data-after-pay-min="3500" data-after-pay-max="200000" data-shopper-language="en" data-stripe-account-country="US" data-currency="USD"';

describe('<store-installment-pill>', () => {
  it('shows the payments and the provider for an in-range price', async () => {
    const pill = mount(`${US} data-price="12000"`);
    await vi.waitFor(() => expect(pill.textContent).toContain('or 4 interest-free payments of $30.00 with Afterpay'));
  });

  it('shows nothing when installments are unavailable or the locale has no service, and says so in data-state', async () => {
    const off = mount(`${US.replace('data-after-pay-available', '')} data-price="12000"`);
    await hidden(off);
    expect(off.querySelector('.store-installment-pill')).toBeNull();
    const fr = mount(`${US.replace('"US"', '"FR"')} data-price="12000"`);
    await hidden(fr);
    expect(fr.querySelector('.store-installment-pill')).toBeNull();
    const shown = mount(`${US} data-price="12000"`);
    await vi.waitFor(() => expect(shown.getAttribute('data-state')).toBe('shown'));
    expect(shown.querySelector('.store-installment-pill')).not.toBeNull();
  });

  it("shows only with its provider's feature flag on: Afterpay 64, Clearpay 68, else Klarna 70", async () => {
    const context = (enabledFeatures: number[]) => {
      document.getElementById('store-context')?.remove();
      document.head.insertAdjacentHTML(
        'beforeend',
        `<script type="application/json" id="store-context">${JSON.stringify({ enabledFeatures })}</script>`,
      );
    };
    try {
      context([68]);
      const us = mount(`${US} data-price="12000"`);
      await hidden(us);
      expect(us.querySelector('.store-installment-pill')).toBeNull();
      const gb = mount(`${US.replace('"US"', '"GB"')} data-price="12000"`);
      await vi.waitFor(() => expect(gb.textContent).toContain('with Clearpay'));
      context([64]);
      const gbOff = mount(`${US.replace('"US"', '"GB"')} data-price="12000"`);
      await hidden(gbOff);
      expect(gbOff.querySelector('.store-installment-pill')).toBeNull();
      const usOn = mount(`${US} data-price="12000"`);
      await vi.waitFor(() => expect(usOn.textContent).toContain('with Afterpay'));
      context([70]);
      const klarna = mount(`${US.replace('"US"', '"GB"')} data-price="12000"`);
      await vi.waitFor(() => expect(klarna.textContent).toContain('or 4 interest-free payments of $30.00 with Klarna'));
      expect(klarna.querySelector('.store-installment-pill__provider--klarna')).not.toBeNull();
      context([40, 50]);
      const none = mount(`${US} data-price="12000"`);
      await hidden(none);
      expect(none.querySelector('.store-installment-pill')).toBeNull();
    } finally {
      document.getElementById('store-context')?.remove();
    }
  });

  it("follows the chosen variant's price, its sale price while on sale", async () => {
    const pill = mount(`${US} data-price="12000"`);
    await vi.waitFor(() => expect(pill.textContent).toContain('$30.00'));
    announceChosenVariant('p1', {
      sku: 'a',
      attributes: {},
      priceCents: 400000,
      stock: { unlimited: true, qtyInStock: 0 },
    } as never);
    await vi.waitFor(() => expect(pill.textContent).toContain('available for orders up to $2,000.00'));
    announceChosenVariant('p1', {
      sku: 'b',
      attributes: {},
      priceCents: 400000,
      onSale: true,
      salePriceCents: 2000,
      stock: { unlimited: true, qtyInStock: 0 },
    } as never);
    await vi.waitFor(() => expect(pill.textContent).toContain('available for orders over $35.00'));
    announceChosenVariant('other', {
      sku: 'c',
      attributes: {},
      priceCents: 8000,
      stock: { unlimited: true, qtyInStock: 0 },
    } as never);
    announceChosenVariant('p1', null);
    await vi.waitFor(() => expect(pill.textContent).toContain('$30.00'));
  });

  it('shows the offer for a data-price in every money shape', async () => {
    await fc.assert(
      fc.asyncProperty(shapedPrice(400_000), async (price: ShapedPrice) => {
        const given = typeof price.value === 'object' ? JSON.stringify(price.value) : String(price.value);
        // A shape that names its currency wins over data-currency.
        const pill = mount(
          `${US.replace('data-currency="USD"', `data-currency="${price.beside ?? 'CHF'}"`)} data-price='${given}'`,
        );
        const { text } = installmentOffer(price.minor, LIMITS, price.currency);
        await vi.waitFor(() =>
          expect(pill.querySelector('.store-installment-pill')?.textContent, price.shape).toContain(text),
        );
      }),
      { numRuns: 40 },
    );
  });

  it("follows the chosen variant's price written in every money shape, in its currency", async () => {
    const pill = mount(`${US} data-price="12000"`);
    await vi.waitFor(() => expect(pill.textContent).toContain('$30.00'));
    await fc.assert(
      fc.asyncProperty(shapedPrice(400_000), async (price: ShapedPrice) => {
        const [variant] = parseVariants(JSON.stringify([{ sku: 'a', attributes: {}, price: price.value }]));
        announceChosenVariant('p1', variant ?? null);
        // Tag data that names no currency is in the store's (USD here).
        const { text } = installmentOffer(price.minor, LIMITS, price.beside ? 'USD' : price.currency);
        await vi.waitFor(() =>
          expect(pill.querySelector('.store-installment-pill')?.textContent, price.shape).toContain(text),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('leaves out a malformed data-price with one warning naming the tag and the attribute, never NaN or $0.00', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const [price, problem] of [
        ['NaN', '"NaN" is not an amount'],
        ['Infinity', '"Infinity" is not an amount'],
        ['-100', '"-100" is negative'],
        ['twelve', '"twelve" is not an amount'],
        ['{"decimalValue":"48.00","currency":"XYZ"}', '"XYZ" is not a currency the store sells in'],
      ]) {
        const pill = mount(`${US} data-price='${price}'`);
        await hidden(pill);
        expect(pill.textContent).not.toMatch(/NaN|\$0\.00/);
        expect(warn).toHaveBeenLastCalledWith(
          `<store-installment-pill> data-price: ${problem}, so the price is left out.`,
        );
      }
      expect(warn).toHaveBeenCalledTimes(5);
      await hidden(mount(`${US} data-price="twelve"`));
      expect(warn).toHaveBeenCalledTimes(5);
    } finally {
      warn.mockRestore();
    }
  });

  it('draws the info mark as an inline SVG in the text colour, not a font glyph, and keeps its name', async () => {
    const pill = mount(`${US} data-price="12000"`);
    const button = await vi.waitFor(() => {
      const found = pill.querySelector<HTMLButtonElement>('.store-installment-pill__info');
      expect(found).not.toBeNull();
      return found as HTMLButtonElement;
    });
    expect(button.textContent).not.toContain('ⓘ');
    expect(button.textContent?.trim()).toBe('About paying with Afterpay');
    const icon = button.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('focusable')).toBe('false');
    const painted = [...(icon?.querySelectorAll('circle, path') ?? [])].flatMap((shape) =>
      ['fill', 'stroke'].map((name) => shape.getAttribute(name)).filter((value) => value && value !== 'none'),
    );
    expect(painted.length).toBeGreaterThan(0);
    expect(new Set(painted)).toEqual(new Set(['currentColor']));
  });

  it('opens the info modal, closes it by Escape and gives focus back', async () => {
    const api = fakeApi({
      'GET /api/commerce/installments/info': (call) =>
        new Response(
          `<p>Info for ${call.search.get('language')}_${call.search.get('country')} ${call.search.get('provider')}</p>`,
          {
            headers: { 'Content-Type': 'text/html' },
          },
        ),
    });
    setHttpClient(createHttpClient({ fetch: api.fetch }));
    const pill = mount(`${US} data-price="12000"`);
    const button = await vi.waitFor(() => {
      const found = pill.querySelector<HTMLButtonElement>('.store-installment-pill__info');
      expect(found).not.toBeNull();
      return found as HTMLButtonElement;
    });
    button.focus();
    button.click();
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector('dialog');
      expect(found?.textContent).toContain('Info for en_US Afterpay');
      return found as HTMLElement;
    });
    expect(dialog.textContent).toContain('Pay with Afterpay');
    // The shopper presses Escape where focus is: inside the modal once it opened.
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('reports a pill offered with limits it cannot use, once, and shows nothing', async () => {
    const report = vi.spyOn(reporter, 'reportError').mockImplementation(() => undefined);
    try {
      const swapped = mount(
        US.replace('data-after-pay-min="3500"', 'data-after-pay-min="300000"') + ' data-price="12000"',
      );
      await hidden(swapped);
      expect(report).toHaveBeenCalledTimes(1);
      expect(String(report.mock.calls[0]?.[0])).toContain(
        'has data-after-pay-min 300000 above data-after-pay-max 200000',
      );
      expect(report.mock.calls[0]?.[1]).toBe('store-installment-pill');
      const unreadable = mount(US.replace('data-after-pay-max="200000"', 'data-after-pay-max="lots"'));
      await hidden(unreadable);
      await vi.waitFor(() => expect(report).toHaveBeenCalledTimes(2));
      expect(String(report.mock.calls[1]?.[0])).toContain('needs data-after-pay-min and data-after-pay-max in cents');
      // Not offered at all (no data-after-pay-available): nothing to report.
      await hidden(mount('data-item-id="p1" data-shopper-language="en" data-stripe-account-country="US"'));
      expect(report).toHaveBeenCalledTimes(2);
    } finally {
      report.mockRestore();
    }
  });

  it('only logs a warning when the info page cannot be fetched', async () => {
    const report = vi.spyOn(reporter, 'reportError');
    const api = fakeApi({ 'GET /api/commerce/installments/info': () => new Response('nope', { status: 500 }) });
    setHttpClient(createHttpClient({ fetch: api.fetch }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pill = mount(`${US} data-price="12000"`);
    const button = await vi.waitFor(() => {
      const found = pill.querySelector<HTMLButtonElement>('.store-installment-pill__info');
      expect(found).not.toBeNull();
      return found as HTMLButtonElement;
    });
    button.click();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(document.querySelector('dialog')).toBeNull();
    expect(pill.textContent).toContain('Afterpay');
    expect(report).not.toHaveBeenCalled();
    report.mockRestore();
    warn.mockRestore();
  });
});
