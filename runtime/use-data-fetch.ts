import { useCallback, useEffect, useState, type DependencyList } from 'react';

/**
 * Where a widget's data load is (platform spec, section 4: pending, success, failed). A load that
 * arrives in parts (pages) may show what it has so far as `partial`, while pending and once failed.
 */
export type DataFetchState<T> =
  | { status: 'pending'; partial?: T }
  | { status: 'success'; data: T }
  | { status: 'failed'; error: unknown; partial?: T };

/**
 * Loads data for a widget: `pending` until `load` settles, then `success` with its data or
 * `failed` with its error. Runs again when `deps` change or `reload()` is called; the answer of a
 * load that was replaced (or of an unmounted widget) is dropped, and its signal aborted. `load`
 * may hand over what it has so far with `progress` (kept as `partial`).
 */
export function useDataFetch<T>(
  load: (signal: AbortSignal, progress: (partial: T) => void) => Promise<T>,
  deps: DependencyList,
): DataFetchState<T> & { reload: () => void } {
  const [state, setState] = useState<DataFetchState<T>>({ status: 'pending' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => {
    setState({ status: 'pending' });
    setRound((n) => n + 1);
  }, []);
  // New deps: pending again from this very render (React's "adjust state on prop change").
  const [loadedFor, setLoadedFor] = useState(deps);
  if (loadedFor.length !== deps.length || loadedFor.some((dep, i) => !Object.is(dep, deps[i]))) {
    setLoadedFor(deps);
    setState({ status: 'pending' });
  }

  useEffect(() => {
    const controller = new AbortController();
    let sofar: { partial: T } | undefined;
    const progress = (partial: T) => {
      if (controller.signal.aborted) return;
      sofar = { partial };
      setState({ status: 'pending', partial });
    };
    load(controller.signal, progress).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error, ...sofar });
      },
    );
    return () => controller.abort();
    // `load` is the caller's closure; `deps` say when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);

  return { ...state, reload };
}

/** One page of a cursor-paged list. */
export interface DataPage<T> {
  items: T[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

/** Pages a list follows at most: a server that never says "last page" cannot keep it loading forever. */
export const MAX_PAGES = 1000;

/**
 * {@link useDataFetch} for a cursor-paged list: follows `fetchPage` until `hasNextPage` is false,
 * the items so far `partial` as each page arrives (and kept when a later page fails). A new
 * `fetchPage` (memoize it) or `reload()` starts again from the first page.
 */
export function usePagedDataFetch<T>(
  fetchPage: (cursor?: string) => Promise<DataPage<T>>,
): DataFetchState<T[]> & { reload: () => void } {
  return useDataFetch<T[]>(
    async (signal, progress) => {
      let items: T[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES && !signal.aborted; page++) {
        const result = await fetchPage(cursor);
        items = [...items, ...result.items];
        if (!result.hasNextPage || !result.nextPageCursor) break;
        progress(items);
        cursor = result.nextPageCursor;
      }
      return items;
    },
    [fetchPage],
  );
}
