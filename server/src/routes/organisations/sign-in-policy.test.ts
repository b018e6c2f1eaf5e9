import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const orgOf = async (userName: string) => (await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', userName).executeTakeFirstOrThrow()).organisation_id;

describe('an organisation’s sign-in policy (docs/sign-in.md)', () => {
  it('the account administrator requires an authenticator app; the change is audited and the next sign-in asks for one', async () => {
    const org = await orgOf('collector');
    // Signed in before the change: the administrator's own organisation may be the one.
    const admin = { authorization: `Bearer ${await h.login('admin')}` };
    const call = (method: 'GET' | 'PUT', payload?: object) => h.app.inject({ method, url: `/api/organisations/${org}/signInPolicy`, headers: admin, ...(payload ? { payload } : {}) });
    expect((await call('GET')).json()).toEqual({ requireTotp: false });
    expect((await call('PUT', { requireTotp: true })).json()).toEqual({ requireTotp: true });
    expect((await call('GET')).json()).toEqual({ requireTotp: true });
    const audit = await h.db.selectFrom('account_audit').select(['entity', 'entity_id', 'action']).where('action', 'like', 'totp-%').execute();
    expect(audit).toEqual([{ entity: 'organisation', entity_id: org, action: 'totp-required' }]);
    const login = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'collector', password: 'demo1234' } });
    expect(login.json().secondFactor).toBe('totpEnrolment');
    // Setting the same again changes and audits nothing.
    await call('PUT', { requireTotp: true });
    expect(await h.db.selectFrom('account_audit').select('id').where('action', 'like', 'totp-%').execute()).toHaveLength(1);
  });

  it('refuses every other role, and a missing field, storing nothing', async () => {
    const org = await orgOf('accountmanager');
    const token = await h.login('accountmanager');
    await h.expectRefused(() => h.app.inject({ method: 'PUT', url: `/api/organisations/${org}/signInPolicy`, headers: { authorization: `Bearer ${token}` }, payload: { requireTotp: true } }), { statusCode: 403, key: 'forbidden' });
    const admin = await h.login('admin');
    await h.expectRefused(() => h.app.inject({ method: 'PUT', url: `/api/organisations/${org}/signInPolicy`, headers: { authorization: `Bearer ${admin}` }, payload: {} }), { statusCode: 400, fields: [{ path: 'requireTotp', key: 'validation-required' }] });
    await h.expectRefused(() => h.app.inject({ method: 'PUT', url: '/api/organisations/999999/signInPolicy', headers: { authorization: `Bearer ${admin}` }, payload: { requireTotp: true } }), { statusCode: 404 });
  });
});
