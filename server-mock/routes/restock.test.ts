import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSetting, RESTOCK_SETTINGS_KEY, CAPTCHA_SETTINGS_KEY } from '../store/settings';
import { solveCaptcha, storePerTest } from '../testing/test-store';
import type { Visitor } from '../testing/visitor';
import { json, OWNER, VIEWER } from '../testing/visitor';

const BASE = '/api/site-users/account/notifications/restock';

const store = storePerTest();

const { visitor } = store;

function restockSettings(settings: Record<string, unknown>) {
  setSetting(
    store.db,
    RESTOCK_SETTINGS_KEY,
    JSON.stringify({ mailingListSignUpEnabled: true, mailingListOptInByDefault: false, captcha: false, ...settings }),
  );
}

async function owner(): Promise<Visitor> {
  const v = visitor();
  expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  return v;
}

function signUp(v: Visitor, body: Record<string, unknown>) {
  return v.call('POST', BASE, { isJoinMailingList: false, ...body });
}

function mug(email: string, extra: Record<string, unknown> = {}) {
  return { productId: 'prod-ceramic-mug', variantId: 'MUG-1', siteVisitorEmail: email, ...extra };
}

function pendingCount(): number {
  return (store.db.prepare('SELECT COUNT(*) AS n FROM restock_sign_ups WHERE sent IS NULL').get() as { n: number }).n;
}

