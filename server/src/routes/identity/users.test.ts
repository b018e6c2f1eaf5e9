import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());



const orgId = async (name: string) => (await h.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (userName: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

const newCollector = async (organisation = 'Musterimmobilien AG') => ({
  firstName: 'Nina',
  lastName: 'Neu',
  position: 'Datenerfassung',
  phoneNumber: '+49 69 5550',
  mobileNumber: '',
  userRoles: [5],
  external: false,
  mainContactPerson: false,
  organisationId: await orgId(organisation),
  email: 'nina.neu@musterimmobilien.example',
  userName: 'nina',
});

describe('GET /api/user: the list in the caller’s scope', () => {
  it.each<[DemoUserName, number]>([
    ['admin', 200], ['scoring', 200], ['accountmanager', 200], ['bank', 200], ['buyer', 200],
    ['objectadmin', 403], ['collector', 403], ['analyst', 403], ['tester', 403], ['internaltester', 403], ['evaluator', 403], ['billing', 403], ['importadmin', 403],
  ])('%s gets %i', async (user, status) => {
    expect((await h.as(user, 'GET', '/api/user')).statusCode).toBe(status);
  });

  it('pages with default page size 5 and counts every status filter', async () => {
    await h.db.updateTable('users').set({ locked: true }).where('user_name', '=', 'billing').execute();
    await h.db.updateTable('users').set({ status: 0 }).where('user_name', '=', 'importadmin').execute();
    await h.db.updateTable('users').set({ status: 3 }).where('user_name', '=', 'analyst').execute();
    const res = await h.as('admin', 'GET', '/api/user');
    const body = res.json();
    expect(body).toMatchObject({ total: 13, page: 1, pageSize: 5, counts: { all: 13, active: 10, inactive: 1, locked: 1, pending: 1 } });
    expect(body.items).toHaveLength(5);
    const page3 = (await h.as('admin', 'GET', '/api/user?page=3&pageSize=5')).json();
    expect(page3.items).toHaveLength(3);
    const locked = (await h.as('admin', 'GET', '/api/user?status=locked')).json();
    expect(locked.items.map((u: { userName: string }) => u.userName)).toEqual(['billing']);
    expect(locked.total).toBe(1);
  });

  it('searches by name, user name, e-mail and organisation', async () => {
    const body = (await h.as('admin', 'GET', '/api/user?search=beispielbank&pageSize=10')).json();
    expect(body.items.map((u: { userName: string }) => u.userName)).toEqual(['bank']);
    expect((await h.as('admin', 'GET', '/api/user?search=%25')).json().total).toBe(0);
  });

  it('an account manager sees only the users of the own organisation; a finance partner also its buyers', async () => {
    const own = (await h.as('accountmanager', 'GET', '/api/user?pageSize=100')).json();
    expect(own.items.every((u: { organisationName: string }) => u.organisationName === 'Musterimmobilien AG')).toBe(true);
    const bank = (await h.as('bank', 'GET', '/api/user?pageSize=100')).json();
    expect(bank.items.map((u: { userName: string }) => u.userName).sort()).toEqual(['bank', 'buyer']);
  });

  it('refuses a page size that is not offered', async () => {
    expect((await h.as('admin', 'GET', '/api/user?pageSize=7')).statusCode).toBe(400);
  });

  it('GET /api/user/{id} answers 404 for a user of another organisation', async () => {
    expect((await h.as('accountmanager', 'GET', `/api/user/${await userId('bank')}`)).statusCode).toBe(404);
    expect((await h.as('admin', 'GET', `/api/user/${await userId('bank')}`)).json().userName).toBe('bank');
  });
});

describe('POST /api/user', () => {
  it('creates a pending user and mails a set-password link that activates it', async () => {
    const res = await h.as('admin', 'POST', '/api/user', await newCollector());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userName: 'nina', status: 3, userRoles: [5], organisationName: 'Musterimmobilien AG' });
    const mail = await h.lastMailToken();
    expect(mail.to).toBe('nina.neu@musterimmobilien.example');
    expect(mail.link).toContain('/set-password?userName=nina&token=');
    expect((await h.app.inject({ method: 'POST', url: '/api/user/setPassword', payload: { password: 'start1234', token: mail.token } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'nina', password: 'start1234' } })).statusCode).toBe(200);
  });

  it.each<[DemoUserName, number]>([
    ['admin', 201], ['accountmanager', 201],
    ['scoring', 400], ['bank', 400], ['buyer', 400],
    ['objectadmin', 403], ['collector', 403], ['analyst', 403], ['tester', 403], ['internaltester', 403], ['evaluator', 403], ['billing', 403], ['importadmin', 403],
  ])('a collector created by %s answers %i', async (user, status) => {
    const res = await h.as(user, 'POST', '/api/user', await newCollector());
    expect(res.statusCode).toBe(status);
    const stored = await h.db.selectFrom('users').select('id').where('user_name', '=', 'nina').executeTakeFirst();
    expect(stored !== undefined).toBe(status === 201);
  });

  it('refuses a forged role the actor may not assign, naming the field', async () => {
    const res = await h.as('accountmanager', 'POST', '/api/user', { ...(await newCollector()), userRoles: [0] }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'userRoles', key: 'user-role-not-assignable', message: 'You may not assign this user role' }]);
  });

  it('puts the user of an account manager into the manager’s own organisation, whatever the request says', async () => {
    const res = await h.as('accountmanager', 'POST', '/api/user', await newCollector('Testkonto GmbH'));
    expect(res.json().organisationName).toBe('Musterimmobilien AG');
  });

  it('lets a finance-partner account manager create buyers in its tied buyer organisation, not elsewhere', async () => {
    const buyerUser = { ...(await newCollector('Käufer Wohnbau GmbH')), userRoles: [11], userName: 'kaeufer2' };
    const ok = await h.as('bank', 'POST', '/api/user', buyerUser);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().organisationName).toBe('Käufer Wohnbau GmbH');
    const elsewhere = { ...buyerUser, userName: 'kaeufer3', organisationId: await orgId('Musterimmobilien AG') };
    await h.expectRefused(() => h.as('bank', 'POST', '/api/user', elsewhere), { statusCode: 400, fields: [{ path: 'organisationId', key: 'organisation-not-selectable' }] });
  });

  it('forces the two finance-partner roles for a finance-partner organisation', async () => {
    const payload = { ...(await newCollector('Beispielbank eG')), userRoles: [4] };
    await h.expectRefused(() => h.as('admin', 'POST', '/api/user', payload), { statusCode: 400, fields: [{ path: 'userRoles', key: 'user-role-finance-partner' }] });
  });

  it('keeps test accounts to object roles', async () => {
    const payload = { ...(await newCollector('Testkonto GmbH')), userRoles: [10] };
    await h.expectRefused(() => h.as('admin', 'POST', '/api/user', payload), { statusCode: 400, fields: [{ path: 'userRoles', key: 'user-role-test-account' }] });
  });

  it('answers the specification texts for missing fields, a bad address, no role and a taken user name', async () => {
    const res = await h.as('admin', 'POST', '/api/user', { userRoles: [], email: 'kaputt', userName: 'a b' });
    expect(res.statusCode).toBe(400);
    expect(await h.db.selectFrom('users').select('id').where('email', '=', 'kaputt').execute()).toEqual([]);
    const byPath = Object.fromEntries(res.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(byPath).toMatchObject({
      firstName: 'Bitte füllen Sie dieses Feld aus',
      userRoles: 'Bitte wählen Sie mindestens eine Nutzerrolle',
      email: 'Keine gültige E-Mail-Adresse',
      userName: 'Kein gültiger Benutzername',
    });
    const taken = { ...(await newCollector()), userName: 'ADMIN' };
    await h.expectRefused(() => h.as('admin', 'POST', '/api/user', taken), { statusCode: 400, fields: [{ path: 'userName', key: 'user-name-taken' }] });
  });

  it('keeps an access list only for account managers, and wants a group before objects', async () => {
    const byManager = await h.as('accountmanager', 'POST', '/api/user', { ...(await newCollector()), assetGroups: [3], assets: [9] });
    expect(byManager.json()).toMatchObject({ assetGroups: [3], assets: [9] });
    const byAdmin = await h.as('admin', 'POST', '/api/user', { ...(await newCollector()), userName: 'nina2', assetGroups: [3] });
    expect(byAdmin.json()).toMatchObject({ assetGroups: [], assets: [] });
    const noGroup = { ...(await newCollector()), userName: 'nina3', assets: [9] };
    await h.expectRefused(() => h.as('accountmanager', 'POST', '/api/user', noGroup), { statusCode: 400, fields: [{ path: 'assets', key: 'user-assets-need-group' }] });
  });
});

