import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';

const store = storePerTest();

describe('installment info pages', () => {
  const info = (query: string) => store.app.request(`/api/commerce/installments/info${query}`);

  it('has no inline style, handler or script in any page, which the store policy would refuse in the modal', async () => {
    for (const [language, country] of [
      ['en', 'US'],
      ['en', 'CA'],
      ['fr', 'CA'],
      ['en', 'AU'],
      ['en', 'NZ'],
      ['en', 'GB'],
    ]) {
      const html = await (await info(`?language=${language}&country=${country}`)).text();
      expect(html, `${language}_${country}`).toMatch(/<h2>/);
      expect(html, `${language}_${country}`).not.toMatch(/\sstyle\s*=|\son[a-z]+\s*=|<script|<style|javascript:/i);
    }
  });

  it.each([
    ['en', 'US', 'Afterpay', 'resident of the U.S.'],
    ['en', 'CA', 'Afterpay', 'resident of Canada'],
    ['en', 'AU', 'Afterpay', 'resident of Australia'],
    ['en', 'NZ', 'Afterpay', 'resident of New Zealand'],
    ['en', 'GB', 'Clearpay', 'resident of the UK'],
  ])('serves the English page for %s_%s (%s)', async (language, country, provider, terms) => {
    const response = await info(`?language=${language}&country=${country}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<h2>Pay in 4 interest-free payments with (Afterpay|Clearpay)<\/h2>/);
    expect(html).toContain(`with ${provider}</h2>`);
    expect(html).toContain(`Choose ${provider} at checkout.`);
    expect(html).not.toContain(provider === 'Clearpay' ? 'Afterpay' : 'Clearpay');
    expect(html).toContain('one every two weeks');
    expect(html.match(/<li>/g)).toHaveLength(4);
    expect(html).toContain(terms);
    expect(html).not.toMatch(/<html|<body|<script/i);
  });

  it('serves the French page for fr_CA', async () => {
    const html = await (await info('?language=fr&country=CA')).text();
    expect(html).toContain('<h2>Payez en 4 versements sans intérêt avec Afterpay</h2>');
    expect(html).toContain('toutes les deux semaines');
    expect(html).toContain('résider au Canada');
  });

  it('reads language and country in any case', async () => {
    expect((await info('?language=EN&country=gb')).status).toBe(200);
  });

  it.each([
    '?language=fr&country=US',
    '?language=en&country=FR',
    '?language=de&country=DE',
    '?language=en',
    '?country=US',
    '',
    '?language=en_US&country=US',
    '?language=en&country=US%3Cscript%3E',
    '?language=constructor&country=x',
    '?language=__proto__&country=US',
    '?language=en&country=GB&provider=Afterpay',
    '?language=en&country=US&provider=Clearpay',
    '?language=fr&country=FR&provider=Klarna',
  ])('answers %s with a 404 JSON message that echoes nothing', async (query) => {
    const response = await info(query);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({
      message: 'There is no installment information for this language, country and provider.',
    });
  });

  it.each([
    ['en', 'US', 'resident of the U.S.'],
    ['en', 'GB', 'resident of the UK'],
    ['fr', 'CA', 'résider au Canada'],
  ])('serves the Klarna page for %s_%s with provider=Klarna', async (language, country, terms) => {
    const response = await info(`?language=${language}&country=${country}&provider=Klarna`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/avec Klarna<\/h2>|with Klarna<\/h2>/);
    expect(html).toContain(terms);
    expect(html).not.toMatch(/Afterpay|Clearpay/);
    expect(
      await (
        await info(`?language=${language}&country=${country}&provider=${country === 'GB' ? 'Clearpay' : 'Afterpay'}`)
      ).text(),
    ).not.toContain('Klarna');
  });

  it.each(['klarna', 'Affirm', '<b>'])(
    'refuses an unknown provider (%s) with 400 JSON that echoes nothing',
    async (provider) => {
      const response = await info(`?language=en&country=US&provider=${encodeURIComponent(provider)}`);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ message: 'provider must be one of Afterpay, Clearpay, Klarna.' });
    },
  );
});
