import { describe, expect, it } from 'vitest';
import { queueEmail } from '../store/outbox';
import { RESTOCK_SETTINGS_KEY, setSetting } from '../store/settings';
import { storePerTest } from '../testing/test-store';
import type { Visitor } from '../testing/visitor';
import { json, OWNER, VIEWER } from '../testing/visitor';

const store = storePerTest();
const { visitor } = store;

const MEMBER = { email: 'member@fieldandforge.test', password: 'demo-member-pass' };
const EXPORT = '/api/owner/shopper-data/export';
const ERASE = '/api/owner/shopper-data/erase';

async function signedIn(who: { email: string; password: string }): Promise<Visitor> {
  const v = visitor();
  expect((await v.signIn(who.email, who.password)).status).toBe(200);
  return v;
}

/** Gives the member everything a shopper can leave behind: a restock sign-up, a form submission, an e-mail, a sign-in. */
async function shopperLeavesData(email = MEMBER.email): Promise<void> {
  setSetting(store.db, RESTOCK_SETTINGS_KEY, JSON.stringify({ mailingListSignUpEnabled: true, captcha: false }));
  const v = await signedIn(MEMBER);
  const restock = { productId: 'prod-ceramic-mug', variantId: 'MUG-1', siteVisitorEmail: email.toUpperCase() };
  expect((await v.call('POST', '/api/site-users/account/notifications/restock', restock)).status).toBe(200);
  const { key } = await json(await v.call('POST', '/api/form/FormSubmissionKey'));
  const submission = { formId: 'newsletter', key, form: JSON.stringify({ email }), pagePath: '/newsletter' };
  expect((await v.call('POST', '/api/form/SaveFormSubmission', submission)).status).toBe(200);
  queueEmail(store.db, { to: email, subject: 'Back in stock', body: 'The mug is back.' });
  // Someone else's data, which must stay.
  queueEmail(store.db, { to: 'someone@example.com', subject: 'Hello', body: `Not about ${email}` });
}

