import { describe, expect, it } from 'vitest';
import { sameSitePath } from './site-users';
import { storePerTest } from '../testing/test-store';
import { storeContextOf } from '../testing/store-context-of';
import type { Visitor } from '../testing/visitor';
import { json, OWNER, VIEWER } from '../testing/visitor';
import { listOutbox } from '../store/outbox';

const SESSION = '/api/site-users/account/session';

const store = storePerTest();

const { visitor } = store;

function setCookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** Posts an HTML form (form-encoded), as a browser does. */
function postForm(v: Visitor, path: string, fields: Record<string, string>) {
  return v.call('POST', path, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
}

describe('session calls', () => {
  it('signs in: xsrfToken, an HttpOnly session cookie and the readable SiteUserInfo cookie', async () => {
    const v = visitor();
    await v.call('GET', '/shop');
    const crumbBefore = v.cookies.get('crumb');
    const response = await v.signIn(OWNER.email, OWNER.password);
    expect(response.status).toBe(200);
    const { xsrfToken } = await json(response);
    expect(typeof xsrfToken).toBe('string');
    expect(xsrfToken).toBe(v.cookies.get('crumb'));
    expect(xsrfToken).not.toBe(crumbBefore);
    expect(setCookieLine(response, 'SiteUserSession')).toMatch(
      /^SiteUserSession=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const info = setCookieLine(response, 'SiteUserInfo') ?? '';
    expect(info).not.toContain('HttpOnly');
    const value = decodeURIComponent(info.slice('SiteUserInfo='.length, info.indexOf(';')));
    expect(JSON.parse(value)).toEqual({ authenticated: true, siteUserId: 'user-owner' });
    // The new crumb works for the next state-changing call; the old one no longer does.
    expect((await v.call('DELETE', SESSION, undefined, { 'x-csrf-token': crumbBefore ?? '' })).status).toBe(403);
  });

  it('keeps both cookies for 30 days when remembered', async () => {
    const response = await visitor().signIn(OWNER.email, OWNER.password, true);
    for (const name of ['SiteUserSession', 'SiteUserInfo']) {
      expect(setCookieLine(response, name)).toContain(`Max-Age=${30 * 24 * 3600}`);
    }
  });

  it('takes the e-mail in any case', async () => {
    expect((await visitor().signIn(OWNER.email.toUpperCase(), OWNER.password)).status).toBe(200);
  });

  it.each([
    ['a wrong password', OWNER.email, 'nope'],
    ['an unknown e-mail', 'someone@fieldandforge.test', OWNER.password],
    ["another user's password", VIEWER.email, OWNER.password],
  ])('refuses %s with 401 and the same message', async (_name, email, password) => {
    const v = visitor();
    const response = await v.signIn(email, password);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Your email or password is incorrect.' });
    expect(v.cookies.has('SiteUserSession')).toBe(false);
  });

  it.each([{ email: OWNER.email }, { password: 'x' }, { email: 1, password: 2 }, { email: '', password: '' }])(
    'refuses a sign-in without both fields as text: %j',
    async (body) => {
      const response = await visitor().call('POST', SESSION, body);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ message: 'Enter your email and password.' });
    },
  );

  it('needs the crumb to sign in', async () => {
    const v = visitor();
    await v.call('GET', '/shop');
    const response = await v.call('POST', SESSION, { ...OWNER, rememberMe: false }, { 'x-csrf-token': 'x' });
    expect(response.status).toBe(403);
  });

  it('stores passwords as salted scrypt hashes', () => {
    const rows = store.db.prepare('SELECT password_hash FROM site_users').all() as { password_hash: string }[];
    expect(rows).toHaveLength(3);
    for (const { password_hash } of rows) {
      expect(password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(password_hash).not.toContain('demo');
    }
    expect(rows[0]?.password_hash.split('$')[4]).not.toBe(rows[1]?.password_hash.split('$')[4]);
  });

  it('signs out: 204, both cookies cleared, the session ended on the server', async () => {
    const v = visitor();
    await v.signIn(OWNER.email, OWNER.password);
    const session = v.cookies.get('SiteUserSession');
    const response = await v.call('DELETE', `${SESSION}?cloneCart=false`);
    expect(response.status).toBe(204);
    expect(setCookieLine(response, 'SiteUserSession')).toContain('Max-Age=0');
    expect(setCookieLine(response, 'SiteUserInfo')).toContain('Max-Age=0');
    expect(v.cookies.has('SiteUserInfo')).toBe(false);
    // Replaying the old session cookie does not work either.
    v.cookies.set('SiteUserSession', session ?? '');
    expect((await v.call('GET', '/api/site-users/account/notifications/restock/groups')).status).toBe(401);
    expect((await visitor().call('DELETE', SESSION)).status).toBe(204);
    expect((await visitor().call('DELETE', `${SESSION}?cloneCart=maybe`)).status).toBe(400);
  });

  it('keeps the cart of a member who signs out with cloneCart=true, and forgets it with false', async () => {
    const keep = visitor();
    await keep.add('prod-linen-shirt', 'LS-M-SAND', 1);
    await keep.signIn(OWNER.email, OWNER.password);
    const kept = await keep.call('DELETE', `${SESSION}?cloneCart=true`);
    expect(setCookieLine(kept, 'CART')).toBeUndefined();
    expect(keep.cookies.has('CART')).toBe(true);

    const leave = visitor();
    await leave.add('prod-linen-shirt', 'LS-M-SAND', 1);
    await leave.signIn(OWNER.email, OWNER.password);
    const left = await leave.call('DELETE', `${SESSION}?cloneCart=false`);
    expect(setCookieLine(left, 'CART')).toContain('Max-Age=0');
    expect(leave.cookies.has('CART')).toBe(false);
    const cart = await (await leave.call('GET', '/api/commerce/shopping-cart')).json();
    expect((cart as { entries: unknown[] }).entries).toEqual([]);
  });

  it('limits sign-in attempts per address', async () => {
    store.db.close();
    store.reopen({ signInRateLimit: { limit: 2, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await visitor('192.0.2.1').signIn(OWNER.email, 'wrong')).status);
    expect(statuses).toEqual([401, 401, 429]);
    const form = visitor('192.0.2.1');
    await form.call('GET', '/account/login');
    expect((await postForm(form, '/account/login', { ...OWNER, crumb: form.cookies.get('crumb') ?? '' })).status).toBe(
      429,
    );
    expect((await visitor('192.0.2.2').signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });
});

describe('sign-in page', () => {
  it('renders an accessible form that posts the crumb and where to go next', async () => {
    const v = visitor();
    const response = await v.call('GET', '/account/login?next=%2Fconfig%2Foutbox');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<form class="login-form" method="post" action="/account/login"');
    expect(page).toContain('<label for="login-email">Email</label>');
    expect(page).toContain('<input id="login-email" type="email" name="email"');
    expect(page).toContain('<label for="login-password">Password</label>');
    expect(page).toContain('<label for="login-remember">Keep me signed in</label>');
    expect(page).toContain(`<input type="hidden" name="crumb" value="${v.cookies.get('crumb')}">`);
    expect(page).toContain('<input type="hidden" name="next" value="/config/outbox">');
    expect(page).not.toContain('role="alert"');
  });

  it('signs in, sets the same cookies and redirects 303 to next', async () => {
    const v = visitor();
    await v.call('GET', '/account/login');
    const response = await postForm(v, '/account/login', {
      ...OWNER,
      next: '/config/outbox?x=1',
      crumb: v.cookies.get('crumb') ?? '',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/config/outbox?x=1');
    expect(setCookieLine(response, 'SiteUserSession')).toContain('HttpOnly');
    expect(setCookieLine(response, 'SiteUserInfo')).toBeDefined();
    expect((await v.call('GET', '/config/outbox')).status).toBe(200);
  });

  it("goes to the owner's home without next, or with a next that leaves the site", async () => {
    for (const next of [
      '',
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'config',
    ]) {
      const v = visitor();
      await v.call('GET', '/account/login');
      const response = await postForm(v, '/account/login', { ...OWNER, next, crumb: v.cookies.get('crumb') ?? '' });
      expect(response.headers.get('location'), JSON.stringify(next)).toBe('/config');
    }
    expect(sameSitePath('/a/b?c=d#e')).toBe('/a/b?c=d#e');
    expect(sameSitePath(undefined)).toBe('/config');
  });

  it('shows a wrong password again on the page, as an alert, keeping the e-mail', async () => {
    const v = visitor();
    await v.call('GET', '/account/login');
    const response = await postForm(v, '/account/login', {
      email: OWNER.email,
      password: 'wrong',
      crumb: v.cookies.get('crumb') ?? '',
    });
    expect(response.status).toBe(401);
    const page = await response.text();
    expect(page).toContain(
      '<p class="form-error" id="login-error" role="alert">Your email or password is incorrect.</p>',
    );
    expect(page).toContain(`value="${OWNER.email}"`);
    expect(page).toContain('aria-describedby="login-error"');
    expect(v.cookies.has('SiteUserSession')).toBe(false);
  });

  it('refuses a form without the crumb (no sign-in from other sites)', async () => {
    const v = visitor();
    await v.call('GET', '/account/login');
    const response = await postForm(v, '/account/login', { ...OWNER });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(
      'role="alert">Your session has expired. Please reload the page and try again.',
    );
    expect(v.cookies.has('SiteUserSession')).toBe(false);
  });

  it('asks for both fields, and survives a body that is not a form', async () => {
    const v = visitor();
    await v.call('GET', '/account/login');
    const response = await postForm(v, '/account/login', { email: OWNER.email, crumb: v.cookies.get('crumb') ?? '' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter your email and password.');
    const garbage = await v.call('POST', '/account/login', '--x\r\n', { 'content-type': 'multipart/form-data' });
    expect(garbage.status).toBe(403);
  });

  it('answers a correct password refused by the sign-in limit with the page and its message (429), not JSON', async () => {
    store.reopen({ signInRateLimit: { limit: 2, windowMs: 60_000 } });
    const v = visitor();
    await v.call('GET', '/account/login');
    const crumb = v.cookies.get('crumb') ?? '';
    for (let i = 0; i < 2; i++) await postForm(v, '/account/login', { email: OWNER.email, password: 'wrong', crumb });
    const response = await postForm(v, '/account/login', { ...OWNER, crumb });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<form class="login-form" method="post" action="/account/login"');
    expect(page).toContain('role="alert">Too many requests. Please try again in a few seconds.</p>');
    expect(v.cookies.has('SiteUserSession')).toBe(false);
    // The JSON call keeps its JSON answer.
    const call = await v.signIn(OWNER.email, OWNER.password);
    expect(call.status).toBe(429);
    expect((await json(call)).message).toBe('Too many requests. Please try again in a few seconds.');
  });

  it('signs out from the sign-out form', async () => {
    const v = visitor();
    await v.signIn(OWNER.email, OWNER.password);
    const response = await postForm(v, '/account/logout', { crumb: v.cookies.get('crumb') ?? '' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account/login');
    expect((await v.call('GET', '/config/restock')).status).toBe(303);
  });
});

describe('owner pages', () => {
  for (const path of ['/config/restock', '/config/outbox']) {
    it(`${path}: sign-in redirect for visitors, 403 for a viewer, the page for the owner`, async () => {
      const anonymous = await visitor().call('GET', `${path}?tab=1`);
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toBe(`/account/login?next=${encodeURIComponent(`${path}?tab=1`)}`);

      const viewer = visitor();
      await viewer.signIn(VIEWER.email, VIEWER.password);
      const refused = await viewer.call('GET', path);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('<h1>Not allowed</h1>');

      const owner = visitor();
      await owner.signIn(OWNER.email, OWNER.password);
      expect((await owner.call('GET', path)).status).toBe(200);
    });
  }

  it('puts the restock admin widget on /config/restock', async () => {
    const owner = visitor();
    await owner.signIn(OWNER.email, OWNER.password);
    const page = await (await owner.call('GET', '/config/restock')).text();
    expect(page).toContain('<store-restock-admin></store-restock-admin>');
    expect(page).toMatch(/<script type="module" src="\/storefront.js" nonce="[^"]+"><\/script>/);
  });

  it('lists outbox e-mails newest first, escaped', async () => {
    store.db
      .prepare('INSERT INTO outbox (to_address, subject, body, created) VALUES (?, ?, ?, ?)')
      .run('old@b.co', 'Old', 'x', 1_000);
    store.db
      .prepare('INSERT INTO outbox (to_address, subject, body, created) VALUES (?, ?, ?, ?)')
      .run('new@b.co', '<b>New</b>', 'Line 1\nLine 2', 2_000);
    const owner = visitor();
    await owner.signIn(OWNER.email, OWNER.password);
    const page = await (await owner.call('GET', '/config/outbox')).text();
    expect(page.indexOf('new@b.co')).toBeLessThan(page.indexOf('old@b.co'));
    expect(page).toContain('<td>&lt;b&gt;New&lt;/b&gt;</td>');
    expect(page).toContain('<pre class="outbox-body">Line 1\nLine 2</pre>');
    expect(page).toContain('<time datetime="1970-01-01T00:00:02.000Z">');
    expect(page).toContain('<th scope="col">Subject</th>');
  });

  it('says so when the outbox is empty', async () => {
    const owner = visitor();
    await owner.signIn(OWNER.email, OWNER.password);
    expect(await (await owner.call('GET', '/config/outbox')).text()).toContain('No e-mails sent yet.');
  });
});

describe('site form pages and store context', () => {
  it.each([
    ['/contact', 'contact'],
    ['/newsletter', 'newsletter'],
    ['/forms/redirect', 'redirect'],
  ])('%s holds the site form %s', async (path, formId) => {
    const response = await store.app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(
      // With the page's own form inside, for visitors without JavaScript.
      new RegExp(`<store-site-form data-form-id="${formId}"[^>]*><noscript>.+?</noscript></store-site-form>`, 's'),
    );
  });

  it('puts the CAPTCHA and restock settings in every page store context, and the site key in website', async () => {
    for (const path of ['/shop', '/contact', '/shop/p/ceramic-mug', '/account/login']) {
      const context = storeContextOf(await (await store.app.request(path)).text());
      expect(context.captchaSettings).toEqual({ siteKey: 'test-site-key', scriptUrl: '/captcha/test-provider.js' });
      expect(context.restockSettings).toEqual({
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: false,
        successText: "Thanks! We'll e-mail you as soon as it is back in stock.",
        captcha: true,
      });
      expect(context.storeSettings.selectedCurrency).toBe('USD');
    }
  });
});

describe('sign-in throttling per account', () => {
  let now = Date.UTC(2026, 0, 1);
  const onClock = (options = {}) => {
    now = Date.UTC(2026, 0, 1);
    store.reopen({ now: () => now, ...options });
  };
  const at = (i: number) => visitor(`198.18.${i >> 8}.${i & 255}`);
  const WAIT = /^Too many failed sign-ins for this account\. Please try again in \d+ (second|minute)s?\.$/;

  it('makes an account wait after a few failures, whatever addresses they come from, with a delay that grows', async () => {
    onClock();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await at(i).signIn(OWNER.email, `wrong-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // The next, correct, waits too: no guess is checked during the delay.
    const refused = await at(20).signIn(OWNER.email, OWNER.password);
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toBe(
      'Too many failed sign-ins for this account. Please try again in 1 second.',
    );
    expect(refused.headers.get('retry-after')).toBe('1');
    // Each failure past the free ones doubles the wait, up to 15 minutes.
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      now += 15 * 60_000;
      expect((await at(100 + i).signIn(OWNER.email, 'wrong')).status).toBe(401);
      const next = await at(200 + i).signIn(OWNER.email, 'wrong');
      expect(next.status).toBe(429);
      expect((await json(next)).message).toMatch(WAIT);
      waits.push(Number(next.headers.get('retry-after')));
    }
    expect(waits.slice(0, 5)).toEqual([2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(15 * 60);
    // However long the attack, the owner waits at most 15 minutes, then the right password works.
    now += 15 * 60_000;
    expect((await at(300).signIn(OWNER.email, OWNER.password)).status).toBe(200);
    expect((await at(301).signIn(OWNER.email, 'wrong')).status).toBe(401);
  });

  it('counts attempts that race each other', async () => {
    onClock();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => (await at(i).signIn(OWNER.email, 'wrong')).status),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('never holds the owner back at an address they signed in from, however others attack the account', async () => {
    onClock();
    const home = '203.0.113.77';
    expect((await visitor(home).signIn(OWNER.email, OWNER.password)).status).toBe(200);
    for (let i = 0; i < 30; i++) await at(i).signIn(OWNER.email, 'wrong');
    expect((await at(31).signIn(OWNER.email, OWNER.password)).status).toBe(429);
    expect((await visitor(home).signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });

  it("lets the owner in at their own address when others there used up the address's limit", async () => {
    onClock({ signInRateLimit: { limit: 10, windowMs: 60_000 } });
    const office = '203.0.113.78';
    expect((await visitor(office).signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await visitor(office).signIn(`guess${i}@example.com`, 'x')).status);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect((await visitor(office).signIn(VIEWER.email, VIEWER.password)).status).toBe(429);
    expect((await visitor(office).signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });

  it('shows the wait on the sign-in page', async () => {
    onClock();
    for (let i = 0; i < 5; i++) await at(i).signIn(OWNER.email, 'wrong');
    const v = visitor();
    await v.call('GET', '/account/login');
    const response = await postForm(v, '/account/login', { ...OWNER, crumb: v.cookies.get('crumb') ?? '' });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain(
      'role="alert">Too many failed sign-ins for this account. Please try again in 1 second.</p>',
    );
  });
});

describe('member accounts', () => {
  const ACCOUNT = '/api/site-users/account';
  const CHECK_EMAIL = { message: 'Check your e-mail: we sent a message to finish creating your account.' };
  const mailsTo = (address: string) =>
    listOutbox(store.db).items.filter((email) => email.to.toLowerCase() === address.toLowerCase());
  /** The link of the latest e-mail to `address`, as a path of the store. */
  const linkTo = (address: string) => {
    const url = /https?:\/\/\S+\/account\/confirm\?code=[\w-]+/.exec(mailsTo(address)[0]?.body ?? '')?.[0];
    return url ? new URL(url).pathname + new URL(url).search : '';
  };
  /** Follows the link as a browser does: its page, then its button. */
  const follow = async (v: Visitor, path: string) => {
    const page = await (await v.call('GET', path)).text();
    const code = /name="code" value="([\w-]+)"/.exec(page)?.[1] ?? '';
    return v.postForm('/account/confirm', { code });
  };

  it('answers a new and an existing address the same, and tells only their owners by e-mail', async () => {
    const fresh = await visitor().call('POST', ACCOUNT, { email: ' ada@example.com ', password: 'a long secret' });
    const taken = await visitor().call('POST', ACCOUNT, {
      email: OWNER.email.toUpperCase(),
      password: 'a long secret',
    });
    for (const response of [fresh, taken]) {
      expect(response.status).toBe(202);
      expect(await json(response)).toEqual(CHECK_EMAIL);
      expect(response.headers.getSetCookie().some((line) => /^(SiteUserSession|SiteUserInfo)=/.test(line))).toBe(false);
    }
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM site_users WHERE email = 'ada@example.com'").get()).toEqual({
      n: 0,
    });
    expect(mailsTo('ada@example.com')[0]?.body).toMatch(/Follow this link to finish creating your account/);
    expect(mailsTo(OWNER.email)[0]?.body).toMatch(/It has one already: sign in at http:\/\/localhost:4173\/account/);
    expect(mailsTo(OWNER.email)[0]?.body).not.toMatch(/confirm\?code=/);
  });

  it("creates the member (no role) from the e-mail's link, once, and signs it in; the password then signs in", async () => {
    await visitor().call('POST', ACCOUNT, { email: 'ada@example.com', password: 'a long secret' });
    const link = linkTo('ada@example.com');
    expect(link).toMatch(/^\/account\/confirm\?code=[\w-]{43}$/);
    const v = visitor();
    const confirmed = await follow(v, link);
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, '/account']);
    const info = JSON.parse(decodeURIComponent(v.cookies.get('SiteUserInfo') ?? '{}'));
    expect(info).toMatchObject({ authenticated: true, siteUserId: expect.stringMatching(/^member-/) });
    const row = store.db
      .prepare('SELECT email, roles, password_hash FROM site_users WHERE id = ?')
      .get(info.siteUserId);
    expect(row).toMatchObject({ email: 'ada@example.com', roles: '[]' });
    expect(JSON.stringify(row)).not.toContain('a long secret');
    expect((await visitor().signIn('ADA@example.com', 'a long secret')).status).toBe(200);
    expect((await v.call('GET', '/config/restock')).status).toBe(403);
    // The link is spent.
    const again = await visitor().call('GET', link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This link has expired or was used already.');
  });

  it('mails one address at most 3 times an hour, whoever asks; the answer stays the same', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await store.visitor(`198.51.100.${30 + i}`).call('POST', ACCOUNT, {
        email: 'victim@example.com',
        password: 'a long secret',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    expect(mailsTo('victim@example.com')).toHaveLength(3);
  });

  it.each([
    [{ email: 'not-an-email', password: 'a long secret' }, 400, 'Please enter a valid email'],
    [{ email: 'ada@example.com', password: 'short' }, 400, 'Choose a password of at least 8 characters.'],
    [{ email: 'ada@example.com', password: 12345678 }, 400, 'Choose a password of at least 8 characters.'],
  ])('refuses %j with %i and a message, creating and mailing nothing', async (body, status, message) => {
    const before = store.db.prepare('SELECT COUNT(*) AS n FROM site_users').get();
    const response = await visitor().call('POST', ACCOUNT, body);
    expect(response.status).toBe(status);
    expect(await json(response)).toEqual({ message });
    expect(response.headers.getSetCookie().some((line) => line.startsWith('SiteUserSession='))).toBe(false);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM site_users').get()).toEqual(before);
    expect(listOutbox(store.db).items).toEqual([]);
  });
});
