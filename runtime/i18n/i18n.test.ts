import { afterEach, describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../contract/currencies';
import { isWidgetMessageKey, WIDGET_MESSAGES, type WidgetMessageKey } from '../../contract/widget-messages';
import { clearStoreContext, storeContextOf } from '../../testing/store-context';
import { formatMoney, formatNumber } from './format';
import { DATE_LONG, DATE_TIME_MEDIUM, formatDate } from './format-date';
import { checkMessage, formatMessage, messageArguments } from '../../contract/message-format';
import { translator } from './t';
import FRENCH_JSON from '../../contract/examples/messages.fr-FR.json';

const FRENCH: Record<string, string> = FRENCH_JSON;
const t = translator(WIDGET_MESSAGES);

afterEach(clearStoreContext);

describe('formatMessage', () => {
  it('fills values and picks plural forms by the locale rules, exact matches first', () => {
    const items = '{count, plural, =1 {one item} one {# item (one)} other {# items}}';
    expect(formatMessage(items, { count: 1 }, 'en-US')).toBe('one item');
    expect(formatMessage(items, { count: 0 }, 'en-US')).toBe('0 items');
    expect(formatMessage(items, { count: 1234 }, 'en-US')).toBe('1,234 items');
    // French puts 0 in "one"; its grouping separator is a narrow no-break space.
    expect(formatMessage(items, { count: 0 }, 'fr-FR')).toBe('0 item (one)');
    expect(formatMessage(items, { count: 1234 }, 'fr-FR')).toBe(`${new Intl.NumberFormat('fr-FR').format(1234)} items`);
    expect(formatMessage('Hello {name}, {n}', { name: 'Ana', n: 2.5 }, 'fr-FR')).toBe('Hello Ana, 2,5');
  });

  it('nests values and plurals inside cases, and prints a missing value as nothing', () => {
    const source = '{a, plural, one {{b, plural, one {# of {who}} other {#}}} other {x}}';
    expect(formatMessage(source, { a: 1, b: 1, who: 'me' }, 'en-US')).toBe('1 of me');
    expect(formatMessage('[{missing}]', {}, 'en-US')).toBe('[]');
    expect(messageArguments(source)).toEqual(['a', 'b', 'who']);
  });

  it('throws on malformed messages', () => {
    for (const bad of [
      '{',
      '}',
      '{a',
      '{a, plural, one {x}}',
      '{a, select, x {y} other {z}}',
      '{a, plural, other {x}',
    ]) {
      expect(() => checkMessage(bad), bad).toThrow(SyntaxError);
    }
  });
});

describe('the widget catalog', () => {
  it('has a well-formed English default for every key', () => {
    for (const [key, text] of Object.entries(WIDGET_MESSAGES)) {
      expect(text.trim(), key).not.toBe('');
      expect(() => checkMessage(text), key).not.toThrow();
    }
  });

  it("keeps the spec's strings character for character", () => {
    storeContextOf({});
    expect(t('addToCart.adding')).toBe('Adding…');
    expect(t('addToCart.added')).toBe('Added!');
    expect(t('addToCart.selectMany', { list: 'Size, Color', last: 'Fit' })).toBe(
      'Please select the Size, Color and Fit options.',
    );
    expect(t('cartPill.items', { count: 1 })).toBe('item');
    expect(t('cartPill.items', { count: 0 })).toBe('items');
    expect(t('cartPill.label', { count: 1 })).toBe('one item in cart');
    expect(t('cartPill.label', { count: 2 })).toBe('2 items in cart');
    expect(t('installments.payments', { n: 4, amount: '$12.00' })).toBe('or 4 interest-free payments of $12.00 with');
    expect(t('cart.minimumSubtotal', { subtotal: '$20.00' })).toBe(
      'To check out, your order subtotal must be $20.00 or more.',
    );
    expect(t('restockAdmin.sent', { count: 1 })).toBe('Sent 1 restock e-mail.');
    expect(t('restockAdmin.sent', { count: 3 })).toBe('Sent 3 restock e-mails.');
  });

  it('ships a French example with only known keys, the same values and well-formed texts', () => {
    expect(Object.keys(FRENCH).filter((key) => !isWidgetMessageKey(key))).toEqual([]);
    for (const [key, text] of Object.entries(FRENCH)) {
      expect(typeof text, key).toBe('string');
      expect(messageArguments(text), key).toEqual(messageArguments(WIDGET_MESSAGES[key as WidgetMessageKey]));
    }
    // The example covers the whole catalog, so the French page shows no English.
    expect(Object.keys(FRENCH).sort()).toEqual(Object.keys(WIDGET_MESSAGES).sort());
  });
});

describe('t', () => {
  it("uses the store context's messages and locale, English for keys it leaves out", () => {
    storeContextOf({ locale: 'fr-FR', messages: { 'cartPill.items': FRENCH['cartPill.items'] } });
    expect(t('cartPill.items', { count: 0 })).toBe('article');
    expect(t('cartPill.items', { count: 2 })).toBe('articles');
    expect(t('cart.tax')).toBe('Tax');
  });

  it('falls back to English when an override is malformed', () => {
    storeContextOf({ messages: { 'cart.tax': 'Taxe {', 'cart.total': 'Gesamt' } });
    expect(t('cart.tax')).toBe('Tax');
    expect(t('cart.total')).toBe('Gesamt');
  });
});

describe('money, numbers and dates in the store locale', () => {
  it('writes money as Intl does for the locale, in the store currency by default', () => {
    storeContextOf({ locale: 'fr-FR', storeSettings: { selectedCurrency: 'EUR' } });
    expect(formatMoney(2400)).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(24));
    expect(formatMoney(2400)).toMatch(/^24,00\s€$/);
    expect(formatNumber(4.5, { minimumFractionDigits: 1 })).toBe('4,5');
  });

  it('keeps the spec layout for the default en-US store in USD and JPY', () => {
    storeContextOf({});
    expect(formatMoney(240000)).toBe('$2,400.00');
    expect(formatMoney(4800, 'JPY')).toBe('¥4,800');
  });

  it('shows dates in the store time zone', () => {
    // 2026-03-01 02:30 UTC is still February 28 in New York and already March 1 in Paris.
    const moment = Date.UTC(2026, 2, 1, 2, 30);
    storeContextOf({});
    expect(formatDate(moment, DATE_LONG)).toBe('February 28, 2026');
    // The template's `datetime date:medium time:short`, narrow no-break space before PM included.
    expect(formatDate(moment, DATE_TIME_MEDIUM)).toBe('Feb 28, 2026, 9:30\u202fPM');
    expect(formatDate(new Date(moment), DATE_TIME_MEDIUM)).toBe('Feb 28, 2026, 9:30\u202fPM');
    expect(formatDate(new Date(moment).toISOString(), DATE_LONG)).toBe('February 28, 2026');
    storeContextOf({ locale: 'fr-FR', timeZone: 'Europe/Paris' });
    expect(formatDate(moment, DATE_LONG)).toBe('1 mars 2026');
  });

  it('says "Invalid date." for what is not a date, as the template does', () => {
    storeContextOf({});
    for (const value of [Number.NaN, 'soon', new Date('x'), 1e20]) expect(formatDate(value)).toBe('Invalid date.');
  });

  it('covers the 27 currencies in several locales', () => {
    for (const locale of ['en-US', 'fr-FR', 'de-DE', 'ja-JP']) {
      storeContextOf({ locale });
      for (const [code, info] of Object.entries(CURRENCIES)) {
        const parts = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: code,
          minimumFractionDigits: info.fractionDigits,
          maximumFractionDigits: info.fractionDigits,
        }).formatToParts(1234567.89);
        const expected = parts.map((p) => (p.type === 'currency' && p.value === code ? info.symbol : p.value)).join('');
        expect(formatMoney(123456789 / 10 ** (2 - info.fractionDigits), code), `${locale} ${code}`).toBe(expected);
      }
    }
  });
});
