import { describe, type ShopperPage, type Target } from './driver';
import type { Sites, ThemePages } from './servers';
import { attr, RESTOCK_THANKS, THEME_CONTEXT } from '../theme-page';

/**
 * The shopper journeys, written once against the engine-neutral driver. Each runs on the store's
 * own pages ("same site") and on a theme developer's pages on another site that embed the store
 * ("cross-site"); only where the widgets sit differs between the two.
 */

export type Where = 'same-site' | 'cross-site';

export interface Journey {
  readonly name: string;
  /** Where the journey runs; both when unset. */
  readonly only?: Where;
  run(page: ShopperPage, shop: Shop): Promise<void>;
}

const SHIRT_VARIANTS = [
  { sku: 'LS-S-SAND', attributes: { Size: 'S', Color: 'Sand' }, qtyInStock: 20 },
  { sku: 'LS-S-INDIGO', attributes: { Size: 'S', Color: 'Indigo' }, qtyInStock: 2 },
  { sku: 'LS-M-SAND', attributes: { Size: 'M', Color: 'Sand' }, qtyInStock: 3 },
  { sku: 'LS-L-SAND', attributes: { Size: 'L', Color: 'Sand' }, qtyInStock: 4 },
];
/** The shirt as the shopper spec's data model writes a product: variants of sku, price (decimalValue), attributes. */
const SPEC_SHIRT_VARIANTS = [
  {
    sku: 'LS-S-SAND',
    price: { decimalValue: '48.00', currency: 'USD' },
    attributes: { Size: 'S', Color: 'Sand' },
    qtyInStock: 20,
  },
  {
    sku: 'LS-L-SAND',
    price: { decimalValue: '52.00', currency: 'USD' },
    attributes: { Size: 'L', Color: 'Sand' },
    qtyInStock: 4,
  },
];
const GUIDE_VARIANTS = [{ sku: 'GUIDE-PDF', attributes: {}, unlimited: true }];
const MUG_VARIANTS = [{ sku: 'MUG-1', attributes: {}, qtyInStock: 0 }];

const CONTACT_THANKS = 'Thank you! We read every message and reply within two working days.';
const NEWSLETTER_THANKS = 'Thank you for signing up. Look out for our next letter.';
const MEMBER = { email: 'member@fieldandforge.test', password: 'demo-member-pass' };

function themePage(sites: Sites, title: string, body: string, pill = true): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="application/json" id="store-context">${JSON.stringify(THEME_CONTEXT)}</script>
<script type="module" src="${sites.store}/storefront.js"></script></head>
<body><header><a href="/product.html">Theme shop</a>${pill ? ' <store-cart-pill></store-cart-pill>' : ''}</header>
<main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The shirt's tags with spec-shaped data: the add button, and the pill with the product's `price.decimalValue`. */
function specProductBody(): string {
  return `<store-add-to-cart data-item-id="prod-linen-shirt" data-product-type="1" data-variants='${attr(SPEC_SHIRT_VARIANTS)}' data-variant-option-ordering='${attr(['Size', 'Color'])}'></store-add-to-cart>
<store-installment-pill data-item-id="prod-linen-shirt" data-after-pay-available data-after-pay-min="3500" data-after-pay-max="200000" data-shopper-language="en" data-stripe-account-country="US" data-price='${attr({ decimalValue: '48.00', currency: 'USD' })}'></store-installment-pill>`;
}

