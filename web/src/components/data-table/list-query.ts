import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@ecore/core/shared/paging.ts';
import type { QueryValue } from '../../lib/api-client.ts';

export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * What a paged list shows (spec 01 §2 "Account management screens"): page, results per page, the
 * search text and the list's own filters (status, organisation, …), each filter a string where the
 * empty string means "not filtered".
 */
export interface ListQuery<F extends string = string> {
  page: number;
  pageSize: PageSize;
  search: string;
  filters: Record<F, string>;
}

export const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
};

/**
 * The list query a URL carries. Anything missing or malformed falls back to the defaults, and a
 * filter value outside its allowed values (when the list names them) falls back as well.
 */
export const parseListQuery = <F extends string>(
  params: URLSearchParams,
  filterDefaults: Record<F, string>,
  allowed: Partial<Record<F, readonly string[]>> = {},
): ListQuery<F> => {
  const size = positiveInt(params.get('pageSize'));
  const filters = { ...filterDefaults };
  for (const name of Object.keys(filterDefaults) as F[]) {
    const raw = params.get(name);
    if (raw === null) continue;
    const values = allowed[name];
    if (values && !values.includes(raw)) continue;
    filters[name] = raw;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size !== null && isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    search: (params.get('search') ?? '').trim(),
    filters,
  };
};

/** The URL parameters of a list query; values equal to their defaults are left out, so a fresh list has a bare URL. */
export const listQueryToParams = <F extends string>(query: ListQuery<F>, filterDefaults: Record<F, string>): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (query.search.trim() !== '') params.set('search', query.search.trim());
  for (const name of Object.keys(filterDefaults) as F[]) {
    if (query.filters[name] !== filterDefaults[name]) params.set(name, query.filters[name]);
  }
  return params;
};

/** The query string of the API's list call: page and size always, search and filters only when set. */
export const listQueryToApi = <F extends string>(query: ListQuery<F>): Record<string, QueryValue> => {
  const api: Record<string, QueryValue> = { page: query.page, pageSize: query.pageSize };
  if (query.search.trim() !== '') api.search = query.search.trim();
  for (const [name, value] of Object.entries(query.filters) as [F, string][]) if (value !== '') api[name] = value;
  return api;
};

/** A changed search, filter or page size starts again at page 1; only a page change keeps the rest. */
export const withChange = <F extends string>(
  query: ListQuery<F>,
  change: Partial<Omit<ListQuery<F>, 'filters'>> & { filters?: Partial<Record<F, string>> },
): ListQuery<F> => {
  const next: ListQuery<F> = {
    ...query,
    ...change,
    filters: { ...query.filters, ...(change.filters ?? {}) } as Record<F, string>,
  };
  const onlyPage = change.page !== undefined && Object.keys(change).length === 1;
  return onlyPage ? next : { ...next, page: change.page ?? 1 };
};

/** A stable identity of a query, for effects and for telling stale rows from current ones. */
export const listQueryKey = (query: ListQuery): string =>
  JSON.stringify([query.page, query.pageSize, query.search.trim(), Object.entries(query.filters).sort(([a], [b]) => a.localeCompare(b))]);
