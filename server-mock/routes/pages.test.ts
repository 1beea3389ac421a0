import { PRODUCT_IMAGE_SIZES } from '../../contract/breakpoints';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { parseStoreContext } from '../../contract/store-context';
import FRENCH from '../../contract/examples/messages.fr-FR.json';

const store = storePerTest();

/** The store context a page carries, as widgets read it. */
function storeContextOf(page: string) {
  const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(page)?.[1];
  return parseStoreContext(json);
}

describe('the French store variant', () => {
  it('gives the widgets fr-FR, Europe/Paris, euros and the French catalog, with widget tags', async () => {
    const response = await store.app.request('/fr/shop/p/linen-shirt');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<store-add-to-cart data-item-id="prod-linen-shirt"');
    expect(page).toContain('à partir de <span class="sqs-money-native">48.00</span>');
    const context = storeContextOf(page);
    expect(context).toMatchObject({ locale: 'fr-FR', timeZone: 'Europe/Paris', currency: 'EUR' });
    expect(context.messages).toEqual(FRENCH);
    expect((await store.app.request('/fr/shop/p/no-such-product')).status).toBe(404);
  });

  it('leaves the other pages in en-US, the default time zone and English', async () => {
    const page = await (await store.app.request('/shop/p/linen-shirt')).text();
    expect(page).toContain('<html lang="en">');
    expect(storeContextOf(page)).toMatchObject({ locale: 'en-US', timeZone: 'America/New_York', messages: {} });
  });
});

describe('the mobile breakpoint on pages', () => {
  it('writes the product image sizes from the shared breakpoint', async () => {
    const html = await (await store.visitor().call('GET', '/shop/p/linen-shirt')).text();
    expect(html).toContain(`sizes="${PRODUCT_IMAGE_SIZES}"`);
    expect(PRODUCT_IMAGE_SIZES).toBe('(max-width: 432px) 100vw, 50vw');
  });
});