/** The theme developer's pages, each with README's tags. */
export const THEME_PAGES: ThemePages = {
  '/product.html': (sites) =>
    themePage(
      sites,
      'Linen Shirt',
      `<store-add-to-cart data-item-id="prod-linen-shirt" data-product-type="1" data-variants='${attr(SHIRT_VARIANTS)}' data-variant-option-ordering='${attr(['Size', 'Color'])}'></store-add-to-cart>
<store-installment-pill data-item-id="prod-linen-shirt" data-after-pay-available data-after-pay-min="3500" data-after-pay-max="200000" data-shopper-language="en" data-stripe-account-country="US" data-price="4800" data-currency="USD"></store-installment-pill>
<h2>Field Guide</h2>
<store-add-to-cart data-item-id="prod-field-guide" data-product-type="2" data-variants='${attr(GUIDE_VARIANTS)}'></store-add-to-cart>`,
    ),
  '/spec-product.html': (sites) => themePage(sites, 'Linen Shirt', specProductBody()),
  '/mug.html': (sites) =>
    themePage(
      sites,
      'Ceramic Mug',
      `<store-restock-box data-product-id="prod-ceramic-mug" data-variants='${attr(MUG_VARIANTS)}'></store-restock-box>`,
    ),
  '/cart.html': (sites) => themePage(sites, 'Your cart', '<store-cart-page></store-cart-page>'),
  '/contact.html': (sites) =>
    themePage(
      sites,
      'Contact',
      '<store-site-form data-form-id="contact" data-page-id="page-contact"></store-site-form>',
    ),
  '/account.html': (sites) => themePage(sites, 'Your account', '<store-account></store-account>'),
  '/popup.html': (sites) =>
    themePage(
      sites,
      'Welcome',
      '<store-popup data-popup-id="newsletter" data-version="1" data-heading="Join our newsletter" data-form-id="newsletter" data-trigger="delay" data-delay="0"></store-popup>',
    ),
};

/** A product's add widget on some page: where it is, its button and quantity field. */
export interface ProductSpot {
  readonly url: string;
  readonly product: Target;
  readonly addButton: Target;
  readonly quantity: Target;
}

/** The platform's markup of a product page on the store (the loader brings it to life). */
function platformProduct(url: string): ProductSpot {
  const product = 'article.product';
  return {
    url,
    product,
    addButton: { css: '.sqs-add-to-cart-button', within: product },
    quantity: { css: 'input[aria-label=Quantity]', within: product },
  };
}

/** README's `<store-add-to-cart>` tag of a product on a page. */
function taggedProduct(url: string, itemId: string): ProductSpot {
  const product = `store-add-to-cart[data-item-id=${itemId}]`;
  return {
    url,
    product,
    addButton: { css: '.store-add-to-cart__button', within: product },
    quantity: { css: '.store-add-to-cart__quantity input', within: product },
  };
}

const NEWSLETTER_FORM = {
  id: 'newsletter',
  name: 'Newsletter',
  submitLabel: 'Sign up',
  newsletter: true,
  captcha: false,
  successMessage: NEWSLETTER_THANKS,
  fields: [{ id: 'email', type: 'email', title: 'Email address', required: true }],
};

/**
 * Pages on the store's own origin that the store did not render, so they come without its
 * cookies: a static page, or a CDN's cached copy (the store's proxy answers them itself).
 */
export const STORE_PAGES: ThemePages = {
  '/static/newsletter.html': (sites) =>
    themePage(sites, 'Newsletter', `<store-site-form data-form='${attr(NEWSLETTER_FORM)}'></store-site-form>`, false),
  '/static/spec-product.html': (sites) => themePage(sites, 'Linen Shirt', specProductBody(), false),
  '/static/product.html': (sites) =>
    themePage(
      sites,
      'Linen Shirt',
      `<store-add-to-cart data-item-id="prod-linen-shirt" data-product-type="1" data-variants='${attr(SHIRT_VARIANTS)}' data-variant-option-ordering='${attr(['Size', 'Color'])}'></store-add-to-cart>`,
      false,
    ),
};

/** Where each widget of a journey is, on the store's own pages or on the theme's. */
export interface Shop {
  readonly where: Where;
  readonly sites: Sites;
  readonly shirt: ProductSpot;
  /** The shirt's tags written with the shopper spec's data model (decimalValue prices). */
  readonly specShirt: ProductSpot;
  readonly guide: ProductSpot;
  readonly mugPage: string;
  readonly restock: Target;
  readonly cartPage: string;
  readonly contactPage: string;
  readonly accountPage: string;
  readonly popupPage: string;
}

