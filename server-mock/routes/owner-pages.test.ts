import { describe, expect, it } from 'vitest';
import {
  addButton,
  censusPage,
  commerceContent,
  errorReports,
  eventBody,
  hitForm,
  image,
  pageSpeed,
} from '../../contract/examples/analytics';
import { analyticsCalls } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';
import { OWNER, VIEWER, type Visitor } from '../testing/visitor';

const store = storePerTest();

const { shopper, postForm, beacon, pageLoadId, analyticsPage } = analyticsCalls(store);

describe('GET /config/analytics', () => {
  it('sends visitors to sign in, refuses a viewer and shows the owner the page', async () => {
    const anonymous = await store.visitor().call('GET', '/config/analytics?visitor=x');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(
      `/account/login?next=${encodeURIComponent('/config/analytics?visitor=x')}`,
    );
    const viewer = store.visitor();
    await viewer.signIn(VIEWER.email, VIEWER.password);
    const refused = await viewer.call('GET', '/config/analytics');
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('Page views per path');
    expect(await analyticsPage()).toContain('<h1>Analytics</h1>');
  });

  it('says so when nothing has been recorded', async () => {
    const page = await analyticsPage();
    expect(page).toContain('<p>No page views yet.</p>');
    expect(page).toContain('<p>No events yet.</p>');
    expect(page).toContain('<p>No error reports.</p>');
    expect(page).toContain('No page-speed records yet.');
    expect(page).not.toContain('<svg id="vital-');
  });

  it('shows page views per path, events by type, error reports (escaped) and a histogram of each web vital', async () => {
    const v = await shopper();
    for (const path of ['/', '/shop/p/linen-shirt', '/', '/cart'])
      await postForm(v, '/api/census/RecordHit', hitForm(path));
    await v.call('POST', '/api/census/button-render', {
      ...censusPage(),
      buttons: [addButton(), { ...addButton(), buttonId: 'b2' }],
    });
    await v.call('POST', '/api/census/button-click', { ...censusPage(), ...addButton() });
    await beacon(v, '/api/v1/clanker/events', eventBody('commerce_event', commerceContent()));
    await v.call(
      'POST',
      '/api/events/RecordJavascriptErrors',
      errorReports(1, '<img src=x onerror=alert(1)> & "broke"'),
    );
    for (const [lcp, cls] of [
      [800, 0],
      [2700, 0.15],
      [9000, 0.3],
    ] as const) {
      const id = await pageLoadId(v);
      await beacon(
        v,
        '/api/1/performance/records',
        JSON.stringify([pageSpeed(id, { lcp, cls, inp: null }), image(id)]),
      );
    }

    const page = await analyticsPage();
    const rows = (cls: string) => {
      const table = page.slice(
        page.indexOf(`<table class="${cls}">`),
        page.indexOf('</table>', page.indexOf(`<table class="${cls}">`)),
      );
      return [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) =>
        [...(m[1] ?? '').matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((c) => c[1]),
      );
    };
    expect(rows('analytics-page-views')).toEqual([
      ['Path', 'Page views', 'Visitors'],
      ['/', '2', '1'],
      ['/cart', '1', '1'],
      ['/shop/p/linen-shirt', '1', '1'],
    ]);
    expect(rows('analytics-events')).toEqual([
      ['Source', 'Event', 'Count'],
      ['Census', 'button-render', '2'],
      ['Census', 'button-click', '1'],
      ['Event service', 'commerce_event: add_to_cart', '1'],
    ]);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; "broke"');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain(
      'Performance records: <strong>3</strong> page-speed, <strong>3</strong> image, <strong>0</strong> user-timing',
    );

    // LCP: one good (0.5-1 s), one needing improvement (2.5-3 s), one poor in the open-ended last bin.
    const lcp = page.slice(
      page.indexOf('<section class="vital" aria-labelledby="vital-lcp-heading">'),
      page.indexOf('</section>', page.indexOf('vital-lcp-heading')),
    );
    expect(lcp).toContain(
      'aria-label="Largest contentful paint of 3 page loads: 1 good, 1 needing improvement, 1 poor; 75th percentile 9 s. By range: 0 ms to 500 ms: 0; 500 ms to 1 s: 1;',
    );
    expect(lcp).toContain('<tr><td>500 ms to 1 s</td><td>1</td><td>good</td></tr>');
    expect(lcp).toContain('<tr><td>2.5 s to 3 s</td><td>1</td><td>needs improvement</td></tr>');
    expect(lcp).toContain('<tr><td>5 s or more</td><td>1</td><td>poor</td></tr>');
    expect(
      [...lcp.matchAll(/<rect [^>]*height="(\d+)"[^>]*fill="(#[0-9a-f]+)"/g)]
        .filter((m) => m[1] !== '0')
        .map((m) => m[2]),
    ).toEqual(['#1e7b45', '#a65f00', '#b3261e']);
    // CLS 0.15 sits in the 0.15-0.2 bin, not below it.
    expect(page).toContain('<tr><td>0.15 to 0.2</td><td>1</td><td>needs improvement</td></tr>');
    // No INP was measured: its chart says so.
    const inp = page.slice(
      page.indexOf('vital-inp-heading'),
      page.indexOf('</section>', page.indexOf('vital-inp-heading')),
    );
    expect(inp).toContain('<p>No page loads measured yet.</p>');
    expect(inp).not.toContain('<svg');
  });

  it('shows one visitor only when asked, and escapes the id in the form', async () => {
    const a = await shopper('visitor-a');
    const b = await shopper('visitor-b');
    await postForm(a, '/api/census/RecordHit', hitForm('/'));
    await postForm(b, '/api/census/RecordHit', hitForm('/cart'));
    await b.call('POST', '/api/events/RecordJavascriptErrors', errorReports());
    const onlyA = await analyticsPage('?visitor=visitor-a');
    expect(onlyA).toContain('<td class="analytics-wrap">/</td><td>1</td>');
    expect(onlyA).not.toContain('>/cart</td>');
    expect(onlyA).toContain('<p>No error reports.</p>');
    expect(onlyA).toContain('Showing visitor <code>visitor-a</code> only.');
    const odd = await analyticsPage(`?visitor=${encodeURIComponent('"><b>x')}`);
    expect(odd).toContain('value="&quot;&gt;&lt;b&gt;x"');
    expect(odd).not.toContain('"><b>x');
    expect(odd).toContain('<p>No page views yet.</p>');
  });
});