describe('PUT /api/user', () => {
  const edit = async (userName: string, changes: object = {}) => {
    const id = await userId(userName);
    const current = (await h.as('admin', 'GET', `/api/user/${id}`)).json();
    return { ...current, ...changes };
  };

  it('edits the fields but never the e-mail address or user name', async () => {
    const res = await h.as('admin', 'PUT', '/api/user', await edit('collector', { lastName: 'Sammler', email: 'x@y.z', userName: 'renamed' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Sammler', email: 'collector@musterimmobilien.example', userName: 'collector' });
  });

  it('refuses an account manager any edit of an administrator (more rights), and changes nothing', async () => {
    for (const change of [{ phoneNumber: '+49 1' }, { userRoles: [4] }]) {
      const refused = await h.as('accountmanager', 'PUT', '/api/user', await edit('admin', change));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ statusCode: 403, key: 'user-not-manageable', message: 'Dieser Nutzer hat Rollen, die Sie nicht vergeben dürfen; Sie können ihn daher nicht bearbeiten' });
    }
    const admin = await h.db.selectFrom('users').select(['phone_number', 'roles']).where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.roles).toEqual([0]);
    expect(admin.phone_number).not.toBe('+49 1');
  });

  it('a role change ends the user’s sessions', async () => {
    const session = await h.login('collector');
    await h.as('admin', 'PUT', '/api/user', await edit('collector', { userRoles: [5, 6] }));
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(session) })).statusCode).toBe(401);
  });

  it('answers 404 for a user of another organisation and changes nothing', async () => {
    const payload = await edit('bank', { lastName: 'Geändert' });
    const res = await h.as('accountmanager', 'PUT', '/api/user', payload);
    expect(res.statusCode).toBe(404);
    expect((await h.db.selectFrom('users').select('last_name').where('user_name', '=', 'bank').executeTakeFirstOrThrow()).last_name).toBe('Bank');
  });
});