export function shopFor(where: Where, sites: Sites): Shop {
  if (where === 'same-site') {
    const { store } = sites;
    return {
      where,
      sites,
      shirt: platformProduct(`${store}/shop/p/linen-shirt`),
      specShirt: taggedProduct(`${store}/static/spec-product.html`, 'prod-linen-shirt'),
      guide: platformProduct(`${store}/shop/p/field-guide`),
      mugPage: `${store}/shop/p/ceramic-mug`,
      restock: '.product-restock-notification',
      cartPage: `${store}/cart`,
      contactPage: `${store}/contact`,
      accountPage: `${store}/account`,
      popupPage: `${store}/qa/popup?trigger=delay&delay=0`,
    };
  }
  const { theme } = sites;
  return {
    where,
    sites,
    shirt: taggedProduct(`${theme}/product.html`, 'prod-linen-shirt'),
    specShirt: taggedProduct(`${theme}/spec-product.html`, 'prod-linen-shirt'),
    guide: taggedProduct(`${theme}/product.html`, 'prod-field-guide'),
    mugPage: `${theme}/mug.html`,
    restock: 'store-restock-box',
    cartPage: `${theme}/cart.html`,
    contactPage: `${theme}/contact.html`,
    accountPage: `${theme}/account.html`,
    popupPage: `${theme}/popup.html`,
  };
}

/** Waits until the element's text is exactly `expected`. */
export function seeText(page: ShopperPage, target: Target, expected: string, when = ''): Promise<unknown> {
  return page.waitFor(
    `${when}${describe(target)} to read "${expected}"`,
    (p, t: Target, e: string) => p.text(t) === e,
    [target, expected],
  );
}

/** Waits until the element's text contains `expected`. */
export function seeTextContaining(page: ShopperPage, target: Target, expected: string, when = ''): Promise<unknown> {
  return page.waitFor(
    `${when}${describe(target)} to contain "${expected}"`,
    (p, t: Target, e: string) => p.text(t)?.includes(e) ?? false,
    [target, expected],
  );
}

/** Waits until the page is `path` (query left aside) on `origin`, across redirects. */
export function seePage(page: ShopperPage, origin: string, path: string): Promise<unknown> {
  return page.waitFor(
    `to be at ${origin}${path}`,
    (_p, o: string, p: string) => location.origin === o && location.pathname === p && document.readyState !== 'loading',
    [origin, path],
  );
}

const PILL = 'store-cart-pill .store-cart-pill__items';
const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/** Opens the product's page once its add button is live. */
async function openProduct(page: ShopperPage, spot: ProductSpot): Promise<void> {
  await page.goto(spot.url);
  // Platform markup is live once the loader has enhanced its button; the tag renders a live one.
  // The installment pill's code comes later, into a box the loader holds for it: seen empty after that, it is a flaw.
  const ready = (await page.waitFor(
    'the add button to be ready',
    async (p, t: Target) => {
      const pill = document.querySelector('store-installment-pill');
      const flags = globalThis as { storeTestPillUnheld?: boolean };
      const loaderRan = 'storefront' in globalThis;
      if (pill && loaderRan && !customElements.get(pill.localName) && pill.getBoundingClientRect().height === 0) {
        flags.storeTestPillUnheld = true;
      }
      const button = p.find(t);
      if (button?.getAttribute('data-phase') !== 'idle' || !(await p.settled(button))) return false;
      return { top: button.getBoundingClientRect().top, unheld: !!flags.storeTestPillUnheld };
    },
    [spot.addButton],
  )) as { top: number; unheld: boolean };
  if (ready.unheld) throw new Error("the installment pill's box was not held before its code arrived");
  const after = (await page.waitFor(
    'the installment pill to render',
    async (p, t: Target) => {
      const pill = document.querySelector('store-installment-pill');
      if (pill && !/^(shown|hidden)$/.test(pill.getAttribute('data-state') ?? '')) return false;
      const button = p.find(t);
      return !!button && (await p.settled(button)) && { top: button.getBoundingClientRect().top };
    },
    [spot.addButton],
  )) as { top: number };
  if (after.top !== ready.top) throw new Error(`the add button moved from ${ready.top} to ${after.top} px`);
}

