import { describe, expect, it } from 'vitest';
import { HOME_CARD_PATHS, takeCreateRequest, withCreateDialog } from './paths.ts';

describe('the create cards of the home page', () => {
  it('open the create dialog of users, organisations and object groups, and the new-object page', () => {
    expect(HOME_CARD_PATHS.createUser).toBe('/account-management/users?create=1');
    expect(HOME_CARD_PATHS.createOrganisation).toBe('/account-management/organisations?create=1');
    expect(HOME_CARD_PATHS.createObjectGroup).toBe('/asset-management/object-groups?create=1');
    expect(HOME_CARD_PATHS.createObject).toBe('/asset-management/objects/new');
  });

  it('are understood by the page they lead to', () => {
    const url = new URL(withCreateDialog('/account-management/users'), 'http://portal.example');
    expect(takeCreateRequest(url.searchParams).requested).toBe(true);
  });
});

describe('a create request in the query', () => {
  it('is taken out, and the rest of the query stays as it was', () => {
    const { requested, rest } = takeCreateRequest(new URLSearchParams('page=2&create=1&search=M%C3%BCller'));
    expect(requested).toBe(true);
    expect(rest.toString()).toBe('page=2&search=M%C3%BCller');
  });

  it('is only the value 1; any other value is dropped without opening anything', () => {
    const { requested, rest } = takeCreateRequest(new URLSearchParams('create=yes&pageSize=10'));
    expect(requested).toBe(false);
    expect(rest.toString()).toBe('pageSize=10');
  });

  it('leaves the query it was given untouched', () => {
    const params = new URLSearchParams('create=1');
    takeCreateRequest(params);
    expect(params.get('create')).toBe('1');
  });
});
