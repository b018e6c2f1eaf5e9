// The user payloads of spec 01 §3 and §5 with their message keys (issue 10: every rule of the schema is checked).
import { describe, expect, it } from 'vitest';
import { createUserBodySchema, editUserBodySchema, pageQuerySchema, userListQuerySchema } from './user-schema.ts';

const valid = {
  firstName: ' Nina ', lastName: 'Neu', position: 'Daten', phoneNumber: '+49 1', userRoles: [5, 5, 4], external: false, mainContactPerson: false,
  organisationId: 1, email: 'nina@example.org', userName: 'nina.neu',
};
/** The message key per field path of a refused payload. */
const keys = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('POST /api/user payload (spec 01 §5)', () => {
  it('accepts a complete user: trimmed, roles once each, defaults for mobile number and access lists', () => {
    expect(createUserBodySchema.parse(valid)).toEqual({ ...valid, firstName: 'Nina', userRoles: [5, 4], mobileNumber: '', assetGroups: [], assets: [] });
  });

  it('names every missing field with "Please fill out this field" and no role with its own text', () => {
    expect(keys(createUserBodySchema.safeParse({ userRoles: [] }))).toEqual({
      firstName: 'validation-required', lastName: 'validation-required', position: 'validation-required', phoneNumber: 'validation-required',
      userRoles: 'validation-roles', external: 'validation-required', mainContactPerson: 'validation-required', organisationId: 'validation-required',
      email: 'validation-required', userName: 'validation-required',
    });
    expect(keys(createUserBodySchema.safeParse({ ...valid, firstName: '   ' }))).toEqual({ firstName: 'validation-required' });
    expect(keys(createUserBodySchema.safeParse({ ...valid, userRoles: 'x' }))).toEqual({ userRoles: 'validation-roles' });
  });

  it('refuses a bad address, a bad user name, an unknown role and over-long texts', () => {
    expect(keys(createUserBodySchema.safeParse({ ...valid, email: 'kaputt' }))).toEqual({ email: 'validation-email' });
    for (const userName of ['ab', 'a b', 'x'.repeat(51), 'ümlaut']) expect(keys(createUserBodySchema.safeParse({ ...valid, userName })), userName).toEqual({ userName: 'validation-username' });
    for (const userName of ['abc', 'a.b_c-d@e', 'x'.repeat(50)]) expect(createUserBodySchema.safeParse({ ...valid, userName }).success, userName).toBe(true);
    expect(keys(createUserBodySchema.safeParse({ ...valid, userRoles: [12] }))).toEqual({ 'userRoles.0': 'validation-generic' });
    expect(keys(createUserBodySchema.safeParse({ ...valid, firstName: 'x'.repeat(201) }))).toEqual({ firstName: 'validation-max-length' });
    expect(keys(createUserBodySchema.safeParse({ ...valid, phoneNumber: '1'.repeat(51) }))).toEqual({ phoneNumber: 'validation-max-length' });
    expect(keys(createUserBodySchema.safeParse({ ...valid, mobileNumber: '1'.repeat(51) }))).toEqual({ mobileNumber: 'validation-max-length' });
    expect(createUserBodySchema.safeParse({ ...valid, firstName: 'x'.repeat(200), phoneNumber: '1'.repeat(50) }).success).toBe(true);
    expect(createUserBodySchema.safeParse({ ...valid, language: 'fr' }).success).toBe(false);
    expect(createUserBodySchema.safeParse({ ...valid, assets: Array(10_001).fill(1) }).success).toBe(false);
  });
});

describe('PUT /api/user payload', () => {
  it('needs the id and leaves e-mail and user name optional (they are ignored)', () => {
    const { email: _e, userName: _u, organisationId: _o, ...rest } = valid;
    expect(editUserBodySchema.parse({ ...rest, id: 9 })).toMatchObject({ id: 9, userRoles: [5, 4] });
    expect(keys(editUserBodySchema.safeParse(rest))).toEqual({ id: 'validation-required' });
  });
});

describe('list queries (ARCHITECTURE.md "API conventions")', () => {
  it('page 1 of 5 by default; page sizes 5, 10, 25, 50, 100 only', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 5 });
    for (const size of ['5', '10', '25', '50', '100']) expect(pageQuerySchema.parse({ pageSize: size }).pageSize).toBe(Number(size));
    for (const size of ['7', '0', '101']) expect(pageQuerySchema.safeParse({ pageSize: size }).success, size).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.parse({ search: '  Hotel ' }).search).toBe('Hotel');
    expect(pageQuerySchema.safeParse({ search: 'x'.repeat(201) }).success).toBe(false);
  });

  it('the user list filters by status, all by default', () => {
    expect(userListQuerySchema.parse({})).toMatchObject({ status: 'all' });
    expect(userListQuerySchema.parse({ status: 'locked', organisationId: '3' })).toMatchObject({ status: 'locked', organisationId: 3 });
    expect(userListQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });
});

describe('the optional user fields (spec 01 §3)', () => {
  it('takes a mobile number of up to 50 characters, trimmed', () => {
    expect(createUserBodySchema.parse({ ...valid, mobileNumber: ' +49 170 1 ' }).mobileNumber).toBe('+49 170 1');
    expect(keys(createUserBodySchema.safeParse({ ...valid, mobileNumber: 'x'.repeat(50) }))).toEqual({});
    expect(keys(createUserBodySchema.safeParse({ ...valid, mobileNumber: 'x'.repeat(51) }))).toEqual({ mobileNumber: 'validation-max-length' });
  });

  it('takes the organisation name shown in the dialog, trimmed and at most 200 characters', () => {
    expect(createUserBodySchema.parse({ ...valid, organisationName: ' Muster AG ' }).organisationName).toBe('Muster AG');
    expect(createUserBodySchema.safeParse({ ...valid, organisationName: 'x'.repeat(200) }).success).toBe(true);
    expect(createUserBodySchema.safeParse({ ...valid, organisationName: 'x'.repeat(201) }).success).toBe(false);
  });

  it('takes the mail language German or English only', () => {
    expect(createUserBodySchema.parse({ ...valid, language: 'de' }).language).toBe('de');
    expect(createUserBodySchema.parse({ ...valid, language: 'en' }).language).toBe('en');
    expect(createUserBodySchema.safeParse({ ...valid, language: 'fr' }).success).toBe(false);
  });

  it('lists 5, 10, 25, 50 or 100 rows a page, and refuses other sizes with "validation-generic"', () => {
    for (const pageSize of ['5', '10', '25', '50', '100']) expect(pageQuerySchema.parse({ pageSize }).pageSize).toBe(Number(pageSize));
    expect(keys(pageQuerySchema.safeParse({ pageSize: '20' }))).toEqual({ pageSize: 'validation-generic' });
  });
});