/** Adds the product (choosing `options` and `quantity` first, where given): the button says so. */
async function add(
  page: ShopperPage,
  spot: ProductSpot,
  options: Record<string, string> = {},
  quantity?: number,
): Promise<void> {
  await openProduct(page, spot);
  for (const [name, value] of Object.entries(options)) {
    await page.select({ css: `select[data-variant-option-name=${name}]`, within: spot.product }, value);
  }
  if (quantity !== undefined) await page.fill(spot.quantity, String(quantity));
  await page.click(spot.addButton);
  await seeText(page, spot.addButton, 'Added!');
}

/** Follows the pill to the store's own cart page and checks it lists the shirt `quantity` times. */
async function storeCartShows(page: ShopperPage, shop: Shop, quantity: number): Promise<void> {
  const link = await page.evaluate(
    () => (document.querySelector('store-cart-pill a') as HTMLAnchorElement | null)?.href,
  );
  if (!link || new URL(link).origin !== shop.sites.store) {
    throw new Error(`the pill should lead to the store (${shop.sites.store}), not ${link}`);
  }
  await page.click('store-cart-pill a');
  await seePage(page, shop.sites.store, '/cart');
  const entry = { css: '.store-cart-page__entry', text: 'Linen Shirt' };
  await seeTextContaining(page, entry, 'Size: S, Color: Sand', "on the store's /cart: ");
  await page.waitFor(
    `the store's cart to hold ${quantity} shirts`,
    (p, t: Target, q: string) => (p.find({ css: 'input', within: t }) as HTMLInputElement | null)?.value === q,
    [entry, String(quantity)],
  );
}

/** The cart with one shirt (S, Sand) `quantity` times, shown by the pill and after a reload. */
async function addAndKeep(page: ShopperPage, shop: Shop, quantity: number): Promise<void> {
  await add(page, shop.shirt, { Size: 'S', Color: 'Sand' }, quantity);
  await seeText(page, PILL, items(quantity));
  await page.reload();
  await seeText(page, PILL, items(quantity), 'after a reload: ');
  await storeCartShows(page, shop, quantity);
  // Checkout, on the store, shows the same cart.
  await page.click({ css: 'a', text: 'Checkout', within: 'store-cart-page' });
  await seePage(page, shop.sites.store, '/checkout');
  await seeTextContaining(page, 'main', 'Linen Shirt', "on the store's /checkout: ");
  await seeTextContaining(page, 'main', 'Total due', "on the store's /checkout: ");
}

