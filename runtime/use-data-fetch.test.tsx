import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGES, useDataFetch, usePagedDataFetch, type DataFetchState } from './use-data-fetch';

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

describe('usePagedDataFetch', () => {
  type Page = { items: number[]; hasNextPage: boolean; nextPageCursor: string | null };

  function pagedHarness(fetchPage: (cursor?: string) => Promise<Page>) {
    const states: DataFetchState<number[]>[] = [];
    function Probe() {
      const { reload: _reload, ...state } = usePagedDataFetch(fetchPage);
      states.push(state as DataFetchState<number[]>);
      return null;
    }
    render(<Probe />);
    return { states, last: () => states[states.length - 1] };
  }

  it('follows the cursor to the last page, showing the items so far as each page arrives', async () => {
    const pages = [deferred<Page>(), deferred<Page>()];
    const cursors: (string | undefined)[] = [];
    const h = pagedHarness((cursor) => {
      cursors.push(cursor);
      return (pages[cursors.length - 1] as ReturnType<typeof deferred<Page>>).promise;
    });
    expect(h.last()).toEqual({ status: 'pending' });
    await act(async () => pages[0]?.resolve({ items: [1, 2], hasNextPage: true, nextPageCursor: 'p2' }));
    expect(h.last()).toEqual({ status: 'pending', partial: [1, 2] });
    await act(async () => pages[1]?.resolve({ items: [3], hasNextPage: false, nextPageCursor: null }));
    expect(h.last()).toEqual({ status: 'success', data: [1, 2, 3] });
    expect(cursors).toEqual([undefined, 'p2']);
  });

  it('keeps the items of the pages that arrived when a later page fails', async () => {
    const error = new Error('down');
    const h = pagedHarness((cursor) =>
      cursor ? Promise.reject(error) : Promise.resolve({ items: [1], hasNextPage: true, nextPageCursor: 'p2' }),
    );
    await vi.waitFor(() => expect(h.last()).toEqual({ status: 'failed', error, partial: [1] }));
  });

  it(`stops after ${MAX_PAGES} pages of a server that never says "last page"`, async () => {
    let calls = 0;
    const h = pagedHarness(async () => ({ items: [++calls], hasNextPage: true, nextPageCursor: 'again' }));
    await vi.waitFor(() => expect(h.last()?.status).toBe('success'));
    expect(calls).toBe(MAX_PAGES);
  });
});
