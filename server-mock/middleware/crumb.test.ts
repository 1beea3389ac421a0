import { describe, expect, it } from 'vitest';
import { CRUMB_LIFETIME_MS, crumbIssuedAt, crumbVerifier, issueCrumb, VERIFIED_CRUMBS_KEPT } from './crumb';
import { storePerTest } from '../testing/test-store';
import { MEMBER, json } from '../testing/visitor';

describe('crumbVerifier', () => {
  it('accepts the crumbs its secret signed, again and again, and nothing else', () => {
    const isValid = crumbVerifier('secret-a');
    const crumb = issueCrumb('secret-a');
    expect(isValid(crumb)).toBeDefined();
    expect(isValid(crumb)).toBeDefined();
    const [nonce = '', issued = '', signature = ''] = crumb.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(isValid(`${nonce}.${issued}.${flipped}`)).toBeUndefined();
    expect(isValid(`x${crumb}`)).toBeUndefined();
    expect(isValid(undefined)).toBeUndefined();
    expect(isValid('')).toBeUndefined();
    // A crumb one secret verified (and remembers) is still refused under another.
    expect(crumbVerifier('secret-b')(crumb)).toBeUndefined();
  });

  it('keeps verifying after more crumbs than it remembers', () => {
    const isValid = crumbVerifier('secret-a');
    const first = issueCrumb('secret-a');
    expect(isValid(first)).toBeDefined();
    for (let i = 0; i < VERIFIED_CRUMBS_KEPT; i += 1) isValid(issueCrumb('secret-a'));
    expect(isValid(first)).toBeDefined();
    expect(isValid(issueCrumb('secret-b'))).toBeUndefined();
  });

  it('binds a crumb to the sign-in session it was issued for', () => {
    const isValid = crumbVerifier('secret-a');
    const anonymous = issueCrumb('secret-a');
    const signedIn = issueCrumb('secret-a', 'session-token-1');
    expect(isValid(anonymous, '')).toBeDefined();
    expect(isValid(anonymous, 'session-token-1')).toBeUndefined();
    expect(isValid(signedIn, 'session-token-1')).toBeDefined();
    expect(isValid(signedIn, 'session-token-2')).toBeUndefined();
    expect(isValid(signedIn, '')).toBeUndefined();
  });

  it('expires a crumb after its lifetime, remembered or not, and refuses one issued in the future', () => {
    const now = Date.UTC(2026, 10, 28);
    const crumb = issueCrumb('secret-a', '', now);
    const isValid = crumbVerifier('secret-a');
    expect(isValid(crumb, '', now + CRUMB_LIFETIME_MS - 1000)).toBeDefined();
    expect(isValid(crumb, '', now + CRUMB_LIFETIME_MS)).toBeUndefined();
    expect(crumbIssuedAt('secret-a', crumb, '', now + CRUMB_LIFETIME_MS)).toBeUndefined();
    expect(crumbIssuedAt('secret-a', issueCrumb('secret-a', '', now + 3600_000), '', now)).toBeUndefined();
  });
});

describe('crumbs over a visit', () => {
  const store = storePerTest();

  it('a crumb known before a sign-in is refused after it, and one of the session before a sign-out after that', async () => {
    const member = store.visitor();
    await member.call('GET', '/shop');
    const before = member.cookies.get('crumb')!;
    const signedIn = await member.signIn(MEMBER.email, MEMBER.password);
    expect(signedIn.status).toBe(200);
    const during = member.cookies.get('crumb')!;
    expect(during).not.toBe(before);
    expect((await json(signedIn)).xsrfToken).toBe(during);
    const stale = await member.call('POST', '/api/commerce/shopping-cart/entries', {}, { 'x-csrf-token': before });
    expect(stale.status).toBe(403);
    // The refusal's own cookie write must not hide that the stale crumb was refused.
    member.cookies.set('crumb', before);
    const staleCookie = await member.call('POST', '/api/commerce/shopping-cart/entries', {});
    expect(staleCookie.status).toBe(403);
    member.cookies.set('crumb', during);
    expect((await member.call('DELETE', '/api/site-users/account/session')).status).toBe(204);
    const after = member.cookies.get('crumb')!;
    expect(after).not.toBe(during);
    member.cookies.set('crumb', during);
    expect((await member.call('POST', '/api/commerce/shopping-cart/entries', {})).status).toBe(403);
  });

  it('renews an old crumb on the next request, the old one still good meanwhile', async () => {
    let clock = Date.now();
    store.reopen({ now: () => clock });
    const visitor = store.visitor();
    await visitor.call('GET', '/shop');
    const first = visitor.cookies.get('crumb')!;
    clock += CRUMB_LIFETIME_MS * 0.75;
    const renewed = await visitor.call('POST', '/api/commerce/shopping-cart/entries', {
      itemId: 'prod-linen-shirt',
      sku: 'LS-S-SAND',
      quantity: 1,
    });
    expect(renewed.status).toBe(200);
    expect(visitor.cookies.get('crumb')).not.toBe(first);
    clock += CRUMB_LIFETIME_MS * 0.5;
    visitor.cookies.set('crumb', first);
    expect((await visitor.call('POST', '/api/commerce/shopping-cart/entries', {})).status).toBe(403);
  });
});
