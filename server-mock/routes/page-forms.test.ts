import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { json, type Visitor } from '../testing/visitor';
import { withoutCaptchas } from '../testing/no-captchas';
import { setEnabledFeatures } from '../store/settings';
import { saveSiteLanguages } from '../store/site-settings';

// Scarce-stock shares are the JSON routes' tests' to prove; these forms move quantities past them.
const store = storePerTest({ scarceStock: 0 });
const { visitor } = store;
const SHIRT = '/shop/p/linen-shirt';

/** Posts a page's own form (form-encoded, the visitor's crumb and a fresh form key unless given). */
const postForm = (v: Visitor, path: string, fields: Record<string, string | string[]>) => v.postForm(path, fields);

const addShirt = (v: Visitor, fields: Record<string, string> = {}) =>
  postForm(v, SHIRT, { form: 'add', 'option.Size': 'M', 'option.Color': 'Sand', quantity: '2', ...fields });

async function cartOf(v: Visitor) {
  return (await json(await v.call('GET', '/api/commerce/shopping-cart'))) as {
    entries: { id: string; chosenVariant: { sku: string }; quantity: number }[];
  };
}

describe('the product page answers its own add-to-cart form', () => {
  it("renders each visitor's crumb into the kept page's forms", async () => {
    const [a, b] = [visitor(), visitor()];
    for (const v of [a, b]) {
      const page = await (await v.call('GET', SHIRT)).text();
      expect(page).toContain(`name="crumb" value="${v.cookies.get('crumb')}"`);
    }
    expect(a.cookies.get('crumb')).not.toBe(b.cookies.get('crumb'));
  });

  it('adds the chosen variant, then shows the page again with the status', async () => {
    const v = visitor();
    const response = await addShirt(v);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SHIRT}?status=added`);
    expect((await cartOf(v)).entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['LS-M-SAND', 2]]);
    const page = await (await v.call('GET', `${SHIRT}?status=added`)).text();
    expect(page).toContain('<p class="form-status" role="status">Added! <a href="/cart">View cart</a></p>');
  });

  it.each([
    [{ 'option.Size': '', 'option.Color': '' }, 'Please select the Size and Color options.', 400],
    [{ 'option.Color': '' }, 'Please select the Color option.', 400],
    [
      { 'option.Size': 'L', 'option.Color': 'Indigo' },
      'Sorry, that item variant is unavailable. Please select another variant.',
      400,
    ],
    [{ quantity: 'two' }, 'Quantity must be a number.', 400],
    [{ quantity: '1.5' }, 'Quantity must be a whole number', 400],
    [{ 'option.Color': 'Indigo' }, 'Sorry, we do not have enough of that item available.', 409],
  ])('refuses %j with the message on the page and the values kept', async (given, message, status) => {
    const fields: Record<string, string> = given;
    const v = visitor();
    const response = await addShirt(v, fields);
    expect(response.status).toBe(status);
    const page = await response.text();
    expect(page).toContain(`role="alert">${message.replace("'", '&#39;')}</`);
    expect(page).toContain(`name="quantity" min="1" max="9999" step="1" value="${fields.quantity ?? '2'}"`);
    if (fields['option.Size'] !== '') expect(page).toMatch(/<option value="[LM]" selected>/);
    expect((await cartOf(v)).entries).toEqual([]);
  });

  it("stays in the page's language: a post under /de/ comes back to /de/", async () => {
    saveSiteLanguages(store.db, ['en', 'de']);
    const v = visitor();
    const path = '/de/shop/p/linen-shirt';
    expect(await (await v.call('GET', path)).text()).toContain('name="option.Size"');
    const response = await postForm(v, path, { form: 'add', 'option.Size': 'S', 'option.Color': 'Sand' });
    expect(response.headers.get('location')).toBe(`${path}?status=added`);
    expect((await cartOf(v)).entries).toHaveLength(1);
  });

  it('offers a form on each shop card of a product without options, posted to its page', async () => {
    const v = visitor();
    const shop = await (await v.call('GET', '/shop')).text();
    expect(shop).toContain(
      `<form class="card-add-form" method="post" action="/shop/p/field-guide"><input type="hidden" name="crumb" value="${v.cookies.get('crumb')}">`,
    );
    // Not for a product whose additional fields only the widget's dialog asks.
    expect(shop).not.toContain('action="/shop/p/engraved-pen"');
    const added = await postForm(v, '/shop/p/field-guide', { form: 'add' });
    expect(added.headers.get('location')).toBe('/shop/p/field-guide?status=added');
    expect((await cartOf(v)).entries.map((e) => e.chosenVariant.sku)).toEqual(['GUIDE-PDF']);
  });

  it('refuses a wrong crumb and a visitor without cookies, adding nothing', async () => {
    const v = visitor();
    const expired = await addShirt(v, { crumb: 'forged.crumb' });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Your session has expired. Please reload the page and try again.');
    expect((await cartOf(v)).entries).toEqual([]);

    const body = 'form=add&option.Size=M&option.Color=Sand&quantity=1&crumb=x';
    const cookieless = await store.app.request(SHIRT, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(cookieless.status).toBe(403);
    expect(await cookieless.text()).toContain('Please enable cookies in your browser, reload the page, and try again.');
  });

  it('counts against the same limit as the JSON call', async () => {
    store.reopen({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const v = visitor();
    await v.call('GET', SHIRT);
    expect((await v.add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(200);
    expect((await addShirt(v)).status).toBe(303);
    expect((await v.add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(200);
    const refused = await addShirt(v);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Please try again in a few seconds.');
    expect((await v.add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(429);
    expect((await cartOf(v)).entries.map((e) => e.quantity)).toEqual([2, 2]);
  });
});

describe('gift cards and subscriptions without JavaScript', () => {
  it('sends a gift card to its page and a subscription to its checkout, as the widget does', async () => {
    const v = visitor();
    const gift = await postForm(v, '/shop/p/gift-card', { form: 'add', 'option.Amount': '$50.00' });
    expect(gift.status).toBe(303);
    expect(gift.headers.get('location')).toBe('/commerce/gift-card?itemId=prod-gift-card&sku=GC-50');
    const missing = await postForm(v, '/shop/p/gift-card', { form: 'add' });
    expect(await missing.text()).toContain('role="alert">Select a denomination for the Gift Card</p>');

    const page = await (await v.call('GET', '/shop/p/coffee-club')).text();
    expect(page).toContain('class="product-form-fallback__button">Subscribe</button>');
    const subscribed = await postForm(v, '/shop/p/coffee-club', { form: 'add', 'option.Grind': 'Ground' });
    expect(subscribed.status).toBe(303);
    const checkout = subscribed.headers.get('location') ?? '';
    expect(checkout).toMatch(/^\/commerce\/subscription\?cartToken=/);
    expect(await (await v.call('GET', checkout)).text()).toContain('Coffee Club');
  });

  it("says why a product cannot be bought while its flag is off, and refuses the post with the JSON call's message", async () => {
    setEnabledFeatures(store.db, [40]);
    const v = visitor();
    const message = 'Subscriptions are not available in this store right now.';
    expect(await (await v.call('GET', '/shop/p/coffee-club')).text()).toContain(
      `<p class="no-script-note">${message}</p>`,
    );
    const refused = await postForm(v, '/shop/p/coffee-club', { form: 'add', 'option.Grind': 'Ground' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(`<p class="no-script-note">${message}</p>`);
  });
});

describe('the cart page answers its quantity and remove controls', () => {
  it('changes a quantity, refuses a bad one with the spec message, and removes the row', async () => {
    const v = visitor();
    await addShirt(v);
    const [entry] = (await cartOf(v)).entries;
    const page = await (await v.call('GET', '/cart')).text();
    expect(page).toContain(`name="entryId" value="${entry?.id}"`);

    const updated = await postForm(v, '/cart', { entryId: entry?.id ?? '', quantity: '3', action: 'update' });
    expect(updated.headers.get('location')).toBe('/cart?status=updated');
    expect((await cartOf(v)).entries[0]?.quantity).toBe(3);

    const refused = await postForm(v, '/cart', { entryId: entry?.id ?? '', quantity: '0', action: 'update' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain(
      '<p>Unable to update quantity</p><p>Quantity must be a whole number between 1 and 9999.</p>',
    );
    expect(again).toContain('value="0" aria-invalid="true"');

    const removed = await postForm(v, '/cart', { entryId: entry?.id ?? '', quantity: '3', action: 'remove' });
    expect(removed.headers.get('location')).toBe('/cart?status=removed');
    expect((await cartOf(v)).entries).toEqual([]);
    expect(await (await v.call('GET', '/cart?status=removed')).text()).toContain(
      'You have nothing in your shopping cart.',
    );
  });

  it("cannot touch another visitor's entry", async () => {
    const owner = visitor();
    await addShirt(owner);
    const [entry] = (await cartOf(owner)).entries;
    const response = await postForm(visitor(), '/cart', { entryId: entry?.id ?? '', action: 'remove' });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<p>Unable to remove item</p><p>This cart entry does not exist.</p>');
    expect((await cartOf(owner)).entries).toHaveLength(1);
  });
});

describe('the restock sign-up without JavaScript', () => {
  it('says the CAPTCHA needs JavaScript where the store asks for one, and refuses a post without it', async () => {
    const v = visitor();
    expect(await (await v.call('GET', SHIRT)).text()).toContain('needs JavaScript (it asks for a CAPTCHA)');
    const response = await postForm(v, SHIRT, { form: 'restock', variantId: 'LS-M-INDIGO', email: 'a@example.com' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Complete CAPTCHA before submitting.');
  });

  it('signs up through the same call, with the messages and values of a refusal', async () => {
    withoutCaptchas(store.db);
    const v = visitor();
    expect(await (await v.call('GET', SHIRT)).text()).toContain('name="variantId" value="LS-M-INDIGO"');
    const blank = await postForm(v, SHIRT, { form: 'restock', variantId: 'LS-M-INDIGO', email: ' ' });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain('role="alert">Email cannot be blank</span>');
    const invalid = await postForm(v, SHIRT, { form: 'restock', variantId: 'LS-M-INDIGO', email: 'nope' });
    expect(await invalid.text()).toContain('value="nope" autocomplete="email" aria-invalid="true"');

    const done = await postForm(v, SHIRT, { form: 'restock', variantId: 'LS-M-INDIGO', email: 'a@example.com' });
    expect(done.headers.get('location')).toBe(`${SHIRT}?status=signed-up#restock`);
    const stored = store.db.prepare('SELECT sku, email FROM restock_sign_ups').all();
    expect(stored).toEqual([{ sku: 'LS-M-INDIGO', email: 'a@example.com' }]);
    expect(await (await v.call('GET', `${SHIRT}?status=signed-up`)).text()).toContain(
      'role="status">Thanks! We\'ll e-mail you as soon as it is back in stock.</p>',
    );
  });

  it('counts against the same limit as the JSON call', async () => {
    store.reopen({ submitRateLimit: { limit: 1, windowMs: 60_000 } });
    withoutCaptchas(store.db);
    const v = visitor();
    const call = { productId: 'prod-linen-shirt', variantId: 'LS-M-INDIGO', siteVisitorEmail: 'a@example.com' };
    expect((await v.call('POST', '/api/site-users/account/notifications/restock', call)).status).toBe(200);
    const refused = await postForm(v, SHIRT, { form: 'restock', variantId: 'LS-M-INDIGO', email: 'b@example.com' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Please try again in a few seconds.');
  });
});

describe('site forms without JavaScript', () => {
  it('says a CAPTCHA form needs JavaScript', async () => {
    const page = await (await visitor().call('GET', '/contact')).text();
    expect(page).toContain('This form needs JavaScript (it asks for a CAPTCHA)');
    expect(page).not.toContain('class="site-form-fallback"');
  });

  it('shows the spec messages on the fields, keeps the values, then sends', async () => {
    withoutCaptchas(store.db);
    const v = visitor();
    const refused = await postForm(v, '/contact', {
      'f-subject': 'A <b>repair</b>',
      'f-email': 'nope',
      'f-interests': ['Homeware', 'Workshops'],
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(
      '<div class="form-error" role="alert"><p>One or more fields is invalid, please check your entries.</p><p>Your form has encountered a problem. Please scroll down to review.</p></div>',
    );
    expect(page).toContain('<span class="form-error" id="f-message-error">Required</span>');
    expect(page).toContain(
      '<span class="form-error" id="f-email-error">Email is not valid. Email addresses should follow the format user@domain.com.</span>',
    );
    expect(page).toContain('value="A &lt;b&gt;repair&lt;/b&gt;"');
    expect(page).toContain('name="f-interests" value="Homeware" checked');
    expect(page).not.toContain('name="f-interests" value="Clothing" checked');

    const sent = await postForm(v, '/contact', {
      'f-name-First': 'Ada',
      'f-name-Last': 'Lovelace',
      'f-email': 'ada@example.com',
      'f-subject': 'Repair',
      'f-message': 'My lantern lost its handle.',
      'f-reply-by': 'Email',
      'f-experience-0': '2',
      'f-source': 'contact-page',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/contact?status=sent');
    const row = store.db.prepare("SELECT answers, page_path FROM form_submissions WHERE form_id = 'contact'").get() as {
      answers: string;
      page_path: string;
    };
    expect(JSON.parse(row.answers)).toMatchObject({
      name: { First: 'Ada', Last: 'Lovelace' },
      'reply-by': 'Email',
      experience: { 'The shop was easy to find.': 2 },
      source: 'contact-page',
    });
    expect(row.page_path).toBe('/contact');
    expect(await (await v.call('GET', '/contact?status=sent')).text()).toContain('<strong>Thank you!</strong>');
  });

  it('shows a newsletter form its field errors without the surrounding messages', async () => {
    const refused = await postForm(visitor(), '/newsletter', { 'f-email': 'nope' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('id="f-email-error">Email is not valid.');
    expect(page).not.toContain('One or more fields is invalid');
  });

  it("follows the form's success redirect, and stores nothing for a filled-in honeypot", async () => {
    const v = visitor();
    const sent = await postForm(v, '/forms/redirect', { 'f-email': 'a@example.com', 'f-question': 'Open on Sunday?' });
    expect(sent.headers.get('location')).toBe('/shop');
    await postForm(v, '/newsletter', { 'f-email': 'robot@example.com', 'website-url-hp': 'http://spam.example' });
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM form_submissions WHERE form_id = 'newsletter'").get()).toEqual({
      n: 0,
    });
  });

  it('counts against the same limit as the JSON call, with the spec message', async () => {
    store.reopen({ submitRateLimit: { limit: 1, windowMs: 60_000 } });
    const v = visitor();
    expect((await postForm(v, '/newsletter', { 'f-email': 'a@example.com' })).status).toBe(303);
    const refused = await postForm(v, '/newsletter', { 'f-email': 'b@example.com' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect((await v.call('POST', '/api/form/SaveFormSubmission', {})).status).toBe(429);
  });
});

describe('one-time form keys', () => {
  const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
  const rendered = async (v: Visitor, path: string) => {
    const html = await (await v.call('GET', path)).text();
    return /name="formKey" value="([\w-]{22})"/.exec(html)?.[1] ?? '';
  };

  it('answers two posts of one rendered add form (a double click, at once) with one add and one cart', async () => {
    const v = visitor();
    const formKey = await rendered(v, SHIRT);
    expect(formKey).not.toBe('');
    const posts = await Promise.all([addShirt(v, { formKey }), addShirt(v, { formKey })]);
    expect(posts.map((r) => [r.status, r.headers.get('location')])).toEqual([
      [303, `${SHIRT}?status=added`],
      [303, `${SHIRT}?status=added`],
    ]);
    expect((await cartOf(v)).entries.map((e) => e.quantity)).toEqual([2]);
    expect(count('SELECT COUNT(*) AS n FROM carts')).toBe(1);
    // Later, the same rendered form again (a resent post): still the first answer, nothing added.
    const again = await addShirt(v, { formKey });
    expect(again.status).toBe(303);
    expect((await cartOf(v)).entries.map((e) => e.quantity)).toEqual([2]);
    // A browser that lost the first answer's cookie gets its cart back with the second.
    const lost = visitor();
    lost.cookies.set('crumb', v.cookies.get('crumb') ?? '');
    await addShirt(lost, { formKey });
    expect((await cartOf(lost)).entries.map((e) => e.quantity)).toEqual([2]);
    // A new rendering is a new form.
    expect((await addShirt(v, { formKey: await rendered(v, SHIRT), quantity: '1' })).status).toBe(303);
    expect((await cartOf(v)).entries.map((e) => e.quantity)).toEqual([3]);
  });

  it('saves a site form posted twice with one key once', async () => {
    const v = visitor();
    const formKey = await rendered(v, '/newsletter');
    const posts = await Promise.all(
      [1, 2].map(() => postForm(v, '/newsletter', { 'f-email': 'twice@example.com', formKey })),
    );
    expect(posts.map((r) => r.status)).toEqual([303, 303]);
    expect(count("SELECT COUNT(*) AS n FROM form_submissions WHERE form_id = 'newsletter'")).toBe(1);
  });

  it('lets the key go when the post was refused, so the corrected form acts', async () => {
    const v = visitor();
    const formKey = await rendered(v, SHIRT);
    expect((await addShirt(v, { formKey, quantity: 'two' })).status).toBe(400);
    expect((await addShirt(v, { formKey, quantity: '1' })).status).toBe(303);
    expect((await cartOf(v)).entries.map((e) => e.quantity)).toEqual([1]);
  });

  it('refuses a post without a key (a page from before keys) with the expired-session message', async () => {
    const v = visitor();
    const refused = await addShirt(v, { formKey: '' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your session has expired. Please reload the page and try again.');
    expect((await cartOf(v)).entries ?? []).toEqual([]);
  });

  it('keeps the answer of each form apart: the same key on another path or row acts', async () => {
    const v = visitor();
    const formKey = await rendered(v, '/shop');
    expect((await postForm(v, '/shop/p/field-guide', { form: 'add', formKey })).status).toBe(303);
    expect((await postForm(v, '/shop/p/portrait-session', { form: 'add', formKey })).status).toBe(303);
    expect((await cartOf(v)).entries).toHaveLength(2);
  });
});

describe('member sign-out without JavaScript', () => {
  it('offers the sign-in page, then a sign-out form that comes back to the account page', async () => {
    const v = visitor();
    expect(await (await v.call('GET', '/account')).text()).toContain(
      '<a href="/account/login?next=%2Faccount">Sign in</a>',
    );
    await v.signIn('member@fieldandforge.test', 'demo-member-pass');
    const page = await (await v.call('GET', '/account')).text();
    expect(page).toContain('You are signed in.');
    const out = await postForm(v, '/account/logout', { next: '/account' });
    expect(out.headers.get('location')).toBe('/account');
    expect(v.cookies.has('SiteUserSession')).toBe(false);
  });
});
