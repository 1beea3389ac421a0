import { describe, expect, it, vi } from 'vitest';
import { fakeCookieJar } from '../../testing/fake-cookie-jar';
import { createStoredValues, FIRST_SESSION_MARKER_MS, sessionInfo, type StoredValues } from './session-info';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
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
  });

  it('falls back to cookies when the storage is missing', () => {
    let now = 10_000;
    const jar = fakeCookieJar();
    const values = createStoredValues(undefined, jar, () => now);
    values.set('m', 'v', 70_000);
    expect(jar.writes).toEqual([{ name: 'm', value: '{"value":"v","expiry":70000}', lifetime: { maxAgeSeconds: 60 } }]);
    expect(values.get('m')).toBe('v');
    now = 70_001;
    expect(values.get('m')).toBeUndefined();
    expect(jar.removed).toEqual(['m']);
  });
});

describe('session flags', () => {
  function setup() {
    const tab = createStoredValues(memoryStorage(), fakeCookieJar(), () => 0);
    const visitor = createStoredValues(memoryStorage(), fakeCookieJar(), () => 0);
    const info = (sessionId: string | null, persist = true) =>
      sessionInfo({ tab: () => tab, visitor: () => visitor, sessionId, now: () => 0, persist, warn: vi.fn() });
    return { tab, visitor, info };
  }

  it('first landing only on the first page of the tab; first session for every page of the first session', () => {
    const { visitor, info } = setup();
    expect(info('s1')).toEqual({ firstLanding: true, firstSession: true });
    expect(visitor.get('ss_first_session')).toBe('s1');
    expect(info('s1')).toEqual({ firstLanding: false, firstSession: true });
    expect(info('s2')).toEqual({ firstLanding: false, firstSession: false });
  });

  it('the first-session marker expires with the analytics id lifetime', () => {
    const storage = memoryStorage();
    const visitor = createStoredValues(storage, fakeCookieJar(), () => 5);
    sessionInfo({
      tab: () => visitor,
      visitor: () => visitor,
      sessionId: 's',
      now: () => 5,
      persist: true,
      warn: vi.fn(),
    });
    expect(JSON.parse(storage.getItem('ss_first_session') ?? '{}')).toEqual({
      value: 's',
      expiry: 5 + FIRST_SESSION_MARKER_MS,
    });
  });

  it('writes no markers when it may not persist', () => {
    const { tab, visitor, info } = setup();
    expect(info('s1', false)).toEqual({ firstLanding: true, firstSession: true });
    expect(tab.get('ss_landing')).toBeUndefined();
    expect(visitor.get('ss_first_session')).toBeUndefined();
  });

  it("logs 'Unable access local/session storage.' and returns false flags when storage throws", () => {
    const warn = vi.fn();
    const broken: StoredValues = {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      set: () => undefined,
    };
    expect(
      sessionInfo({ tab: () => broken, visitor: () => broken, sessionId: 's', now: () => 0, persist: true, warn }),
    ).toEqual({
      firstLanding: false,
      firstSession: false,
    });
    expect(warn).toHaveBeenCalledWith('Unable access local/session storage.');
  });
});
