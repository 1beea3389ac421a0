import { describe, expect, it } from 'vitest';
import { fakeCookieJar } from '../../testing/fake-cookie-jar';
import { memoryStorage } from '../../testing/memory-storage';
import { createStoredValues, usableStorage } from './stored-values';

/** Storage as a blocked browser gives it: every access throws. */
function throwingStorage(): Storage {
  const denied = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { length: 0, clear: denied, getItem: denied, key: denied, removeItem: denied, setItem: denied };
}

describe('stored values', () => {
  it('keeps value and expiry; an expired entry is removed on read', () => {
    let now = 1000;
    const storage = memoryStorage();
    const values = createStoredValues(storage, fakeCookieJar(), () => now);
    values.set('a', 'x', 2000);
    values.set('b', 'y');
    expect(storage.getItem('a')).toBe('{"value":"x","expiry":2000}');
    expect(values.get('a')).toBe('x');
    now = 2000;
    expect(values.get('a')).toBeUndefined();
    expect(storage.getItem('a')).toBeNull();
    expect(values.get('b')).toBe('y');
    values.remove('b');
    expect(storage.getItem('b')).toBeNull();
  });

  it('reads what is not its own format as absent', () => {
    const storage = memoryStorage();
    storage.setItem('raw', 'plain text');
    storage.setItem('json', '{"other":1}');
    const values = createStoredValues(storage, fakeCookieJar(), () => 0);
    expect(values.get('raw')).toBeUndefined();
    expect(values.get('json')).toBeUndefined();
    expect(values.get('none')).toBeUndefined();
  });

  it.each([
    ['missing', () => undefined],
    ['throwing on access', () => throwingStorage()],
    [
      'a property that throws',
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    ],
  ])('falls back to cookies when the storage is %s', (_, storage) => {
    let now = 10_000;
    const jar = fakeCookieJar();
    const values = createStoredValues(storage, jar, () => now);
    values.set('m', 'v', 70_000);
    values.set('s', 'session');
    expect(jar.writes).toEqual([
      { name: 'm', value: '{"value":"v","expiry":70000}', lifetime: { maxAgeSeconds: 60 } },
      { name: 's', value: '{"value":"session"}', lifetime: {} },
    ]);
    expect(values.get('m')).toBe('v');
    now = 70_001;
    expect(values.get('m')).toBeUndefined();
    expect(jar.removed).toEqual(['m']);
    expect(values.get('s')).toBe('session');
  });

  it('probes storage once and leaves no probe behind', () => {
    const storage = memoryStorage();
    expect(usableStorage(storage)).toBe(storage);
    expect(storage.length).toBe(0);
    expect(usableStorage(throwingStorage())).toBeUndefined();
  });
});
