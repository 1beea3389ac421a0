import { describe, expect, it } from 'vitest';
import { crumbVerifier, issueCrumb, VERIFIED_CRUMBS_KEPT } from './crumb';

describe('crumbVerifier', () => {
  it('accepts the crumbs its secret signed, again and again, and nothing else', () => {
    const isValid = crumbVerifier('secret-a');
    const crumb = issueCrumb('secret-a');
    expect(isValid(crumb)).toBe(true);
    expect(isValid(crumb)).toBe(true);
    const [nonce = '', signature = ''] = crumb.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(isValid(`${nonce}.${flipped}`)).toBe(false);
    expect(isValid(`x${crumb}`)).toBe(false);
    expect(isValid(undefined)).toBe(false);
    expect(isValid('')).toBe(false);
    // A crumb one secret verified (and remembers) is still refused under another.
    expect(crumbVerifier('secret-b')(crumb)).toBe(false);
  });

  it('keeps verifying after more crumbs than it remembers', () => {
    const isValid = crumbVerifier('secret-a');
    const first = issueCrumb('secret-a');
    expect(isValid(first)).toBe(true);
    for (let i = 0; i < VERIFIED_CRUMBS_KEPT; i += 1) isValid(issueCrumb('secret-a'));
    expect(isValid(first)).toBe(true);
    expect(isValid(issueCrumb('secret-b'))).toBe(false);
  });
});
