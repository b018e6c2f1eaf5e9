import { describe, expect, it } from 'vitest';
import { listQueryKey, listQueryToApi, listQueryToParams, parseListQuery, withChange, type ListQuery } from './list-query.ts';

const DEFAULTS = { status: 'all', organisationId: '' };
const ALLOWED = { status: ['all', 'active', 'inactive', 'locked', 'pending'] };
const parse = (search: string) => parseListQuery(new URLSearchParams(search), DEFAULTS, ALLOWED);

describe('the list query in the URL', () => {
  it('starts at page 1 with 5 results per page, no search and the default filters', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 5, search: '', filters: { status: 'all', organisationId: '' } });
  });

  it('reads page, page size, search and filters', () => {
    expect(parse('page=3&pageSize=25&search=%20m%C3%BCller%20&status=locked&organisationId=7')).toEqual({
      page: 3,
      pageSize: 25,
      search: 'müller',
      filters: { status: 'locked', organisationId: '7' },
    });
  });

  it('falls back for page sizes outside 5, 10, 25, 50, 100, bad pages and unknown filter values', () => {
    expect(parse('pageSize=20&page=0&status=archived')).toMatchObject({ page: 1, pageSize: 5, filters: { status: 'all' } });
    expect(parse('page=-2&pageSize=abc')).toMatchObject({ page: 1, pageSize: 5 });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const query: ListQuery<'status' | 'organisationId'> = { page: 2, pageSize: 10, search: 'bank', filters: { status: 'pending', organisationId: '' } };
    const params = listQueryToParams(query, DEFAULTS);
    expect(params.toString()).toBe('page=2&pageSize=10&search=bank&status=pending');
    expect(parse(params.toString())).toEqual(query);
    expect(listQueryToParams(parse(''), DEFAULTS).toString()).toBe('');
  });
});

describe('changing the list query', () => {
  const query = parse('page=4&pageSize=10&search=a&status=active');

  it('keeps search and filters when only the page changes', () => {
    expect(withChange(query, { page: 5 })).toEqual({ ...query, page: 5 });
  });

  it('goes back to page 1 when the search, a filter or the page size changes', () => {
    expect(withChange(query, { search: 'b' }).page).toBe(1);
    expect(withChange(query, { filters: { status: 'locked' } })).toMatchObject({ page: 1, filters: { status: 'locked', organisationId: '' } });
    expect(withChange(query, { pageSize: 50 })).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('tells different queries apart by their key', () => {
    expect(listQueryKey(query)).toBe(listQueryKey(parse('status=active&search=a&pageSize=10&page=4')));
    expect(listQueryKey(query)).not.toBe(listQueryKey(withChange(query, { page: 5 })));
  });
});

describe('the API call of a list', () => {
  it('always sends page and page size, search and filters only when set', () => {
    expect(listQueryToApi(parse(''))).toEqual({ page: 1, pageSize: 5, status: 'all' });
    expect(listQueryToApi(parse('search=x&organisationId=3&page=2'))).toEqual({ page: 2, pageSize: 5, search: 'x', status: 'all', organisationId: '3' });
  });
});