describe('restock sign-up', () => {
  beforeEach(() => restockSettings({ captcha: false }));

  it('stores a sign-up and answers 200 {}', async () => {
    const response = await signUp(visitor(), mug('Ada@Example.com', { isJoinMailingList: true }));
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({});
    const list = await json(await (await owner()).call('GET', `${BASE}?productId=prod-ceramic-mug&variantId=MUG-1`));
    expect(list).toEqual({
      signUps: [
        { id: expect.any(String), email: 'Ada@Example.com', isJoinMailingList: true, createdOn: expect.any(Number) },
      ],
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('deduplicates per product, variant and e-mail in any case: a repeat is 200 and stores nothing', async () => {
    const v = visitor();
    expect((await signUp(v, mug('ada@example.com'))).status).toBe(200);
    expect((await signUp(v, mug(' ADA@example.COM '))).status).toBe(200);
    expect(pendingCount()).toBe(1);
    // Another variant or product is another sign-up.
    await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-M-INDIGO', siteVisitorEmail: 'ada@example.com' });
    expect(pendingCount()).toBe(2);
  });

  it('takes a new sign-up for the same e-mail once the earlier one was sent', async () => {
    const v = visitor();
    await signUp(v, mug('ada@example.com'));
    await (await owner()).call('POST', `${BASE}/send`, { productId: 'prod-ceramic-mug', variantId: 'MUG-1' });
    expect(pendingCount()).toBe(0);
    expect((await signUp(v, mug('ada@example.com'))).status).toBe(200);
    expect(pendingCount()).toBe(1);
  });

  it('accepts any variant, and a single-variant product without a variant id', async () => {
    const v = visitor();
    expect(
      (await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-S-SAND', siteVisitorEmail: 'a@b.co' })).status,
    ).toBe(200);
    expect((await signUp(v, { productId: 'prod-ceramic-mug', siteVisitorEmail: 'a@b.co' })).status).toBe(200);
    const row = store.db.prepare("SELECT sku FROM restock_sign_ups WHERE product_id = 'prod-ceramic-mug'").get();
    expect(row).toEqual({ sku: 'MUG-1' });
  });

  it('keeps the mailing-list choice only when the store offers the list', async () => {
    await signUp(visitor(), mug('a@b.co', { isJoinMailingList: true }));
    restockSettings({ mailingListSignUpEnabled: false });
    await signUp(visitor(), mug('c@d.co', { isJoinMailingList: true }));
    const rows = store.db.prepare('SELECT email, is_join_mailing_list AS j FROM restock_sign_ups ORDER BY seq').all();
    expect(rows).toEqual([
      { email: 'a@b.co', j: 1 },
      { email: 'c@d.co', j: 0 },
    ]);
  });

  it.each([
    ['a blank e-mail', mug('   '), 400, 'Email cannot be blank'],
    ['no e-mail', { productId: 'prod-ceramic-mug', variantId: 'MUG-1' }, 400, 'Email cannot be blank'],
    ['an e-mail without @', mug('ada.example.com'), 400, 'Email is invalid'],
    [
      'an e-mail with a NUL',
      mug('ada\0@example.com'),
      400,
      'siteVisitorEmail holds a control character (U+0000): text may hold tabs and line breaks, no other control characters.',
    ],
    ['an e-mail with a line break', mug('ada\r\nbcc@example.com'), 400, 'Email is invalid'],
    ['an e-mail with a 1-letter ending', mug('ada@example.c'), 400, 'Email is invalid'],
    ['an e-mail over 256 characters', mug(`${'a'.repeat(250)}@example.com`), 400, 'Email is invalid'],
    ['an e-mail that is not text', mug(42 as unknown as string), 400, 'Email is invalid'],
    ['no product id', { variantId: 'MUG-1', siteVisitorEmail: 'a@b.co' }, 400, 'productId is required.'],
    ['an unknown product', mug('a@b.co', { productId: 'prod-nope' }), 404, 'This product does not exist.'],
    ['an unknown variant', mug('a@b.co', { variantId: 'NOPE' }), 404, 'This product variant does not exist.'],
    [
      'a variant of another product',
      mug('a@b.co', { variantId: 'LS-S-SAND' }),
      404,
      'This product variant does not exist.',
    ],
    [
      'no variant for a product with several',
      { productId: 'prod-linen-shirt', siteVisitorEmail: 'a@b.co' },
      400,
      'variantId is required for a product with several variants.',
    ],
    ['a variant id that is not text', mug('a@b.co', { variantId: 7 }), 400, 'variantId must be a string.'],
    [
      'a mailing-list flag that is not boolean',
      mug('a@b.co', { isJoinMailingList: 'yes' }),
      400,
      'isJoinMailingList must be true or false.',
    ],
  ])('refuses %s with a human message', async (_name, body, status, message) => {
    const response = await visitor().call('POST', BASE, body);
    expect(response.status).toBe(status);
    expect(await json(response)).toEqual({ message });
    expect(pendingCount()).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"productId":', 'The request body is not valid JSON.'],
    ['an array', '[]', 'The request body must be a JSON object.'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const response = await visitor().call('POST', BASE, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message });
  });

  it('needs the crumb', async () => {
    const v = visitor();
    const response = await v.call('POST', BASE, mug('a@b.co'), { 'x-csrf-token': 'forged' });
    expect(response.status).toBe(403);
    expect((await json(response)).crumbFail).toBe(true);
    expect(pendingCount()).toBe(0);
  });

  it('limits sign-ups per address, whatever the crumb: 429 with Retry-After', async () => {
    store.reopen({ submitRateLimit: { limit: 3, windowMs: 60_000 } });
    restockSettings({ captcha: false });
    const statuses: number[] = [];
    // A new visitor (new crumb) each time, all from one address.
    for (let i = 0; i < 4; i++) statuses.push((await signUp(visitor('198.51.100.7'), mug(`a${i}@b.co`))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await signUp(visitor('198.51.100.7'), mug('z@b.co'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(limited)).message).toBe('Too many requests. Please try again in a few seconds.');
    expect((await signUp(visitor('198.51.100.8'), mug('y@b.co'))).status).toBe(200);
    expect(pendingCount()).toBe(4);
  });
});

describe('restock sign-up with the store CAPTCHA on (fails closed)', () => {
  beforeEach(() => restockSettings({ captcha: true }));
  const CAPTCHA = { message: 'Complete CAPTCHA before submitting.' };

  it('accepts a solved CAPTCHA', async () => {
    const v = visitor();
    const response = await signUp(v, mug('a@b.co', { captchaToken: await solveCaptcha(v) }));
    expect(response.status).toBe(200);
    expect(pendingCount()).toBe(1);
  });

  it('refuses a missing, empty or non-text token', async () => {
    for (const captchaToken of [undefined, '', 42, null]) {
      const response = await signUp(visitor(), mug('a@b.co', { captchaToken }));
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual(CAPTCHA);
    }
    expect(pendingCount()).toBe(0);
  });

  it('refuses a forged token', async () => {
    const v = visitor();
    const token = await solveCaptcha(v);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signUp(v, mug('a@b.co', { captchaToken: forged }))).status).toBe(400);
    expect((await signUp(v, mug('a@b.co', { captchaToken: 'v1.made-up' }))).status).toBe(400);
  });

  it('refuses an expired token (older than 2 minutes)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const v = visitor();
    const token = await solveCaptcha(v);
    vi.setSystemTime(Date.now() + 2 * 60_000 + 1);
    const response = await signUp(v, mug('a@b.co', { captchaToken: token }));
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(CAPTCHA);
  });

  it('refuses a token used before', async () => {
    const v = visitor();
    const token = await solveCaptcha(v);
    expect((await signUp(v, mug('a@b.co', { captchaToken: token }))).status).toBe(200);
    const again = await signUp(v, mug('c@d.co', { captchaToken: token }));
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual(CAPTCHA);
    expect(pendingCount()).toBe(1);
  });

  it('refuses a token issued for another site key', async () => {
    const v = visitor();
    const response = await signUp(v, mug('a@b.co', { captchaToken: await solveCaptcha(v, 'another-site') }));
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(CAPTCHA);
  });

  it('refuses every token when the site has no CAPTCHA key', async () => {
    const v = visitor();
    const token = await solveCaptcha(v);
    setSetting(store.db, CAPTCHA_SETTINGS_KEY, '{}');
    expect((await signUp(v, mug('a@b.co', { captchaToken: token }))).status).toBe(400);
  });

  it('does not spend the token on a sign-up refused for its e-mail', async () => {
    const v = visitor();
    const token = await solveCaptcha(v);
    expect((await signUp(v, mug('nope', { captchaToken: token }))).status).toBe(400);
    expect((await signUp(v, mug('a@b.co', { captchaToken: token }))).status).toBe(200);
  });
});

describe('restock lists and sends (owner only)', () => {
  beforeEach(() => restockSettings({ captcha: false }));

  const OWNER_CALLS: [string, string, unknown?][] = [
    ['GET', `${BASE}/groups`],
    ['GET', `${BASE}?productId=prod-ceramic-mug&variantId=MUG-1`],
    ['POST', `${BASE}/send`, { productId: 'prod-ceramic-mug', variantId: 'MUG-1' }],
    ['POST', `${BASE}/send/all`, { sendRequests: [{ productId: 'prod-ceramic-mug', variantId: 'MUG-1' }] }],
  ];

  it('answers 401 without a session and 403 to a viewer, and lets the owner in', async () => {
    await signUp(visitor(), mug('a@b.co'));
    const viewer = visitor();
    expect((await viewer.signIn(VIEWER.email, VIEWER.password)).status).toBe(200);
    const theOwner = await owner();
    for (const [method, path, body] of OWNER_CALLS) {
      const anonymous = await visitor().call(method, path, body);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await json(anonymous)).toEqual({ message: 'Please sign in to manage restock notifications.' });
      const refused = await viewer.call(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await json(refused)).toEqual({
        message: 'Your account does not have permission to manage restock notifications.',
      });
    }
    for (const [method, path, body] of OWNER_CALLS) {
      expect((await theOwner.call(method, path, body)).status, `${method} ${path}`).toBe(200);
    }
    expect(pendingCount()).toBe(0);
  });

  it('counts a signed-out session as no session', async () => {
    const v = await owner();
    expect((await v.call('DELETE', '/api/site-users/account/session')).status).toBe(204);
    expect((await v.call('GET', `${BASE}/groups`)).status).toBe(401);
  });

  it('lets a store manager in too', async () => {
    store.db.prepare("UPDATE site_users SET roles = '[10, 8]' WHERE email = ?").run(VIEWER.email);
    const v = visitor();
    await v.signIn(VIEWER.email, VIEWER.password);
    expect((await v.call('GET', `${BASE}/groups`)).status).toBe(200);
  });

  it('groups pending sign-ups by product variant with names and counts', async () => {
    const v = visitor();
    await signUp(v, mug('a@b.co'));
    await signUp(v, mug('c@d.co'));
    await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-M-INDIGO', siteVisitorEmail: 'a@b.co' });
    const groups = await json(await (await owner()).call('GET', `${BASE}/groups`));
    expect(groups).toEqual({
      signUpGroups: [
        { productId: 'prod-ceramic-mug', variantId: 'MUG-1', productName: 'Ceramic Mug', variantName: '', count: 2 },
        {
          productId: 'prod-linen-shirt',
          variantId: 'LS-M-INDIGO',
          productName: 'Linen Shirt',
          variantName: 'Size: M, Color: Indigo',
          count: 1,
        },
      ],
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('pages groups stably while sign-ups keep arriving: nothing shifts, nothing repeats', async () => {
    store.reopen({ pageSize: 2 });
    restockSettings({ captcha: false });
    const v = visitor();
    const skus = ['LS-S-SAND', 'LS-S-INDIGO', 'LS-M-SAND', 'LS-M-INDIGO', 'LS-L-SAND'];
    for (const sku of skus)
      await signUp(v, { productId: 'prod-linen-shirt', variantId: sku, siteVisitorEmail: 'a@b.co' });
    const o = await owner();
    const seen: string[] = [];
    let page = await json(await o.call('GET', `${BASE}/groups`));
    seen.push(...page.signUpGroups.map((g: { variantId: string }) => g.variantId));
    expect(page.hasNextPage).toBe(true);
    // Between page fetches: more sign-ups for groups already shown and not yet shown, and a new group.
    await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-S-SAND', siteVisitorEmail: 'new1@b.co' });
    await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-L-SAND', siteVisitorEmail: 'new2@b.co' });
    await signUp(v, mug('new3@b.co'));
    while (page.hasNextPage) {
      page = await json(await o.call('GET', `${BASE}/groups?cursor=${encodeURIComponent(page.nextPageCursor)}`));
      seen.push(...page.signUpGroups.map((g: { variantId: string }) => g.variantId));
    }
    expect(seen).toEqual([...skus, 'MUG-1']);
  });

  it('pages the sign-ups of a variant stably while new ones arrive', async () => {
    store.reopen({ pageSize: 3 });
    restockSettings({ captcha: false });
    const v = visitor();
    for (let i = 0; i < 7; i++) await signUp(v, mug(`early${i}@b.co`));
    const o = await owner();
    const path = `${BASE}?productId=prod-ceramic-mug&variantId=MUG-1`;
    const seen: string[] = [];
    let page = await json(await o.call('GET', path));
    seen.push(...page.signUps.map((s: { email: string }) => s.email));
    for (let i = 0; i < 2; i++) await signUp(v, mug(`late${i}@b.co`));
    while (page.hasNextPage) {
      page = await json(await o.call('GET', `${path}&cursor=${encodeURIComponent(page.nextPageCursor)}`));
      expect(page.signUps.length).toBeLessThanOrEqual(3);
      seen.push(...page.signUps.map((s: { email: string }) => s.email));
    }
    expect(seen).toEqual([...Array.from({ length: 7 }, (_, i) => `early${i}@b.co`), 'late0@b.co', 'late1@b.co']);
    expect(page.nextPageCursor).toBeNull();
  });

  it('refuses a malformed cursor, or one of another list, with 400', async () => {
    const o = await owner();
    const groupsPage = await json(await o.call('GET', `${BASE}/groups`));
    expect(groupsPage.nextPageCursor).toBeNull();
    const groupsCursor = Buffer.from('groups:5').toString('base64url');
    for (const cursor of ['%%%', 'bm9wZQ', 'x'.repeat(100), Buffer.from('groups:-1').toString('base64url')]) {
      const response = await o.call('GET', `${BASE}/groups?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, cursor).toBe(400);
      expect((await json(response)).message).toBe('This page cursor is not valid. Start again from the first page.');
    }
    const crossed = await o.call('GET', `${BASE}?productId=prod-ceramic-mug&variantId=MUG-1&cursor=${groupsCursor}`);
    expect(crossed.status).toBe(400);
    expect((await o.call('GET', `${BASE}/groups?cursor=${groupsCursor}`)).status).toBe(200);
  });

  it('refuses a sign-up list without or with an unknown product', async () => {
    const o = await owner();
    expect((await o.call('GET', BASE)).status).toBe(400);
    expect((await o.call('GET', `${BASE}?productId=nope&variantId=X`)).status).toBe(404);
    expect((await o.call('GET', `${BASE}?productId=prod-ceramic-mug&variantId=X`)).status).toBe(404);
  });

  it('sends: one outbox e-mail per pending sign-up, with the product and a link to its page; the group empties', async () => {
    const v = visitor();
    await signUp(v, mug('a@b.co'));
    await signUp(v, mug('c@d.co'));
    await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-M-INDIGO', siteVisitorEmail: 'e@f.co' });
    const o = await owner();
    const response = await o.call('POST', `${BASE}/send`, { productId: 'prod-ceramic-mug', variantId: 'MUG-1' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ sent: 2 });
    const mail = store.db.prepare('SELECT to_address, subject, body, created FROM outbox ORDER BY id').all() as {
      to_address: string;
      subject: string;
      body: string;
      created: number;
    }[];
    expect(mail.map((m) => m.to_address)).toEqual(['a@b.co', 'c@d.co']);
    for (const m of mail) {
      expect(m.subject).toBe('Ceramic Mug is back in stock');
      expect(m.body).toContain('Ceramic Mug');
      expect(m.body).toContain('/shop/p/ceramic-mug');
      expect(m.created).toBeGreaterThan(0);
    }
    const groups = await json(await o.call('GET', `${BASE}/groups`));
    expect(groups.signUpGroups.map((g: { variantId: string }) => g.variantId)).toEqual(['LS-M-INDIGO']);
    const list = await json(await o.call('GET', `${BASE}?productId=prod-ceramic-mug&variantId=MUG-1`));
    expect(list.signUps).toEqual([]);
    expect(
      await json(await o.call('POST', `${BASE}/send`, { productId: 'prod-ceramic-mug', variantId: 'MUG-1' })),
    ).toEqual({
      sent: 0,
    });
  });

  it('links the e-mail to the configured public origin, never to the Host header of the request', async () => {
    const sendWithHost = async () => {
      await signUp(visitor(), mug('a@b.co'));
      const o = await owner();
      const path = `${BASE}/send`;
      const body = { productId: 'prod-ceramic-mug', variantId: 'MUG-1' };
      expect((await o.call('POST', path, body, { host: 'evil.example' })).status).toBe(200);
      return (store.db.prepare('SELECT body FROM outbox ORDER BY id DESC').get() as { body: string }).body;
    };
    const byDefault = await sendWithHost();
    expect(byDefault).not.toContain('evil.example');
    expect(byDefault).toContain('http://localhost:4173/shop/p/ceramic-mug');
    store.reopen({ publicOrigin: 'https://shop.example' });
    restockSettings({ captcha: false });
    const configured = await sendWithHost();
    expect(configured).not.toContain('evil.example');
    expect(configured).toContain('https://shop.example/shop/p/ceramic-mug');
  });

  it('sends all: several variants in one call', async () => {
    const v = visitor();
    await signUp(v, mug('a@b.co'));
    await signUp(v, { productId: 'prod-linen-shirt', variantId: 'LS-M-INDIGO', siteVisitorEmail: 'e@f.co' });
    const o = await owner();
    const response = await o.call('POST', `${BASE}/send/all`, {
      sendRequests: [
        { productId: 'prod-ceramic-mug', variantId: 'MUG-1' },
        { productId: 'prod-linen-shirt', variantId: 'LS-M-INDIGO' },
        { productId: 'prod-ceramic-mug', variantId: 'MUG-1' },
      ],
    });
    expect(await json(response)).toEqual({ sent: 2 });
    const outbox = store.db.prepare('SELECT body FROM outbox ORDER BY id').all() as { body: string }[];
    expect(outbox[1]?.body).toContain('Linen Shirt (Size: M, Color: Indigo)');
    expect(outbox[1]?.body).toContain('/shop/p/linen-shirt');
    expect((await json(await o.call('GET', `${BASE}/groups`))).signUpGroups).toEqual([]);
  });

  it.each([
    [
      'more than 100 requests',
      { sendRequests: Array.from({ length: 101 }, () => ({ productId: 'prod-ceramic-mug', variantId: 'MUG-1' })) },
      400,
      'Send at most 100 send requests at a time.',
    ],
    ['no list', {}, 400, 'sendRequests must be a list of {productId, variantId}.'],
    [
      'a list of strings',
      { sendRequests: ['prod-ceramic-mug'] },
      400,
      'sendRequests must be a list of {productId, variantId}.',
    ],
    [
      'an unknown product',
      { sendRequests: [{ productId: 'nope', variantId: 'X' }] },
      404,
      'This product does not exist.',
    ],
  ])('refuses send-all with %s', async (_name, body, status, message) => {
    const response = await (await owner()).call('POST', `${BASE}/send/all`, body);
    expect(response.status).toBe(status);
    expect(await json(response)).toEqual({ message });
  });

  it('sends nothing at all when one request of a send-all is unknown', async () => {
    await signUp(visitor(), mug('a@b.co'));
    const response = await (
      await owner()
    ).call('POST', `${BASE}/send/all`, {
      sendRequests: [
        { productId: 'prod-ceramic-mug', variantId: 'MUG-1' },
        { productId: 'prod-ceramic-mug', variantId: 'NOPE' },
      ],
    });
    expect(response.status).toBe(404);
    expect(pendingCount()).toBe(1);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 0 });
  });

  it('accepts exactly 100 send requests', async () => {
    const sendRequests = Array.from({ length: 100 }, () => ({ productId: 'prod-ceramic-mug', variantId: 'MUG-1' }));
    expect((await (await owner()).call('POST', `${BASE}/send/all`, { sendRequests })).status).toBe(200);
  });

  it('needs the crumb to send', async () => {
    const o = await owner();
    const response = await o.call(
      'POST',
      `${BASE}/send`,
      { productId: 'prod-ceramic-mug', variantId: 'MUG-1' },
      { 'x-csrf-token': 'nope' },
    );
    expect(response.status).toBe(403);
  });
});
