import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDataFetch, type DataFetchState } from './use-data-fetch';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Renders the hook and keeps every state it went through. */
function harness<T>(initialKey: string, load: (key: string, signal: AbortSignal) => Promise<T>) {
  const states: DataFetchState<T>[] = [];
  let reload: () => void = () => undefined;
  function Probe({ k }: { k: string }) {
    const { reload: r, ...state } = useDataFetch((signal) => load(k, signal), [k]);
    reload = r;
    states.push(state as DataFetchState<T>);
    return <output>{state.status}</output>;
  }
  const view = render(<Probe k={initialKey} />);
  return {
    states,
    last: () => states[states.length - 1],
    rerender: (k: string) => view.rerender(<Probe k={k} />),
    reload: () => act(() => reload()),
    unmount: () => view.unmount(),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useDataFetch', () => {
  it('is pending, then success with the data', async () => {
    const answer = deferred<string>();
    const h = harness('a', () => answer.promise);
    expect(h.last()).toEqual({ status: 'pending' });
    await act(async () => answer.resolve('data'));
    expect(h.last()).toEqual({ status: 'success', data: 'data' });
  });

  it('is failed with the error when the load rejects, and pending again on reload', async () => {
    const error = new Error('down');
    let calls = 0;
    const h = harness('a', () => (++calls === 1 ? Promise.reject(error) : new Promise<never>(() => undefined)));
    await vi.waitFor(() => expect(h.last()).toEqual({ status: 'failed', error }));
    h.reload();
    expect(h.last()).toEqual({ status: 'pending' });
    expect(calls).toBe(2);
  });

  it('drops the answer of a replaced load and aborts its signal', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const h = harness('a', (key, signal) => {
      signals.push(signal);
      return key === 'a' ? first.promise : second.promise;
    });
    h.rerender('b');
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => second.resolve('b-data'));
    await act(async () => first.resolve('a-data'));
    expect(h.last()).toEqual({ status: 'success', data: 'b-data' });
    expect(h.states.some((s) => s.status === 'success' && s.data === 'a-data')).toBe(false);
  });

  it('aborts the load when the widget goes away', () => {
    const signals: AbortSignal[] = [];
    const h = harness('a', (_, signal) => {
      signals.push(signal);
      return new Promise<never>(() => undefined);
    });
    h.unmount();
    expect(signals[0]?.aborted).toBe(true);
  });
});