describe('GET /config/catalog and the billing pages', () => {
  it('shows owners the catalog with upgrade links while the site is on trial; viewers get the forbidden page', async () => {
    const { OWNER } = await import('../testing/visitor');
    const { setSetting } = await import('../store/settings');
    const owner = store.visitor();
    await owner.signIn(OWNER.email, OWNER.password);
    const page = await (await owner.call('GET', '/config/catalog')).text();
    expect(page).toContain('<store-catalog-admin></store-catalog-admin>');
    expect(page).toContain('href="/settings/billing/upgrade"');
    expect(page).toContain('href="/settings/billing/subscriptions/website"');
    for (const path of ['/settings/billing/upgrade', '/settings/billing/subscriptions/website'])
      expect((await owner.call('GET', path)).status).toBe(200);
    setSetting(store.db, 'site_status', '8');
    expect(await (await owner.call('GET', '/config/catalog')).text()).not.toContain('/settings/billing/upgrade');

    const viewer = store.visitor();
    await viewer.signIn(VIEWER.email, VIEWER.password);
    const refused = await viewer.call('GET', '/config/catalog');
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('store-catalog-admin');
    expect((await viewer.call('GET', '/settings/billing/upgrade')).status).toBe(403);
    expect((await store.visitor().call('GET', '/settings/billing/upgrade')).status).toBe(303);
  });
});

/** The owner, signed in. */
async function signedInOwner(): Promise<Visitor> {
  const owner = store.visitor();
  await owner.signIn(OWNER.email, OWNER.password);
  return owner;
}

/** A paged owner page: its status, HTML, page links and what `pattern` finds on it. */
async function readPaged(v: Visitor, path: string, pattern: RegExp) {
  const response = await v.call('GET', path);
  const html = await response.text();
  const link = (rel: string) =>
    new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
  return { status: response.status, html, next: link('next'), prev: link('prev'), to: html.match(pattern) };
}

describe('GET /config/outbox', () => {
  it('pages the e-mails newest first with links both ways a crawler can follow, and refuses a made-up cursor', async () => {
    const insert = store.db.prepare(
      "INSERT INTO outbox (to_address, subject, body, created) VALUES (?, 'Back in stock', 'Hello', 0)",
    );
    for (let i = 1; i <= 120; i++) insert.run(`shopper${i}@example.com`);
    const owner = await signedInOwner();
    const read = (path: string) => readPaged(owner, path, /shopper\d+@/g);
    const first = await read('/config/outbox');
    expect(first.to).toHaveLength(50);
    expect(first.to?.[0]).toBe('shopper120@');
    expect(first.prev).toBeNull();
    const second = await read(first.next ?? '');
    expect(second.to?.[0]).toBe('shopper70@');
    const third = await read(second.next ?? '');
    expect(third.to).toHaveLength(20);
    expect(third.to?.at(-1)).toBe('shopper1@');
    expect(third.next).toBeNull();
    const back = await read(third.prev ?? '');
    expect(back.to).toEqual(second.to);
    expect(back.prev).toBe('/config/outbox');

    const refused = await read('/config/outbox?after=bm90LWEtY3Vyc29y');
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This page cursor is not valid. Start again from the first page.');
    expect(refused.to).toEqual(first.to);
  });
});

describe('error reports on GET /config/analytics', () => {
  it("page one visitor's reports newest first, the links keeping the visitor", async () => {
    const insert = store.db.prepare(
      `INSERT INTO analytics_error_reports (created, visitor_id, event, message, stack, source, url, user_agent, reported)
       VALUES (0, ?, 'javascript-error', ?, '', 'test', '/', 'ua', 0)`,
    );
    for (let i = 1; i <= 70; i++) insert.run('a', `failure-a${i}`);
    for (let i = 1; i <= 5; i++) insert.run('b', `failure-b${i}`);
    const owner = await signedInOwner();
    const read = (path: string) => readPaged(owner, path, /failure-[ab]\d+/g);
    const first = await read('/config/analytics?visitor=a');
    expect(first.to).toHaveLength(50);
    expect(first.to?.[0]).toBe('failure-a70');
    expect(first.next).toMatch(/^\/config\/analytics\?visitor=a&after=/);
    const second = await read(first.next ?? '');
    expect(second.to).toEqual(Array.from({ length: 20 }, (_, i) => `failure-a${20 - i}`));
    expect(second.prev).toBe('/config/analytics?visitor=a');
    expect((await read('/config/analytics?after=x')).status).toBe(400);
  });
});