export const JOURNEYS: readonly Journey[] = [
  {
    name: 'add to cart with variants and quantity; the pill counts, survives a reload and leads to the cart',
    run: (page, shop) => addAndKeep(page, shop, 2),
  },
  {
    name: 'returning shopper (visited the store before): add, pill, reload, the store cart',
    only: 'cross-site',
    async run(page, shop) {
      // A first-party visit: the store's pages set its cookies.
      await page.goto(`${shop.sites.store}/shop`);
      await addAndKeep(page, shop, 1);
    },
  },
  {
    name: 'nothing kept (no cookies, no storage): adding says so at once and makes no cart',
    only: 'cross-site',
    async run(page, shop) {
      await openProduct(page, shop.shirt);
      await page.select({ css: 'select[data-variant-option-name=Size]', within: shop.shirt.product }, 'S');
      await page.select({ css: 'select[data-variant-option-name=Color]', within: shop.shirt.product }, 'Sand');
      await page.click(shop.shirt.addButton);
      const alert = '[role=alertdialog]';
      await seeTextContaining(page, alert, 'Unable to Add Item');
      await seeTextContaining(
        page,
        alert,
        `Your browser does not let this page keep a cart, so adding here would be lost. Shop on the store's own site: ${shop.sites.store}`,
      );
    },
  },
  {
    name: "a static page on the store's origin, no cookies yet: its inline site form sends on the first try",
    only: 'same-site',
    async run(page, shop) {
      await page.goto(`${shop.sites.store}/static/newsletter.html`);
      const form = 'store-site-form';
      await page.fill({ css: 'input[name=email]', within: form }, 'static-page@example.com');
      await page.click({ css: 'button[type=submit]', within: form });
      await seeTextContaining(page, form, NEWSLETTER_THANKS);
    },
  },
  {
    name: "a static page on the store's origin, no cookies yet: add to cart works on the first try",
    only: 'same-site',
    run: (page, shop) =>
      add(page, taggedProduct(`${shop.sites.store}/static/product.html`, 'prod-linen-shirt'), {
        Size: 'S',
        Color: 'Sand',
      }),
  },
  {
    name: 'the cart page: quantity change, remove, checkout link',
    async run(page, shop) {
      // S/Sand: 20 on hand, so 3 is within one shopper's share of a scarce variant.
      await add(page, shop.shirt, { Size: 'S', Color: 'Sand' });
      await add(page, shop.guide);
      await page.goto(shop.cartPage);
      const shirt = { css: '.store-cart-page__entry', text: 'Linen Shirt' };
      const subtotal = { css: 'dd', within: { css: 'div', text: 'Subtotal', within: '.store-cart-page__totals' } };
      await seeText(page, subtotal, '$60.00');
      await page.fill({ css: 'input', within: shirt }, '3');
      await page.press('Enter');
      await seeText(page, subtotal, '$156.00');
      // A full-page cart (its root element is on the page) shows no pill.
      await page.waitFor(
        'the cart page to hide its pill',
        (p) => p.find('store-cart-pill')?.getAttribute('data-state') === 'hidden',
        [],
      );
      await page.click({
        css: 'button',
        text: 'Remove Field Guide',
        within: { css: '.store-cart-page__entry', text: 'Field Guide' },
      });
      await seeText(page, subtotal, '$144.00');
      await page.waitFor(
        'the guide to leave the cart',
        (p) => !p.find({ css: '.store-cart-page__entry', text: 'Field Guide' }),
        [],
      );
      await page.click({ css: 'a', text: 'Checkout', within: 'store-cart-page' });
      await seePage(page, shop.sites.store, '/checkout');
      await seeTextContaining(page, 'main', 'Linen Shirt', "on the store's /checkout: ");
      await seeTextContaining(page, 'main', 'Total due', "on the store's /checkout: ");
    },
  },
  {
    name: 'the installment modal opens and Escape closes it',
    async run(page, shop) {
      await page.goto(shop.shirt.url);
      await page.click('.store-installment-pill__info');
      const modal = 'dialog.store-installment-pill__modal';
      await seeTextContaining(page, modal, '4 interest-free payments');
      await page.waitFor('the modal to be open', (p, t: string) => (p.find(t) as HTMLDialogElement | null)?.open, [
        modal,
      ]);
      await page.press('Escape');
      await page.waitFor(
        'Escape to close the modal',
        (p, t: string) => !(p.find(t) as HTMLDialogElement | null)?.open,
        [modal],
      );
    },
  },
  {
    name: "a product tag written as the shopper spec's data model (decimalValue prices): the installment offer follows the variant, and the add sends its unit price",
    async run(page, shop) {
      const spot = shop.specShirt;
      await openProduct(page, spot);
      const pill = 'store-installment-pill .store-installment-pill';
      // Before a choice, the product's price.decimalValue: 48.00 in four payments.
      await seeTextContaining(page, pill, 'or 4 interest-free payments of $12.00 with Afterpay');
      await page.select({ css: 'select[data-variant-option-name=Size]', within: spot.product }, 'L');
      await page.select({ css: 'select[data-variant-option-name=Color]', within: spot.product }, 'Sand');
      await seeTextContaining(page, pill, 'or 4 interest-free payments of $13.00 with Afterpay', 'L, Sand at 52.00: ');
      await page.evaluate(() => {
        const sent: unknown[] = [];
        (globalThis as { storeTestCommerce?: unknown[] }).storeTestCommerce = sent;
        document.addEventListener('store-commerce', (event) => sent.push((event as CustomEvent).detail));
      });
      await page.click(spot.addButton);
      await seeText(page, spot.addButton, 'Added!');
      const added = await page.waitFor(
        'the add-to-cart event with its unit price',
        () =>
          ((globalThis as { storeTestCommerce?: { event: string }[] }).storeTestCommerce ?? []).find(
            (detail) => detail.event === 'add-to-cart',
          ),
        [],
      );
      const { sku, unitPriceCents } = added as unknown as { sku: string; unitPriceCents: number };
      if (sku !== 'LS-L-SAND' || unitPriceCents !== 5200) {
        throw new Error(`the add should send LS-L-SAND at 5200 cents, not ${sku} at ${unitPriceCents}`);
      }
    },
  },
  {
    name: 'restock sign-up with CAPTCHA',
    async run(page, shop) {
      await page.goto(shop.mugPage);
      await page.fill({ css: 'input[type=email], input[name=email]', within: shop.restock }, 'engines@example.com');
      const captcha = { css: '[role=checkbox]', within: shop.restock };
      await page.click(captcha);
      await page.waitFor(
        'the CAPTCHA to be solved',
        (p, t: Target) => p.find(t)?.getAttribute('aria-checked') === 'true',
        [captcha],
      );
      await page.click({ css: 'button[type=submit], input[type=submit]', within: shop.restock });
      await seeTextContaining(page, shop.restock, RESTOCK_THANKS);
    },
  },
  {
    name: 'a site form with CAPTCHA',
    async run(page, shop) {
      await page.goto(shop.contactPage);
      const form = 'store-site-form';
      await page.fill({ css: 'input[name=name-First]', within: form }, 'Ada');
      await page.fill({ css: 'input[name=name-Last]', within: form }, 'Lovelace');
      await page.fill({ css: 'input[name=email]', within: form }, 'ada@example.com');
      await page.fill({ css: 'input[name=subject]', within: form }, 'A repair');
      await page.fill({ css: 'textarea[name=message]', within: form }, 'My lantern needs a new glass.');
      await page.click({ css: 'input[name=reply-by][value=Email]', within: form });
      const captcha = { css: '[role=checkbox]', within: form };
      await page.click(captcha);
      await page.waitFor(
        'the CAPTCHA to be solved',
        (p, t: Target) => p.find(t)?.getAttribute('aria-checked') === 'true',
        [captcha],
      );
      await page.click({ css: 'button[type=submit]', within: form });
      await seeTextContaining(page, form, CONTACT_THANKS);
    },
  },
  {
    name: 'member sign-in, kept across a reload',
    async run(page, shop) {
      await page.goto(shop.accountPage);
      await page.fill('store-account input[name=email]', MEMBER.email);
      await page.fill('store-account input[name=password]', MEMBER.password);
      await page.click('store-account .store-account__sign-in');
      await seeText(page, 'store-account .store-account__status', 'You are signed in.');
      await page.reload();
      await seeText(page, 'store-account .store-account__status', 'You are signed in.', 'after a reload: ');
    },
  },
  {
    name: 'the newsletter pop-up takes a sign-up',
    async run(page, shop) {
      await page.goto(shop.popupPage);
      const popup = 'dialog.store-popup';
      await page.waitFor('the pop-up to open', (p, t: string) => (p.find(t) as HTMLDialogElement | null)?.open, [
        popup,
      ]);
      await page.fill({ css: 'input[type=email], input[name=email]', within: popup }, 'popup@example.com');
      await page.click({ css: 'button[type=submit]', within: popup });
      await seeTextContaining(page, popup, NEWSLETTER_THANKS);
    },
  },
];
