import { useCallback, useEffect, useState, type DependencyList } from 'react';

/** Where a widget's data load is (platform spec, section 4: pending, success, failed). */
export type DataFetchState<T> =
  { status: 'pending' } | { status: 'success'; data: T } | { status: 'failed'; error: unknown };

/**
 * Loads data for a widget: `pending` until `load` settles, then `success` with its data or
 * `failed` with its error. Runs again when `deps` change or `reload()` is called; the answer of a
 * load that was replaced (or of an unmounted widget) is dropped, and its signal aborted.
 */
export function useDataFetch<T>(
  load: (signal: AbortSignal) => Promise<T>,
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
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
    // `load` is the caller's closure; `deps` say when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);

  return { ...state, reload };
}
