import { beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from './store/outbox';
import { RESTOCK_SETTINGS_KEY, setSetting } from './store/settings';
import { storePerTest } from './testing/test-store';
import { json, OWNER, type Visitor } from './testing/visitor';

const store = storePerTest();
const RESTOCK = '/api/site-users/account/notifications/restock';
/** Control characters that must never reach an address or a header. */
const CONTROLS = ['\0', '\r\n', '\u0085', '\u009b', '\u2028', '\u2029'];
/** Real addresses whose top-level domain the widgets' 2-to-4-letter rule refuses. */
const REAL = ['owner@shop.example', 'x@y.store', 'kunde@laden.berlin'];

async function owner(): Promise<Visitor> {
  const v = store.visitor();
  expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  return v;
}

const signUp = (v: Visitor, email: string) =>
  v.call('POST', RESTOCK, {
    productId: 'prod-ceramic-mug',
    variantId: 'MUG-1',
    siteVisitorEmail: email,
    isJoinMailingList: false,
  });

async function newsletter(v: Visitor, email: string): Promise<Response> {
  const { key } = await json(await v.call('POST', '/api/form/FormSubmissionKey'));
  return v.call('POST', '/api/form/SaveFormSubmission', {
    formId: 'newsletter',
    key,
    form: JSON.stringify({ email }),
    pageTitle: 'Newsletter',
    pageId: 'page-newsletter',
    contentSource: 'c',
    pagePath: '/newsletter',
    pagePermissionTypeValue: 1,
  });
}

const stored = (table: string, column: string) =>
  (store.db.prepare(`SELECT ${column} AS v FROM ${table}`).all() as { v: string }[]).map((r) => r.v);

describe('e-mail safety', () => {
  beforeEach(() => setSetting(store.db, RESTOCK_SETTINGS_KEY, JSON.stringify({ captcha: false })));

  it('refuses restock and form addresses with control characters, and stores none', async () => {
    const v = store.visitor();
    for (const c of CONTROLS) {
      const address = `shopper${c}x@example.com`;
      expect((await signUp(v, address)).status, JSON.stringify(c)).toBe(400);
      expect((await newsletter(v, address)).status, JSON.stringify(c)).toBe(400);
    }
    expect(stored('restock_sign_ups', 'email')).toEqual([]);
    expect(stored('form_submissions', 'answers')).toEqual([]);
  });

  it('accepts real addresses the widgets rule would refuse', async () => {
    const v = store.visitor();
    for (const address of REAL) {
      expect((await signUp(v, address)).status, address).toBe(200);
      expect((await newsletter(v, address)).status, address).toBe(200);
    }
    expect(stored('restock_sign_ups', 'email')).toEqual(REAL);
    const o = await owner();
    const footer = (email: string) =>
      o.call('PUT', '/api/site-header-footer', {
        header: { links: [] },
        footer: { text: '', email, links: [{ label: 'Write', url: `mailto:${email}` }] },
      });
    expect((await footer('owner@shop.example')).status).toBe(200);
    expect((await footer('owner\r\n@shop.example')).status).toBe(400);
    expect((await footer('own\u0085er@shop.example')).status).toBe(400);
  });

  it('keeps CR/LF of a product name out of the restock e-mail subject', async () => {
    store.db.prepare("UPDATE products SET name = ? WHERE id = 'prod-ceramic-mug'").run('Lamp\r\nBcc: all@evil.example');
    expect((await signUp(store.visitor(), 'shopper@example.com')).status).toBe(200);
    const sent = await (
      await owner()
    ).call('POST', `${RESTOCK}/send`, { productId: 'prod-ceramic-mug', variantId: 'MUG-1' });
    expect(sent.status).toBe(200);
    const [email] = listOutbox(store.db).items;
    expect(email?.subject).toBe('Lamp Bcc: all@evil.example is back in stock');
    expect(email?.subject).not.toMatch(/[\r\n]/);
  });

  it('does not mail an address stored before the rule, and leaves it pending', async () => {
    expect((await signUp(store.visitor(), 'good@example.com')).status).toBe(200);
    store.db
      .prepare(
        `INSERT INTO restock_sign_ups (id, product_id, sku, email, email_key, is_join_mailing_list, created)
         VALUES ('old', 'prod-ceramic-mug', 'MUG-1', ?, ?, 0, 1)`,
      )
      .run('bad\r\nBcc: x@evil.example', 'bad');
    const sent = await (
      await owner()
    ).call('POST', `${RESTOCK}/send`, { productId: 'prod-ceramic-mug', variantId: 'MUG-1' });
    expect(sent.status).toBe(200);
    expect(listOutbox(store.db).items.map((e) => e.to)).toEqual(['good@example.com']);
    expect(stored('restock_sign_ups WHERE sent IS NULL', 'email')).toEqual(['bad\r\nBcc: x@evil.example']);
  });
});
