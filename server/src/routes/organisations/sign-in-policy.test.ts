import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, bearer, type Harness } from '../../testing/harness.ts';

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

const settings = { issuer: 'https://login.beispielbank.example/realms/portal', clientId: 'ecore-portal', clientSecret: 'the-client-secret-42', domains: ['Beispielbank.example'], ssoOnly: false };

describe('an organisation’s single sign-on settings (docs/sign-in.md)', () => {
  it('the account administrator sets them; GET answers them without the secret, stored sealed; each change audited', async () => {
    const org = await orgOf('bank');
    const admin = bearer(await h.login('admin'));
    const url = `/api/organisations/${org}/sso`;
    expect((await h.app.inject({ url, headers: admin })).json()).toEqual({ configured: false, issuer: null, clientId: null, clientSecretSet: false, domains: [], ssoOnly: false });
    const put = await h.app.inject({ method: 'PUT', url, headers: admin, payload: settings });
    expect(put.statusCode).toBe(200);
    const expected = { configured: true, issuer: settings.issuer, clientId: 'ecore-portal', clientSecretSet: true, domains: ['beispielbank.example'], ssoOnly: false };
    expect(put.json()).toEqual(expected);
    const got = await h.app.inject({ url, headers: admin });
    expect(got.json()).toEqual(expected);
    expect(got.body).not.toContain(settings.clientSecret);
    const row = await h.db.selectFrom('organisation_sso').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(settings.clientSecret);
    // Without a secret the stored one stays.
    await h.app.inject({ method: 'PUT', url, headers: admin, payload: { ...settings, clientSecret: undefined, ssoOnly: true } });
    const after = await h.db.selectFrom('organisation_sso').selectAll().executeTakeFirstOrThrow();
    expect(after.client_secret_sealed).toBe(row.client_secret_sealed);
    expect(after.sso_only).toBe(true);
    expect(await h.db.selectFrom('account_audit').select(['entity', 'entity_id', 'action']).where('action', '=', 'sso-changed').execute()).toEqual([
      { entity: 'organisation', entity_id: org, action: 'sso-changed' },
      { entity: 'organisation', entity_id: org, action: 'sso-changed' },
    ]);
  });

  it('refuses bad input naming each field in both languages, storing nothing', async () => {
    const org = await orgOf('bank');
    const admin = bearer(await h.login('admin'));
    const url = `/api/organisations/${org}/sso`;
    const body = await h.expectRefused(
      () => h.app.inject({ method: 'PUT', url, headers: { ...admin, 'accept-language': 'en' }, payload: { issuer: 'http://login.example', clientId: ' ', domains: ['bad_domain'], ssoOnly: false } }),
      { statusCode: 400, fields: [{ path: 'issuer', key: 'sso-issuer-invalid' }, { path: 'clientId', key: 'validation-required' }, { path: 'domains.0', key: 'sso-domain-invalid' }] },
    );
    expect(body.fields?.[0]).toMatchObject({ message: 'Please give the provider’s address starting with https:// (without parameters).' });
    await h.expectRefused(() => h.app.inject({ method: 'PUT', url, headers: admin, payload: { ...settings, clientSecret: undefined } }), { statusCode: 400, fields: [{ path: 'clientSecret', key: 'sso-secret-required' }] });
  });

  it('a domain belongs to one organisation: another organisation cannot claim it', async () => {
    const admin = bearer(await h.login('admin'));
    await h.app.inject({ method: 'PUT', url: `/api/organisations/${await orgOf('bank')}/sso`, headers: admin, payload: settings });
    const buyer = await orgOf('buyer');
    await h.expectRefused(
      () => h.app.inject({ method: 'PUT', url: `/api/organisations/${buyer}/sso`, headers: admin, payload: { ...settings, domains: ['andere.example', 'beispielbank.example'] } }),
      { statusCode: 400, fields: [{ path: 'domains.1', key: 'sso-domain-taken' }] },
    );
  });

  it('refuses every role but the account administrator', async () => {
    const org = await orgOf('bank');
    for (const userName of ['bank', 'accountmanager'] as const) {
      const token = bearer(await h.login(userName));
      await h.expectRefused(() => h.app.inject({ method: 'PUT', url: `/api/organisations/${org}/sso`, headers: token, payload: settings }), { statusCode: userName === 'bank' ? 403 : 404 });
    }
  });
});