describe('state changes', () => {
  it('deactivate ends the sessions and informs the contact person; activate lets the user in again', async () => {
    const session = await h.login('collector');
    const id = await userId('collector');
    expect((await h.as('admin', 'DELETE', `/api/user/${id}`)).statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(session) })).statusCode).toBe(401);
    await h.app.drainBackground();
    const mail = h.mailer.sent.find((m) => m.subject === 'ECORE-Portal: Zugang deaktiviert');
    expect(mail?.to).toBe('objectadmin@musterimmobilien.example');
    expect(mail?.text).toContain('Carl Collector (collector)');
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'collector', password: 'demo1234' } })).statusCode).toBe(401);
    expect((await h.as('admin', 'POST', `/api/user/activate/${id}`)).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'collector', password: 'demo1234' } })).statusCode).toBe(200);
  });

  it('lock and unlock are for the administrator, who informs the contact person', async () => {
    const id = await userId('collector');
    expect((await h.as('accountmanager', 'POST', `/api/user/lock/${id}`)).statusCode).toBe(403);
    expect((await h.as('admin', 'POST', `/api/user/lock/${id}`)).statusCode).toBe(204);
    expect((await h.as('admin', 'GET', '/api/user?status=locked')).json().items[0].userName).toBe('collector');
    expect((await h.as('admin', 'POST', `/api/user/lock/${id}`)).json().key).toBe('user-state-invalid');
    expect((await h.as('admin', 'POST', `/api/user/unlock/${id}`)).statusCode).toBe(204);
    await h.app.drainBackground();
    expect(h.mailer.sent.map((m) => m.subject)).toEqual(['ECORE-Portal: Zugang gesperrt', 'ECORE-Portal: Zugang entsperrt']);
  });

  it('archive is irreversible: the user leaves every list and cannot be activated', async () => {
    const id = await userId('analyst');
    expect((await h.as('admin', 'DELETE', `/api/user/archive/${id}`)).statusCode).toBe(204);
    expect((await h.as('admin', 'GET', '/api/user?pageSize=100')).json().items.map((u: { userName: string }) => u.userName)).not.toContain('analyst');
    expect((await h.as('admin', 'POST', `/api/user/activate/${id}`)).statusCode).toBe(404);
  });

  it('refuses to deactivate oneself', async () => {
    expect((await h.as('admin', 'DELETE', `/api/user/${await userId('admin')}`)).json().key).toBe('user-state-invalid');
  });

  it('answers 404, not 403, for state changes of another organisation’s users', async () => {
    expect((await h.as('accountmanager', 'DELETE', `/api/user/${await userId('bank')}`)).statusCode).toBe(404);
  });
});

describe('GET /api/user/testers', () => {
  it('lists external accredited testers and leaves out internal testers', async () => {
    await h.db.updateTable('users').set({ roles: [7, 8] }).where('user_name', '=', 'internaltester').execute();
    const testers = (await h.as('admin', 'GET', '/api/user/testers')).json();
    expect(testers).toEqual([{ id: await userId('tester'), firstName: 'Tom', lastName: 'Tester', organisationName: 'Musterimmobilien AG' }]);
  });
});
