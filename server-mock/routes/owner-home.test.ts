import { describe, expect, it } from 'vitest';
import { OWNER_PAGES } from './owner-pages';
import { expectOwnersOnly } from '../testing/owners-only';
import { storePerTest } from '../testing/test-store';
import { OWNER, type Visitor } from '../testing/visitor';

const store = storePerTest();

async function owner(): Promise<Visitor> {
  const v = store.visitor();
  await v.signIn(OWNER.email, OWNER.password);
  return v;
}

/** The owner navigation's links of a page: [href, current]. */
function navLinks(html: string): [string, boolean][] {
  const nav = /<nav class="owner-nav" aria-label="Store admin">(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a class="owner-nav__link" href="([^"]+)"( aria-current="page")?>/g)].map((m) => [
    m[1] ?? '',
    Boolean(m[2]),
  ]);
}

describe("the owner's home, /config", () => {
  it('sends visitors to sign in and back, refuses a viewer, and answers the owner', async () => {
    await expectOwnersOnly(store, '/config');
    const page = await (await owner()).call('GET', '/config');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Store admin</h1>');
    expect(html).toContain('Nothing needs your attention right now.');
  });

  it('shows what needs attention: restock groups, new submissions (passwords masked), errors', async () => {
    const shopper = store.visitor();
    const now = Date.now();
    store.db
      .prepare(
        `INSERT INTO restock_sign_ups (id, product_id, sku, email, email_key, created)
         VALUES ('s1', 'prod-ceramic-mug', 'MUG-1', 'a@example.com', 'a@example.com', ?),
                ('s2', 'prod-ceramic-mug', 'MUG-1', 'b@example.com', 'b@example.com', ?)`,
      )
      .run(now, now);
    store.db
      .prepare(
        `INSERT INTO form_submissions (form_id, answers, page_path, created) VALUES ('contact', ?, '/contact', ?)`,
      )
      .run(JSON.stringify({ name: { First: 'Ada', Last: 'Lovelace' }, 'order-password': 'hunter22' }), now);
    store.db
      .prepare(
        `INSERT INTO analytics_error_reports (created, event, message, stack, source, url, user_agent, reported)
         VALUES (?, 'error', 'Boom <b>', '', 'store-reviews', '/shop/p/x', 'ua', ?)`,
      )
      .run(now, now);
    await shopper.call('GET', '/shop');
    const html = await (await (await owner()).call('GET', '/config')).text();
    expect(html).not.toContain('Nothing needs your attention');
    expect(html).toMatch(/Restock requests<\/a><\/h3>\s*<p class="owner-card__figure">1<\/p>/);
    expect(html).toContain('2 shoppers wait for 1 sold-out items.');
    expect(html).toMatch(/New form submissions<\/h3>\s*<p class="owner-card__figure">1<\/p>/);
    expect(html).toContain('<dt>Name</dt><dd>Ada Lovelace</dd>');
    expect(html).toContain('<dt>Order password</dt><dd>••••••••</dd>');
    expect(html).not.toContain('hunter22');
    expect(html).toMatch(/Errors reported<\/a><\/h3>\s*<p class="owner-card__figure">1<\/p>/);
    expect(html).toContain('Boom &lt;b&gt;');
  });

  it('every owner page carries the same owner navigation, its own link marked as the current page', async () => {
    const v = await owner();
    const expected: string[] = OWNER_PAGES.map((p) => p.path);
    expect(expected).toEqual([
      '/config',
      '/config/analytics',
      '/config/restock',
      '/config/outbox',
      '/config/catalog',
      '/config/site',
      '/config/languages',
      '/config/settings',
      '/config/popup',
    ]);
    for (const path of [...expected, '/settings/billing/upgrade']) {
      const html = await (await v.call('GET', path)).text();
      const links = navLinks(html);
      expect(
        links.map(([href]) => href),
        path,
      ).toEqual(expected);
      expect(links.filter(([, current]) => current).map(([href]) => href)).toEqual(
        expected.includes(path) ? [path] : [],
      );
      expect(html, path).toContain('<link rel="stylesheet" href="/owner.css">');
    }
  });

  it('serves the owner stylesheet, which the sign-in page uses too', async () => {
    const css = await store.visitor().call('GET', '/owner.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('.owner-nav__link[aria-current=');
    const login = await (await store.visitor().call('GET', '/account/login')).text();
    expect(login).toContain('<link rel="stylesheet" href="/owner.css">');
  });
});
