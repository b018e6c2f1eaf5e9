import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../lib/api-client.ts';
import { listQueryKey, type ListQuery } from './list-query.ts';

export type PagedListState<T> =
  | { status: 'loading'; page: Page<T> | null; stale: boolean }
  | { status: 'ready'; page: Page<T>; stale: false }
  | { status: 'error'; page: null; stale: false };

export interface PagedList<T> {
  state: PagedListState<T>;
  /** Loads the current query again (after a change in a dialog, or the retry button). */
  reload: () => void;
}

/**
 * Loads one page of a list for a query. A new query cancels the call still running for the previous
 * one (its late answer is dropped); a reload keeps the rows on screen until the new ones arrive, so
 * that the list does not jump under the user's cursor.
 */
export const usePagedList = <T, F extends string>(
  query: ListQuery<F>,
  fetchPage: (query: ListQuery<F>, signal: AbortSignal) => Promise<Page<T>>,
): PagedList<T> => {
  const key = listQueryKey(query);
  const [reloads, setReloads] = useState(0);
  const [result, setResult] = useState<{ key: string; page: Page<T> | null; failed: boolean; reloads: number } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(query, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) setResult({ key, page, failed: false, reloads });
      },
      () => {
        if (!controller.signal.aborted) setResult({ key, page: null, failed: true, reloads });
      },
    );
    return () => controller.abort();
    // `query` is represented by `key`; `fetchPage` is a module-level function by contract.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  let state: PagedListState<T>;
  if (result && result.key === key && result.reloads === reloads) {
    state = result.failed || !result.page ? { status: 'error', page: null, stale: false } : { status: 'ready', page: result.page, stale: false };
  } else if (result && result.key === key && result.page) {
    // Reloading the same query: keep showing its rows.
    state = { status: 'loading', page: result.page, stale: true };
  } else {
    state = { status: 'loading', page: null, stale: false };
  }
  return { state, reload };
};

/** The state of a list answered whole by one call (an SWR answer `{ items, total }`): one page holding every row. */
export const wholeListState = <T>(data: { items: T[]; total: number } | undefined, error: unknown): PagedListState<T> =>
  error
    ? { status: 'error', page: null, stale: false }
    : data
      ? { status: 'ready', page: { items: data.items, total: data.total, page: 1, pageSize: Math.max(data.total, 5) }, stale: false }
      : { status: 'loading', page: null, stale: false };
