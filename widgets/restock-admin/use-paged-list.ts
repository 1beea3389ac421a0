import { useCallback, useEffect, useRef, useState } from 'react';
import { toStoreApiError } from '../../runtime/http/errors';

export interface PagedList<T> {
  items: T[];
  /** True until the last page has arrived. */
  loading: boolean;
  error: string | null;
  /** Loads the list again from the first page. */
  reload(): void;
}

/**
 * Follows a cursor-paged list until `hasNextPage` is false, showing each page as it arrives.
 * A newer load (reload, or unmount) makes older responses count for nothing.
 */
export function usePagedList<T>(
  fetchPage: (cursor?: string) => Promise<{ items: T[]; hasNextPage: boolean; nextPageCursor: string | null }>,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  // Fetches every page for load number `mine`; state changes only after a response arrives.
  const fetchAll = useCallback(
    async (mine: number) => {
      let cursor: string | undefined;
      try {
        // Bounded: a server that never says "last page" cannot keep the page loading forever.
        for (let page = 0; page < 1000; page++) {
          const result = await fetchPage(cursor);
          if (mine !== generation.current) return;
          setItems((current) => [...current, ...result.items]);
          if (!result.hasNextPage || !result.nextPageCursor) break;
          cursor = result.nextPageCursor;
        }
      } catch (problem) {
        if (mine === generation.current) setError(toStoreApiError(problem).message);
      }
      if (mine === generation.current) setLoading(false);
    },
    [fetchPage],
  );

  useEffect(() => {
    void fetchAll(++generation.current);
    return () => {
      // Bumping the counter is the point: responses of the load being torn down are ignored.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
    };
  }, [fetchAll]);

  const reload = () => {
    setItems([]);
    setError(null);
    setLoading(true);
    void fetchAll(++generation.current);
  };

  return { items, loading, error, reload };
}