describe('shopper data export', () => {
  it('gives the owner everything the store holds about an e-mail address, as JSON', async () => {
    await shopperLeavesData();
    const owner = await signedIn(OWNER);
    const response = await owner.call('POST', EXPORT, { email: ` ${MEMBER.email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="shopper-data.json"');
    const data = await json(response);
    expect(data.account).toMatchObject({ email: MEMBER.email, roles: [] });
    expect(data.sessions).toHaveLength(1);
    expect(data.restockSignUps).toMatchObject([{ productId: 'prod-ceramic-mug', sku: 'MUG-1' }]);
    expect(data.formSubmissions).toMatchObject([{ formId: 'newsletter', answers: { email: MEMBER.email } }]);
    expect(data.outbox).toMatchObject([{ to: MEMBER.email, subject: 'Back in stock' }]);
    expect(data.signInRecords).toBe(1);
  });

  it('writes the same as CSV, with formulas kept as text', async () => {
    await shopperLeavesData();
    queueEmail(store.db, { to: MEMBER.email, subject: '=HYPERLINK("x")', body: '' });
    const owner = await signedIn(OWNER);
    const response = await owner.call('POST', EXPORT, { email: MEMBER.email, format: 'csv' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('"kind","id","created","data"');
    expect(lines.map((l) => l.split(',')[0])).toEqual([
      '"kind"',
      '"account"',
      '"session"',
      '"restock sign-up"',
      '"form submission"',
      '"e-mail sent"',
      '"e-mail sent"',
      '"sign-in records"',
      '',
    ]);
    expect(lines.join('\n')).not.toMatch(/(^|,)"=/m);
  });

  it('is for owners only, and a state-changing call like any other (crumb)', async () => {
    expect((await visitor().call('POST', EXPORT, { email: MEMBER.email })).status).toBe(401);
    expect((await (await signedIn(VIEWER)).call('POST', EXPORT, { email: MEMBER.email })).status).toBe(403);
    const owner = await signedIn(OWNER);
    const forged = await owner.call('POST', EXPORT, { email: MEMBER.email }, { 'x-csrf-token': 'forged' });
    expect(forged.status).toBe(403);
    const bad = await owner.call('POST', EXPORT, { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ message: 'Enter the e-mail address of the shopper.' });
  });
});

describe('an account creation waiting for its link', () => {
  it('is exported and erased with the rest of the address', async () => {
    const address = 'newbie@example.com';
    expect(
      (await visitor().call('POST', '/api/site-users/account', { email: address, password: 'a long secret' })).status,
    ).toBe(202);
    const owner = await signedIn(OWNER);
    const data = await json(await owner.call('POST', EXPORT, { email: address }));
    expect(data.accountRequests).toEqual([{ created: expect.any(Number), expires: expect.any(Number) }]);
    expect(JSON.stringify(data.accountRequests)).not.toContain('scrypt');
    const erased = await json(await owner.call('POST', ERASE, { email: address.toUpperCase() }));
    expect(erased.erased).toMatchObject({ accountRequests: 1, outbox: 1 });
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM pending_members').get()).toEqual({ n: 0 });
  });
});

describe('shopper data erasure', () => {
  it('deletes everything about the address, in any case, and nothing else', async () => {
    await shopperLeavesData();
    const owner = await signedIn(OWNER);
    const response = await owner.call('POST', ERASE, { email: MEMBER.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect((await json(response)).erased).toEqual({
      account: 1,
      sessions: 1,
      restockSignUps: 1,
      formSubmissions: 1,
      outbox: 1,
      signInRecords: 1,
      accountRequests: 0,
    });
    const after = await json(await owner.call('POST', EXPORT, { email: MEMBER.email }));
    expect(after).toMatchObject({ account: null, sessions: [], restockSignUps: [], formSubmissions: [], outbox: [] });
    expect(after.signInRecords).toBe(0);
    expect((store.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n).toBe(1);
    expect((await visitor().signIn(MEMBER.email, MEMBER.password)).status).toBe(401);
  });

  it("refuses to erase an owner's account, and erases nothing then", async () => {
    queueEmail(store.db, { to: OWNER.email, subject: 'Hi', body: '' });
    const owner = await signedIn(OWNER);
    const refused = await owner.call('POST', ERASE, { email: OWNER.email });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe(
      'This e-mail address belongs to an owner account: owner accounts are not erased here.',
    );
    expect((await json(await owner.call('POST', EXPORT, { email: OWNER.email }))).outbox).toHaveLength(1);
  });
});

describe('the owner page', () => {
  const postForm = (v: Visitor, path: string, fields: Record<string, string>) =>
    v.call('POST', path, new URLSearchParams({ crumb: v.cookies.get('crumb') ?? '', ...fields }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });

  it('finds, exports and erases a shopper, every form carrying the crumb', async () => {
    await shopperLeavesData();
    const owner = await signedIn(OWNER);
    expect((await owner.call('GET', '/config/data')).status).toBe(200);
    const found = await (await postForm(owner, '/config/data/find', { email: MEMBER.email })).text();
    expect(found).toContain(`<h2 id="data-found-heading">Kept about ${MEMBER.email}</h2>`);
    expect(found).toContain('<tr><th scope="row">Restock sign-ups</th><td>1</td></tr>');
    const csv = await postForm(owner, '/config/data/export', { email: MEMBER.email, format: 'csv' });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="shopper-data.csv"');
    const unconfirmed = await postForm(owner, '/config/data/erase', { email: MEMBER.email });
    expect(unconfirmed.status).toBe(400);
    const forged = await owner.call(
      'POST',
      '/config/data/erase',
      new URLSearchParams({ email: MEMBER.email, confirm: 'yes', crumb: 'x' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(forged.status).toBe(403);
    const erased = await postForm(owner, '/config/data/erase', { email: MEMBER.email, confirm: 'yes' });
    expect(erased.status).toBe(200);
    expect(await erased.text()).toContain(
      `role="status">Erased for ${MEMBER.email}: account 1, sign-in sessions 1, restock sign-ups 1, site-form submissions 1, e-mails sent 1, sign-in throttling records 1, account creations waiting for their link 0.</p>`,
    );
  });

  it('saves retention settings, and refuses what is not a number of days with its field marked', async () => {
    const owner = await signedIn(OWNER);
    const saved = await postForm(owner, '/config/data/retention', { outboxDays: '30', formSubmissionsDays: '90' });
    expect(saved.status).toBe(303);
    const api = await json(await owner.call('GET', '/api/owner/retention'));
    expect(api).toMatchObject({ outboxDays: 30, formSubmissionsDays: 90, analyticsDays: 395 });
    const refused = await postForm(owner, '/config/data/retention', { outboxDays: '0' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('id="retention-outboxDays-error">Enter a whole number of days from 1 to 3650.</span>');
    const put = await owner.call('PUT', '/api/owner/retention', { analyticsDays: 'forever', colour: 3 });
    expect(put.status).toBe(400);
    expect((await json(put)).errors).toEqual({
      analyticsDays: 'Enter a whole number of days from 1 to 3650.',
      colour: 'colour is not a retention setting.',
    });
    expect((await json(await owner.call('GET', '/api/owner/retention'))).outboxDays).toBe(30);
  });
});
