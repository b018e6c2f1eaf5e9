import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip } from '../../plugins/kept-json.ts';
import { bearer, createHarness, T0, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const groupId = async (name: string) => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const OFF = 1;
const HOT = 2;
const RESI = 12;

const newObject = async (changes: object = {}) => ({
  objectName: 'Neubau Ostend',
  assetGroupId: await groupId('Portfolio Rhein-Main'),
  country: 'DE',
  city: 'Frankfurt am Main',
  zip: '60314',
  street: 'Hanauer Landstraße',
  streetNumber: '100',
  constructionYear: 2025,
  assetTotalArea: 5400.5,
  assetAssetTypes: [{ assetTypeId: OFF, percentage: 70 }, { assetTypeId: RESI, percentage: 30 }],
  ...changes,
});

describe('GET /api/asset: who sees which objects', () => {
  it.each<[DemoUserName, number]>([
    ['admin', 6], ['objectadmin', 5], ['collector', 5], ['analyst', 5], ['accountmanager', 5], ['buyer', 1],
    ['bank', 0], ['tester', 0], ['internaltester', 0], ['evaluator', 0], ['scoring', 0], ['billing', 0],
  ])('%s sees %i objects', async (user, count) => {
    const res = await h.as(user, 'GET', '/api/asset?pageSize=100');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(count);
  });

  it('pages and searches in the database, by name, city or object ID', async () => {
    const page = (await h.as('admin', 'GET', '/api/asset?page=2&pageSize=5')).json();
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 5 });
    expect(page.items).toHaveLength(1);
    expect((await h.as('objectadmin', 'GET', '/api/asset?search=wiesbaden')).json().items.map((a: { name: string }) => a.name)).toEqual(['Hotel am Rheinufer']);
    const id = await assetId('Hotel am Rheinufer');
    expect((await h.as('objectadmin', 'GET', `/api/asset?search=${id}&pageSize=100`)).json().items.map((a: { id: number }) => a.id)).toContain(id);
  });

  it('restricts a collector to the access list of the account', async () => {
    const berlin = await groupId('Portfolio Berlin');
    await h.db.updateTable('users').set({ asset_groups: [berlin] }).where('user_name', '=', 'collector').execute();
    const names = (await h.as('collector', 'GET', '/api/asset?pageSize=100')).json().items.map((a: { name: string }) => a.name);
    expect(names).toEqual(['Büro Campus Adlershof', 'Quartier Prenzlauer Berg']);
    expect((await h.as('collector', 'GET', `/api/asset/${await assetId('Hotel am Rheinufer')}`)).statusCode).toBe(404);
  });

  it('answers one object with every field, and 404 for another organisation’s object', async () => {
    const id = await assetId('Wohn- und Geschäftshaus Bockenheim');
    const res = await h.as('objectadmin', 'GET', `/api/asset/${id}?isBuyerAsset=false`);
    expect(res.json()).toMatchObject({
      objectName: 'Wohn- und Geschäftshaus Bockenheim',
      ownerCompany: 'Musterimmobilien AG',
      featureQuality: 'Mid',
      historicProtection: 'NoStatement',
      conditionsAndEnvironmentGoals: 'StockAndClimateProtection',
      assetAssetTypes: [{ assetTypeId: RESI, percentage: 70 }, { assetTypeId: 3, percentage: 30 }],
      canEdit: true,
    });
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}?isBuyerAsset=true`)).statusCode).toBe(404);
    expect((await h.as('buyer', 'GET', `/api/asset/${id}`)).statusCode).toBe(404);
    expect((await h.as('collector', 'GET', `/api/asset/data/${id}`)).json().canEdit).toBe(false);
  });
});

describe('POST and PUT /api/asset', () => {
  it('an object administrator creates a mixed-use object with two classes', async () => {
    const res = await h.as('objectadmin', 'POST', '/api/asset', await newObject());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ objectName: 'Neubau Ostend', assetTotalArea: 5400.5, isBuyerAsset: false, usableArea: 0, version: 1, createdBy: 'Olga Objekt' });
  });

  it('refuses 60 % + 30 % with the specification’s key, and a class twice with its own', async () => {
    const short = await h.as('objectadmin', 'POST', '/api/asset', await newObject({ assetAssetTypes: [{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: RESI, percentage: 30 }] }));
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual([{ path: 'assetAssetTypes', key: 'objectGroups-create-error-percentages', message: expect.stringContaining('100') }]);
    const twice = await newObject({ assetAssetTypes: [{ assetTypeId: OFF, percentage: 50 }, { assetTypeId: OFF, percentage: 50 }] });
    const refused = await h.expectRefused(() => h.as('objectadmin', 'POST', '/api/asset', twice), {
      statusCode: 400,
      fields: [{ path: 'assetAssetTypes', key: 'objectGroups-create-error-assettype-duplicate' }],
    });
    expect(refused.fields).toEqual([expect.objectContaining({ message: 'Jede Objektklasse kann nur einmal hinzugefügt werden.' })]);
    expect(await h.db.selectFrom('assets').select('id').where('name', '=', 'Neubau Ostend').executeTakeFirst()).toBeUndefined();
  });

  it.each<[DemoUserName, number]>([
    ['objectadmin', 201], ['admin', 201],
    ['collector', 403], ['analyst', 403], ['accountmanager', 403], ['tester', 403], ['evaluator', 403], ['bank', 403], ['scoring', 403],
  ])('creating by %s answers %i', async (user, status) => {
    expect((await h.as(user, 'POST', '/api/asset', await newObject())).statusCode).toBe(status);
  });

  it('a buyer creates buyer assets in its own groups, with buyer classes only', async () => {
    const group = await groupId('Finanzierungsobjekte');
    const ok = await h.as('buyer', 'POST', '/api/asset', await newObject({ assetGroupId: group, assetAssetTypes: [{ assetTypeId: RESI, percentage: 100 }] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ isBuyerAsset: true, ownerCompany: 'Käufer Wohnbau GmbH' });
    const hotel = await newObject({ assetGroupId: group, assetAssetTypes: [{ assetTypeId: HOT, percentage: 100 }] });
    await h.expectRefused(() => h.as('buyer', 'POST', '/api/asset', hotel), { statusCode: 400 });
    const foreignGroup = await newObject();
    await h.expectRefused(() => h.as('buyer', 'POST', '/api/asset', foreignGroup), { statusCode: 400, fields: [{ path: 'assetGroupId', key: 'objectGroups-not-selectable' }] });
  });

  it('answers the field messages for missing fields and a bad gross floor area', async () => {
    const res = await h.as('objectadmin', 'POST', '/api/asset', { assetAssetTypes: [], assetTotalArea: 'viel' }, 'en');
    const byPath = Object.fromEntries(res.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(byPath).toMatchObject({ objectName: 'Please fill out this field', city: 'Please fill out this field', assetTotalArea: 'Please input a number' });
  });

  it('saves an edit with the current version and answers 409 for a stale one', async () => {
    const id = await assetId('Hotel am Rheinufer');
    const current = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json();
    const first = await h.as('objectadmin', 'PUT', '/api/asset', { ...current, city: 'Mainz' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ city: 'Mainz', version: current.version + 1 });
    const stale = await h.as('admin', 'PUT', '/api/asset', { ...current, city: 'Bingen' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('objects-version-conflict');
  });

  it('refuses edits by read-only roles and of other organisations’ objects', async () => {
    const id = await assetId('Hotel am Rheinufer');
    const current = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json();
    expect((await h.as('collector', 'PUT', '/api/asset', { ...current, city: 'X' })).statusCode).toBe(403);
    expect((await h.as('buyer', 'PUT', '/api/asset', { ...current, city: 'X' })).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json().city).toBe('Wiesbaden');
  });

  it('deletes an object', async () => {
    const id = await assetId('Hotel am Rheinufer');
    expect((await h.as('collector', 'DELETE', `/api/asset/${id}`)).statusCode).toBe(403);
    expect((await h.as('objectadmin', 'DELETE', `/api/asset/${id}?isBuyerAsset=false`)).statusCode).toBe(204);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}`)).statusCode).toBe(404);
  });
});

