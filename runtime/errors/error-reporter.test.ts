import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, REPORTING_LIMITS, type ErrorReport } from './error-reporter';

let sent: ErrorReport[][];
let answer: { status: number; retryAfter: string | null };

function reporter() {
  return createErrorReporter({
    send: async (reports) => {
      sent.push(reports);
      return answer;
    },
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    url: () => 'https://shop.test/p',
    userAgent: () => 'test-agent',
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  sent = [];
  answer = { status: 200, retryAfter: null };
});
afterEach(() => vi.useRealTimers());

describe('error reporter', () => {
  it('sends one batch 1 s after the last report, with the payload fields', async () => {
    const r = reporter();
    r.report(new Error('first'), 'store-installment-pill');
    await vi.advanceTimersByTimeAsync(900);
    r.report('second', 'store-reviews');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.map((e) => [e.event, e.data.message, e.data.source])).toEqual([
      ['javascript-error', 'first', 'store-installment-pill'],
      ['javascript-error', 'second', 'store-reviews'],
    ]);
    expect(sent[0]?.[0]).toMatchObject({
      timestamp: 1_000_000,
      data: { url: 'https://shop.test/p', userAgent: 'test-agent' },
    });
  });

  it('cuts stacks at 5000 characters', async () => {
    const r = reporter();
    const error = new Error('long');
    error.stack = 'x'.repeat(9000);
    r.report(error, 'w');
    await vi.advanceTimersByTimeAsync(REPORTING_LIMITS.debounceMs);
    expect(sent[0]?.[0]?.data.stack).toHaveLength(5000);
  });

  it('queues at most 10 and sends at most 20 per page', async () => {
    const r = reporter();
    for (let i = 0; i < 15; i++) r.report(new Error(`a${i}`), 'w');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent[0]).toHaveLength(10);
    for (let i = 0; i < 15; i++) r.report(new Error(`b${i}`), 'w');
    await vi.advanceTimersByTimeAsync(1000);
    for (let i = 0; i < 15; i++) r.report(new Error(`c${i}`), 'w');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((b) => b.length)).toEqual([10, 10]);
  });

  it('backs off after a 429 as Retry-After says, dropping what comes meanwhile', async () => {
    answer = { status: 429, retryAfter: '30' };
    const r = reporter();
    r.report(new Error('x'), 'w');
    await vi.advanceTimersByTimeAsync(1000);
    answer = { status: 200, retryAfter: null };
    r.report(new Error('dropped'), 'w');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(1);
    r.report(new Error('after'), 'w');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((b) => b.map((e) => e.data.message))).toEqual([['x'], ['after']]);
  });

  it('backs off a minute when a 429 gives no Retry-After, and swallows send failures', async () => {
    const r = createErrorReporter({
      send: async () => {
        throw new TypeError('offline');
      },
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      url: () => '',
      userAgent: () => '',
    });
    r.report(new Error('x'), 'w');
    await expect(vi.advanceTimersByTimeAsync(1000)).resolves.not.toThrow();
    answer = { status: 429, retryAfter: null };
    const limited = reporter();
    limited.report(new Error('y'), 'w');
    await vi.advanceTimersByTimeAsync(1000);
    limited.report(new Error('z'), 'w');
    await vi.advanceTimersByTimeAsync(59_000 - 1000);
    expect(sent).toHaveLength(1);
  });
});
