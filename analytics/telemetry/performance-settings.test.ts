import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolvePageLoadId, SETTINGS_TIMEOUT_MS } from './performance-settings';

function fakeTimeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), ms);
  return controller.signal;
}

let reported: string[];
const report = (error: Error) => reported.push(error.message);

beforeEach(() => {
  reported = [];
});
afterEach(() => vi.useRealTimers());

describe('page load id', () => {
  it('reads pageLoadId from the settings', async () => {
    await expect(
      resolvePageLoadId({
        fetchSettings: async () => ({ pageLoadId: 'pl-1' }),
        timeoutSignal: fakeTimeoutSignal,
        report,
      }),
    ).resolves.toBe('pl-1');
    expect(reported).toEqual([]);
  });

  it("reports 'Unable to resolve pageLoadId' for an answer without one, or a failed call", async () => {
    await expect(
      resolvePageLoadId({ fetchSettings: async () => ({}), timeoutSignal: fakeTimeoutSignal, report }),
    ).resolves.toBeNull();
    await expect(
      resolvePageLoadId({
        fetchSettings: () => Promise.reject(new Error('500')),
        timeoutSignal: fakeTimeoutSignal,
        report,
      }),
    ).resolves.toBeNull();
    expect(reported).toEqual(['Unable to resolve pageLoadId', 'Unable to resolve pageLoadId']);
  });

  it("gives up after 30 s with 'Metric settings request timeout'", async () => {
    vi.useFakeTimers();
    const fetchSettings = (signal: AbortSignal) =>
      new Promise<unknown>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    let result: string | null | undefined;
    void resolvePageLoadId({ fetchSettings, timeoutSignal: fakeTimeoutSignal, report }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(SETTINGS_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    expect(reported).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBeNull();
    expect(reported).toEqual(['Metric settings request timeout']);
    expect(SETTINGS_TIMEOUT_MS).toBe(30_000);
  });
});
