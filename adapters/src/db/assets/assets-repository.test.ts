import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { assetBodySchema } from '@ecore/core/assets/object.ts';
import type { Database } from '../database.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { truncateApplicationTables } from '../testing/truncate.ts';
import { decideAccessRequest, findAccessRequest, lockBuyerHistory, insertAccessRequest } from './access-requests-repository.ts';
import { findAsset, insertAsset, listAssets, updateAsset } from './assets-repository.ts';
import { findGroup, listGroups } from './groups-repository.ts';

describe.each(testDatabases())('asset repositories on $name', ({ open }) => {
  let database: Database;
  let ownerId: number;
  let buyerId: number;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await truncateApplicationTables(database.db);
    await seedDemoData(database.db, 'hash');
    await seedDemoAssets(database.db);
    ownerId = (await database.db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow()).id;
    buyerId = (await database.db.selectFrom('organisations').select('id').where('name', '=', 'Käufer Wohnbau GmbH').executeTakeFirstOrThrow()).id;
  });

  it('translates the visibility grants into SQL: organisation, buyer assets, access lists, approvals', async () => {
    const own = await listAssets(database.db, { grants: [{ kind: 'organisation', orgId: ownerId, buyerAssets: null, groupIds: null, assetIds: null }], page: 1, pageSize: 100 });
    expect(own.total).toBe(5);
    const buyer = await listAssets(database.db, { grants: [{ kind: 'organisation', orgId: buyerId, buyerAssets: true, groupIds: null, assetIds: null }, { kind: 'granted', orgId: buyerId }], page: 1, pageSize: 100 });
    expect(buyer.items.map((a) => a.objectName)).toEqual(['Wohnanlage Schwabing']);
    expect((await listAssets(database.db, { grants: [{ kind: 'organisation', orgId: ownerId, buyerAssets: null, groupIds: [], assetIds: null }], page: 1, pageSize: 5 })).total).toBe(0);
    expect((await listAssets(database.db, { grants: [], page: 1, pageSize: 5 })).total).toBe(0);
    expect((await listAssets(database.db, { grants: [{ kind: 'all' }], page: 2, pageSize: 5 })).items).toHaveLength(1);
  });

  it('stores every field, dates as days, and refuses a stale version', async () => {
    const group = (await listGroups(database.db, { scope: { kind: 'organisation', orgId: ownerId, groupIds: null }, grants: [{ kind: 'all' }], page: 1, pageSize: 5 })).items[0]!;
    const body = assetBodySchema.parse({
      objectName: 'Neu', assetGroupId: group.id, country: 'DE', city: 'C', zip: '1', street: 'S', streetNumber: '1',
      assetTotalArea: 1234.5, handoverDate: '2026-03-31', projectStatus: 'DesignPlanning', assetAssetTypes: [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 12, percentage: 40 }],
    });
    const id = await insertAsset(database.db, body, { organisationId: ownerId, isBuyerAsset: false, createdBy: 1 });
    const stored = (await findAsset(database.db, id))!;
    expect(stored).toMatchObject({ assetTotalArea: 1234.5, handoverDate: '2026-03-31', acceptanceDate: null, projectStatus: 'DesignPlanning', version: 1, assetAssetTypes: [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 12, percentage: 40 }] });
    expect(await updateAsset(database.db, id, 1, { ...body, city: 'D' }, ownerId)).toBe(true);
    expect(await updateAsset(database.db, id, 1, { ...body, city: 'E' }, ownerId)).toBe(false);
    expect((await findAsset(database.db, id))!.city).toBe('D');
  });

  it('decides an access request once, and an approval grants read access', async () => {
    const asset = (await listAssets(database.db, { grants: [{ kind: 'all' }], search: 'Hotel', page: 1, pageSize: 5 })).items[0]!;
    const now = Date.now();
    const id = await insertAccessRequest(database.db, { assetId: asset.id, buyerOrganisationId: buyerId, requestedBy: 1, language: 'en', tokenHash: 'h', expiresAt: now + 60_000, createdAt: now });
    const history = () => database.db.transaction().execute((trx) => lockBuyerHistory(trx, asset.id, buyerId, now, now - 3_600_000));
    expect(await history()).toEqual({ alreadyGranted: false, openRequest: true, requestsInWindow: 1 });
    expect(await findAccessRequest(database.db, id)).toMatchObject({ assetName: 'Hotel am Rheinufer', buyerOrganisationName: 'Käufer Wohnbau GmbH', decidedAt: null });
    const [first, second] = await Promise.all([decideAccessRequest(database.db, id, true, 1000), decideAccessRequest(database.db, id, false, 1001)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await history()).toEqual({ alreadyGranted: first === true, openRequest: false, requestsInWindow: 1 });
  });

  it('reads a group with its objects and class mix', async () => {
    const groups = await listGroups(database.db, { scope: { kind: 'all' }, grants: [{ kind: 'all' }], search: 'berlin', page: 1, pageSize: 5 });
    expect(groups.total).toBe(1);
    const berlin = (await findGroup(database.db, groups.items[0]!.id, { kind: 'all' }, [{ kind: 'all' }]))!;
    expect(berlin.assets.map((a) => a.name)).toEqual(['Büro Campus Adlershof', 'Quartier Prenzlauer Berg']);
    expect(berlin.assetClassPercentages.map((c) => c.assetClassIdentifier)).toEqual(['OFF', 'RESI', 'MIX']);
  });
});