describe('object groups', () => {
  it('lists groups with their objects expanded and the area-weighted class mix', async () => {
    const body = (await h.as('objectadmin', 'GET', '/api/assetGroup?pageSize=10')).json();
    expect(body.total).toBe(2);
    const rheinMain = body.items.find((g: { name: string }) => g.name === 'Portfolio Rhein-Main');
    expect(rheinMain.assets.map((a: { name: string }) => a.name)).toEqual(['Bürohaus Mainzer Landstraße', 'Hotel am Rheinufer', 'Wohn- und Geschäftshaus Bockenheim']);
    expect(rheinMain.assets[0]).toMatchObject({ constructionYear: 1998, renovationYear: 2021, state: null, score: null });
    expect(rheinMain.assetClassPercentages.reduce((s: number, c: { percentage: number }) => s + c.percentage, 0)).toBe(100);
    expect(rheinMain).toMatchObject({ organisationName: 'Musterimmobilien AG', status: 'Active', canEdit: true, canBeSubmitted: false });
  });

  it('answers the list gzipped to clients that accept it, the same as plain, and only then', async () => {
    const plain = await h.as('objectadmin', 'GET', '/api/assetGroup?pageSize=10');
    const headers = async (encoding: string) => ({ ...bearer(await h.login('objectadmin')), 'accept-language': 'de', 'accept-encoding': encoding });
    const zipped = await h.app.inject({ method: 'GET', url: '/api/assetGroup?pageSize=10', headers: await headers('gzip, deflate, br') });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await h.app.inject({ method: 'GET', url: '/api/assetGroup?pageSize=10', headers: await headers('gzip;q=0, identity') });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
    expect([acceptsGzip('*'), acceptsGzip('br, gzip;q=0.5'), acceptsGzip('gzip;q=0'), acceptsGzip(undefined), acceptsGzip('br')]).toEqual([true, true, false, false, false]);
  });

  it('creates a group in the own organisation; only the administrator chooses another', async () => {
    const bankOrg = (await h.db.selectFrom('organisations').select('id').where('name', '=', 'Testkonto GmbH').executeTakeFirstOrThrow()).id;
    const own = await h.as('objectadmin', 'POST', '/api/assetGroup', { name: 'Portfolio Süd', organisationId: bankOrg });
    expect(own.statusCode).toBe(201);
    expect(own.json().organisationName).toBe('Musterimmobilien AG');
    const chosen = await h.as('admin', 'POST', '/api/assetGroup', { name: 'Testportfolio', organisationId: bankOrg });
    expect(chosen.json().organisationName).toBe('Testkonto GmbH');
    expect((await h.as('collector', 'POST', '/api/assetGroup', { name: 'X' })).statusCode).toBe(403);
    await h.expectRefused(() => h.as('objectadmin', 'POST', '/api/assetGroup', { name: '' }), { statusCode: 400, fields: [{ path: 'name', key: 'validation-required' }] });
  });

  it('renames a group, refuses to delete one with objects and deletes an empty one', async () => {
    const id = await groupId('Portfolio Berlin');
    expect((await h.as('objectadmin', 'PUT', '/api/assetGroup', { id, name: 'Portfolio Hauptstadt' })).json().name).toBe('Portfolio Hauptstadt');
    const refused = await h.as('objectadmin', 'DELETE', `/api/assetGroup/${id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: 'objectGroups-delete-not-empty', message: 'Die Objektgruppe enthält noch Objekte und kann nicht gelöscht werden.' });
    expect(await h.db.selectFrom('asset_groups').select('id').where('id', '=', id).execute()).toHaveLength(1);
    const empty = (await h.as('objectadmin', 'POST', '/api/assetGroup', { name: 'Leer' })).json().id;
    expect((await h.as('objectadmin', 'DELETE', `/api/assetGroup/${empty}`)).statusCode).toBe(204);
  });

  it('another organisation’s group answers 404', async () => {
    const id = await groupId('Finanzierungsobjekte');
    expect((await h.as('objectadmin', 'GET', `/api/assetGroup/${id}`)).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'PUT', '/api/assetGroup', { id, name: 'X' })).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'DELETE', `/api/assetGroup/${id}`)).statusCode).toBe(404);
  });

  it('offers the groups objects may be put in', async () => {
    const options = (await h.as('objectadmin', 'GET', '/api/assetGroup/assetGroupInfo')).json();
    expect(options.map((g: { name: string }) => g.name)).toEqual(['Portfolio Berlin', 'Portfolio Rhein-Main']);
  });
});

describe('reference lists', () => {
  it('answers the asset classes OFF … RESI, buyers only theirs', async () => {
    const all = (await h.as('objectadmin', 'GET', '/api/asset/assetType')).json();
    expect(all.map((t: { assetClassIdentifier: string }) => t.assetClassIdentifier)).toEqual(['OFF', 'HOT', 'RHS', 'RSM', 'RWB1', 'RWB2', 'DWH', 'HEC1', 'HEC2', 'LEI', 'MIX', 'RESI']);
    expect(all[7]).toMatchObject({ assetClassIdentifier: 'HEC1', assetClassIsPilot: true });
    const buyer = (await h.as('buyer', 'GET', '/api/asset/assetType')).json();
    expect(buyer.map((t: { assetClassIdentifier: string }) => t.assetClassIdentifier)).toEqual(['OFF', 'MIX', 'RESI']);
  });

  it('answers the review configuration with 16 reviewed answers, like every signed-in answer not to be stored', async () => {
    const res = await h.as('collector', 'GET', '/api/asset/config');
    expect(res.json()).toEqual({ reviewProcess: { numberOfReviewedAnswers: 16 } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('access requests', () => {
  const request = async (id: number, user: DemoUserName = 'buyer', language = 'de') =>
    h.app.inject({ method: 'POST', url: `/api/asset/${id}/requestAssetAccess`, headers: { ...bearer(await h.login(user)), 'accept-language': language } });
  const decide = (permissionId: string | number, token: string, decision: string) =>
    h.app.inject({ method: 'POST', url: `/api/asset/requestAssetAccess/${permissionId}?token=${encodeURIComponent(token)}&decision=${decision}` });
  const lastLink = async () => {
    await h.app.drainBackground();
    const mail = h.mailer.sent.at(-1)!;
    const approve = new URL(mail.link!);
    return { mail, permissionId: approve.searchParams.get('permissionId')!, token: approve.searchParams.get('token')! };
  };

  it('mails the owner’s contacts approve and decline links in the chosen language; approval gives the buyer read access', async () => {
    const id = await assetId('Hotel am Rheinufer');
    expect((await request(id, 'buyer', 'en')).statusCode).toBe(204);
    const { mail, permissionId, token } = await lastLink();
    expect(mail.to).toBe('olga.objekt@musterimmobilien.example');
    expect(mail.subject).toBe('ECORE portal: access request for Hotel am Rheinufer');
    expect(mail.text).toContain('Käufer Wohnbau GmbH asks for read access');
    expect(mail.text).toMatch(/Decline request: http:\/\/portal\.test\/asset-access-permission\?permissionId=\d+&decision=false&token=/);

    const approved = await decide(permissionId, token, 'true');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ buyerOrganisationName: 'Käufer Wohnbau GmbH', assetName: 'Hotel am Rheinufer', result: 'DecidedSuccessfully', decision: true });

    const seen = (await h.as('buyer', 'GET', '/api/asset?pageSize=100')).json().items.find((a: { id: number }) => a.id === id);
    expect(seen).toMatchObject({ name: 'Hotel am Rheinufer', canEdit: false });
    const current = (await h.as('buyer', 'GET', `/api/asset/${id}`)).json();
    expect((await h.as('buyer', 'PUT', '/api/asset', { ...current, city: 'X' })).statusCode).toBe(403);

    expect((await request(id)).statusCode).toBe(409);
    expect((await request(id)).json().key).toBe('asset-access-request-already-granted');
    expect((await h.as('buyer', 'GET', '/api/asset/accessRequests')).json()[0]).toMatchObject({ assetId: id, decision: true, ownerOrganisationName: 'Musterimmobilien AG' });
  });

  it('the link used twice answers 304; a forged token 401; an unknown id 404; a bad decision 400', async () => {
    await request(await assetId('Hotel am Rheinufer'));
    const { permissionId, token } = await lastLink();
    expect((await decide(permissionId, 'forged-token', 'true')).statusCode).toBe(401);
    expect((await decide(permissionId, token, 'vielleicht')).statusCode).toBe(400);
    expect((await decide(permissionId, token, 'false')).statusCode).toBe(200);
    const again = await decide(permissionId, token, 'true');
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await decide(99999, token, 'true')).statusCode).toBe(404);
    expect((await decide('abc', token, 'true')).statusCode).toBe(404);
    // An id beyond the database's integers is unknown too, not a malformed request.
    expect((await decide('99999999999999999999', token, 'true')).statusCode).toBe(404);
    // The decline gave no access.
    expect((await h.as('buyer', 'GET', '/api/asset?pageSize=100')).json().total).toBe(1);
  });

  it('the link expires after 14 days', async () => {
    await request(await assetId('Hotel am Rheinufer'));
    const { permissionId, token } = await lastLink();
    h.clock.now = T0 + 14 * 24 * 3600 * 1000;
    expect((await decide(permissionId, token, 'true')).statusCode).toBe(401);
  });

  it('refuses unknown objects, objects of buyer organisations and callers who are not buyers', async () => {
    expect((await request(99999)).json()).toMatchObject({ statusCode: 404, key: 'asset-access-request-not-found' });
    const buyerAsset = await assetId('Wohnanlage Schwabing');
    expect((await request(buyerAsset)).json().key).toBe('asset-access-request-own-object');
    expect((await request(await assetId('Hotel am Rheinufer'), 'objectadmin')).statusCode).toBe(403);
    // A second buyer organisation asking for the first one's buyer asset.
    const bank = (await h.db.selectFrom('organisations').select('id').where('name', '=', 'Beispielbank eG').executeTakeFirstOrThrow()).id;
    const other = (await h.db.insertInto('organisations').values({ name: 'Zweiter Käufer', is_buyer: true, finance_partner_organisation_id: bank }).returning('id').executeTakeFirstOrThrow()).id;
    await h.db.updateTable('users').set({ organisation_id: other }).where('user_name', '=', 'buyer').execute();
    expect((await request(buyerAsset)).json().key).toBe('asset-access-request-buyer-organisation');
  });
});
