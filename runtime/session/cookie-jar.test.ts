import { describe, expect, it } from 'vitest';
import { documentCookieJar, readOnlyCookieJar, serializeCookie } from './cookie-jar';

describe('cookie jar', () => {
  it('writes Max-Age and expires for a lifetime, neither for a session cookie', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(serializeCookie('ss_cvt', '123', { maxAgeSeconds: 1800 }, now)).toBe(
      'ss_cvt=123; path=/; SameSite=Lax; Max-Age=1800; expires=Thu, 01 Jan 2026 00:30:00 GMT',
    );
    expect(serializeCookie('ss_sid', 'a|b')).toBe('ss_sid=a%7Cb; path=/; SameSite=Lax');
  });

  it('reads back what it wrote and removes cookies', () => {
    const jar = documentCookieJar(document);
    jar.write('ss_test', 'x|1', { maxAgeSeconds: 60 });
    expect(jar.read('ss_test')).toBe('x|1');
    jar.remove('ss_test');
    expect(jar.read('ss_test')).toBeUndefined();
  });

  it('a read-only jar reads and removes but never writes', () => {
    const jar = documentCookieJar(document);
    jar.write('ss_keep', '1');
    const readOnly = readOnlyCookieJar(jar);
    readOnly.write('ss_new', '1', { maxAgeSeconds: 60 });
    expect(jar.read('ss_new')).toBeUndefined();
    expect(readOnly.read('ss_keep')).toBe('1');
    readOnly.remove('ss_keep');
    expect(jar.read('ss_keep')).toBeUndefined();
  });
});
