import { describe, expect, it } from 'vitest';
import { limitQueryString, MAX_QUERY_KEYS, parseQuery } from './query-string';

const many = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=${i}`).join('&');

describe('query strings', () => {
  it('keeps up to 1000 parameters and ignores the 1001st and later', () => {
    expect(MAX_QUERY_KEYS).toBe(1000);
    expect([...parseQuery(many(1000)).keys()]).toHaveLength(1000);
    const parsed = parseQuery(`?${many(1500)}`);
    expect([...parsed.keys()]).toHaveLength(1000);
    expect(parsed.get('k999')).toBe('999');
    expect(parsed.has('k1000')).toBe(false);
  });

  it('counts repeated keys and keys without values as parameters, empty pieces not at all', () => {
    expect(limitQueryString('a=1&a=2&b&&c=3', 2)).toBe('a=1&a=2');
    expect(limitQueryString('&&a=1&&b=2&&c=3', 2)).toBe('&&a=1&&b=2');
    expect(limitQueryString('?a=1&b=2', 2)).toBe('a=1&b=2');
    expect(limitQueryString('', 2)).toBe('');
  });
});
