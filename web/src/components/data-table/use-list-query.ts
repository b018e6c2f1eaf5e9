import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryToParams, parseListQuery, withChange, type ListQuery } from './list-query.ts';

type Change<F extends string> = Parameters<typeof withChange<F>>[1];

/**
 * A list's query kept in the URL (so that reload, back and a shared link show the same page).
 * `filterDefaults` and `allowed` must be stable (module constants).
 */
export const useListQuery = <F extends string>(
  filterDefaults: Record<F, string>,
  allowed: Partial<Record<F, readonly string[]>> = {},
): [ListQuery<F>, (change: Change<F>) => void] => {
  const [params, setParams] = useSearchParams();
  const serialized = params.toString();
  const query = useMemo(
    () => parseListQuery(new URLSearchParams(serialized), filterDefaults, allowed),
    // `allowed` and `filterDefaults` are module constants by contract.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [serialized],
  );
  const change = useCallback(
    (c: Change<F>) => setParams(listQueryToParams(withChange(query, c), filterDefaults), { replace: true }),
    [query, filterDefaults, setParams],
  );
  return [query, change];
};
