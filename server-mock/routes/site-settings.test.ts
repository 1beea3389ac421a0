import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { json, OWNER, VIEWER, type Visitor } from '../testing/visitor';

const store = storePerTest();
const { visitor } = store;

async function signedIn(account: { email: string; password: string } = OWNER): Promise<Visitor> {
  const v = visitor();
  expect((await v.signIn(account.email, account.password)).status).toBe(200);
  return v;
}

const HEADER_FOOTER = {
  header: { links: [{ label: 'Shop', url: '/shop' }] },
  footer: {
    text: 'Made by hand.',
    email: 'hi@example.com',
    links: [{ label: 'Blog', url: 'https://blog.example.com' }],
  },
};

describe('GET and PUT /api/site-header-footer', () => {
  it('answers the seeded header and footer, and pages render them', async () => {
    const body = (await json(await visitor().call('GET', '/api/site-header-footer'))) as typeof HEADER_FOOTER;
    expect(body.header.links).toEqual([
      { label: 'Shop', url: '/shop' },
      { label: 'Cart', url: '/cart' },
    ]);
    expect(body.footer.email).toBe('hello@fieldandforge.test');
    const page = await (await visitor().call('GET', '/shop')).text();
    expect(page).toContain('<a href="mailto:hello@fieldandforge.test">');
  });

  it('lets only an owner save; pages render what was saved', async () => {
    expect((await visitor().call('PUT', '/api/site-header-footer', HEADER_FOOTER)).status).toBe(401);
    expect((await (await signedIn(VIEWER)).call('PUT', '/api/site-header-footer', HEADER_FOOTER)).status).toBe(403);
    const owner = await signedIn();
    const saved = await owner.call('PUT', '/api/site-header-footer', HEADER_FOOTER);
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual(HEADER_FOOTER);
    const page = await (await visitor().call('GET', '/')).text();
    expect(page).toContain('<a href="https://blog.example.com">Blog</a>');
    expect(page).toContain('<nav class="site-nav" aria-label="Main"><a href="/shop">Shop</a></nav>');
  });

  it.each([
    [
      { label: 'Blog', url: 'blog.example.com' },
      'Links must be formatted as http://blog.example.com or https://blog.example.com',
    ],
    [{ label: 'Blog', url: 'ftp://x' }, 'Links must be formatted as http://x or https://x'],
    [{ label: 'Mail', url: 'mailto:nobody' }, 'Emails must be formatted as mailto:name@example.com'],
    [{ label: 'Mail', url: 'me@example.com' }, 'Emails must be formatted as mailto:name@example.com'],
    [{ label: 'Page', url: '/about us' }, '/about us is not a valid page URL'],
  ])('refuses the link %j with the spec message', async (link, message) => {
    const owner = await signedIn();
    const response = await owner.call('PUT', '/api/site-header-footer', {
      ...HEADER_FOOTER,
      footer: { ...HEADER_FOOTER.footer, links: [link] },
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message, errors: { 'footer.links.0.url': message } });
  });

  it("refuses a footer e-mail that is not one: 'Please enter a valid email'; bad bodies get 400, never 500", async () => {
    const owner = await signedIn();
    const bad = await owner.call('PUT', '/api/site-header-footer', {
      ...HEADER_FOOTER,
      footer: { ...HEADER_FOOTER.footer, email: 'nobody' },
    });
    expect(await json(bad)).toEqual({
      message: 'Please enter a valid email',
      errors: { 'footer.email': 'Please enter a valid email' },
    });
    for (const body of [
      '[]',
      'nope',
      JSON.stringify({ header: { links: 'x' } }),
      JSON.stringify({ footer: { links: [1] } }),
    ]) {
      expect((await owner.call('PUT', '/api/site-header-footer', body)).status).toBe(400);
    }
  });
});

describe('multilingual calls', () => {
  it('start with one language, connected', async () => {
    expect(await json(await visitor().call('GET', '/api/multilingual/settings'))).toEqual({
      languages: [{ code: 'en', name: 'English', path: '/', isDefault: true }],
    });
    expect(await json(await visitor().call('GET', '/api/multilingual/status'))).toEqual({
      connected: true,
      languageCount: 1,
    });
  });

  it('let the owner add and remove languages and disconnect; pages then show the picker or not', async () => {
    expect((await visitor().call('PUT', '/api/multilingual/languages', { languages: ['en', 'fr'] })).status).toBe(401);
    const owner = await signedIn();
    const added = await owner.call('PUT', '/api/multilingual/languages', { languages: ['en', 'fr'] });
    expect(await json(added)).toEqual({
      languages: [
        { code: 'en', name: 'English', path: '/', isDefault: true },
        { code: 'fr', name: 'Français', path: '/fr/', isDefault: false },
      ],
    });
    expect(await (await visitor().call('GET', '/shop')).text()).toContain('<store-language-picker>');
    expect((await owner.call('DELETE', '/api/multilingual/connection')).status).toBe(200);
    expect(await json(await visitor().call('GET', '/api/multilingual/status'))).toEqual({
      connected: false,
      languageCount: 1,
    });
    expect(await (await visitor().call('GET', '/shop')).text()).not.toContain('<store-language-picker>');
  });

  it('refuse unknown and repeated languages with 400', async () => {
    const owner = await signedIn();
    const unknown = await owner.call('PUT', '/api/multilingual/languages', { languages: ['en', 'xx'] });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ message: 'xx is not one of the expected options' });
    const twice = await owner.call('PUT', '/api/multilingual/languages', { languages: ['en', 'en'] });
    expect(await json(twice)).toEqual({ message: 'This language already exists' });
    expect((await owner.call('PUT', '/api/multilingual/languages', { languages: [] })).status).toBe(400);
  });
});

describe('the newsletter pop-up', () => {
  it('is read by anyone; an owner saving it without a list gets "A List must be selected"; a save is a new version', async () => {
    const before = (await json(await visitor().call('GET', '/api/popup'))) as { version: number; mailingList: string };
    expect(before.mailingList).toBe('field-notes');
    const owner = await signedIn();
    const body = { heading: 'Hello', trigger: 'scroll', scrollPercent: 30, delaySeconds: 0, enabled: true };
    const refused = await owner.call('PUT', '/api/popup', body);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ message: 'A List must be selected' });
    const saved = await owner.call('PUT', '/api/popup', { ...body, mailingList: 'field-notes' });
    expect(await json(saved)).toMatchObject({ version: before.version + 1, trigger: 'scroll', scrollPercent: 30 });
    const home = await (await visitor().call('GET', '/')).text();
    expect(home).toContain(`data-version="${before.version + 1}"`);
  });

  it('takes the owner form: no list re-renders the page with the message', async () => {
    const owner = await signedIn();
    const page = await (await owner.call('GET', '/config/popup')).text();
    expect(page).toContain('Save and publish');
    const form = new URLSearchParams({
      crumb: owner.cookies.get('crumb') ?? '',
      heading: 'Hi',
      trigger: 'delay',
      mailingList: '',
    });
    const response = await owner.call('POST', '/config/popup', form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('A List must be selected');
  });
});
