import { describe, expect, it, vi } from 'vitest';
import { fakeCookieJar } from '../../testing/fake-cookie-jar';
import { memoryStorage } from '../../testing/memory-storage';
import { createStoredValues, type StoredValues } from '../../runtime/storage/stored-values';
import { FIRST_SESSION_MARKER_MS, sessionInfo } from './session-info';

describe('session flags', () => {
  function setup() {
    const tab = createStoredValues(memoryStorage(), fakeCookieJar(), () => 0);
    const visitor = createStoredValues(memoryStorage(), fakeCookieJar(), () => 0);
    const info = (sessionId: string | null, persist = true) =>
      sessionInfo({ tab: () => tab, visitor: () => visitor, sessionId, now: () => 0, persist, warn: vi.fn() });
    return { tab, visitor, info };
  }

  it('first landing only on the first page of the tab; first session only while no marker is in local storage', () => {
    const { visitor, info } = setup();
    expect(info('s1')).toEqual({ firstLanding: true, firstSession: true });
    expect(visitor.get('ss_first_session')).toBe('s1');
    expect(info('s1')).toEqual({ firstLanding: false, firstSession: false });
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
      remove: () => undefined,
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
