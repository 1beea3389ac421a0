import { describe, expect, it } from 'vitest';
import { CATALOG_API } from '../contract/catalog-admin';
import { storePerTest } from './testing/test-store';
import { json, OWNER, type Visitor } from './testing/visitor';

const store = storePerTest({ scarceStock: 0 });
const NUL = '\u0000';
const REFUSED =
  /holds a control character \(U\+00(00|07)\): text may hold tabs and line breaks, no other control characters\.$/;

async function owner(): Promise<Visitor> {
  const v = store.visitor();
  expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  return v;
}

/** A 400 whose message names `field` and the control character. */
async function refusedAt(response: Response, field: string) {
  expect(response.status).toBe(400);
  const { message } = await json(response);
  expect(message).toMatch(REFUSED);
  expect(message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')} `));
}

describe('control characters in what the owner and shoppers send', () => {
  it("are refused in the owner's header label, footer text and tags, and nothing is stored", async () => {
    const v = await owner();
    const headerFooter = (label: string, text: string) => ({
      header: { links: [{ label, url: '/shop' }] },
      footer: { text, email: '', links: [] },
    });
    await refusedAt(
      await v.call('PUT', '/api/site-header-footer', headerFooter(`Sh${NUL}p`, 'ok')),
      'header.links[0].label',
    );
    await refusedAt(await v.call('PUT', '/api/site-header-footer', headerFooter('Shop', `Made${NUL}`)), 'footer.text');
    await refusedAt(await v.call('PUT', '/api/site-header-footer', headerFooter('Shop', 'a\u0007b')), 'footer.text');
    const saved = await json(await v.call('GET', '/api/site-header-footer'));
    expect(JSON.stringify(saved)).not.toContain(NUL);
    await refusedAt(await v.call('POST', `${CATALOG_API}/terms`, { type: 'tag', name: `sale${NUL}` }), 'name');
    // Tabs and line breaks are text.
    expect((await v.call('PUT', '/api/site-header-footer', headerFooter('Shop', 'Made\r\nby\thand\n'))).status).toBe(
      200,
    );
  });

  it("are refused in a shopper's cart calls, form answers and additional fields", async () => {
    const v = store.visitor();
    await refusedAt(await v.add(`prod-linen-shirt${NUL}`, 'LS-S-SAND', 1), 'itemId');
    const key = (await json(await v.call('POST', '/api/form/FormSubmissionKey'))).key as string;
    const form = await v.call('POST', '/api/form/SaveFormSubmission', {
      formId: 'newsletter',
      key,
      form: JSON.stringify({ email: `ann${NUL}@example.com` }),
      pageTitle: 'Contact',
    });
    await refusedAt(form, 'form.email');
    const engraved = await v.add('prod-engraved-pen', 'PEN-BRASS', 1, {
      additionalFields: JSON.stringify({ 'engraving-text': `Hi${NUL}` }),
    });
    expect(engraved.status).toBe(400);
    expect((await json(engraved)).message).toMatch(REFUSED);
  });

  it("are refused in a page's own form, with the error page saying which field", async () => {
    const v = store.visitor();
    await v.call('GET', '/shop/p/linen-shirt');
    const body = new URLSearchParams({
      crumb: v.cookies.get('crumb') ?? '',
      form: 'add',
      'option.Size': `M${NUL}`,
    });
    const response = await v.call('POST', '/shop/p/linen-shirt', body.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('option.Size holds a control character (U+0000)');
    expect((await json(await v.call('GET', '/api/commerce/shopping-cart'))).entries ?? []).toEqual([]);
  });
});
