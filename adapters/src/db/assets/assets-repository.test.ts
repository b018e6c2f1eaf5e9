import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { assetBodySchema } from '@ecore/core/assets/object.ts';
import type { Database } from '../database.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { truncateApplicationTables } from '../testing/truncate.ts';
import { findActiveTemplateId, findTemplate } from '../questionnaires/templates-repository.ts';
import { decideAccessRequest, findAccessRequest, lockBuyerHistory, insertAccessRequest } from './access-requests-repository.ts';
import { findAsset, insertAsset, listAssets, updateAsset } from './assets-repository.ts';
import { findGroup, listGroups } from '../object-groups/groups-repository.ts';

/** The database with a counter of the statements sent through it. */
const counting = (database: Database) => {
  const counter = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Called once per statement executed (transformQuery also sees every nested subquery).
    transformResult: async (args) => {
      counter.queries += 1;
      return args.result;
    },
  };
  return { db: database.db.withPlugin(plugin), counter };
};

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

  /** 12 more groups of the owner with 30 objects each, two asset classes every other object. */
  const growPortfolio = async () => {
    await sql`insert into asset_groups (name, organisation_id) select 'Gruppe ' || lpad(g::text, 2, '0'), ${ownerId} from generate_series(1, 12) g`.execute(database.db);
    await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, asset_total_area)
      select 'Objekt ' || lpad(g::text, 3, '0'), ${ownerId}, (select id from asset_groups where name = 'Gruppe ' || lpad((1 + (g - 1) / 30)::text, 2, '0')), 'DE', 'Stadt', '10115', 'Straße', '1', 100 + g
      from generate_series(1, 360) g`.execute(database.db);
    await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
      select id, 1, case when id % 2 = 0 then 100 else 50 end, 0 from assets where name like 'Objekt %'
      union all select id, 12, 50, 1 from assets where name like 'Objekt %' and id % 2 = 1`.execute(database.db);
  };
  const own = () => [{ kind: 'organisation' as const, orgId: ownerId, buyerAssets: false, groupIds: null, assetIds: null }];

  it('pages the objects in name order with their exact count and asset classes, in two statements whatever the page', async () => {
    await growPortfolio();
    const { db, counter } = counting(database);
    const all = await listAssets(db, { grants: own(), page: 1, pageSize: 100 });
    expect(counter.queries).toBe(2);
    expect(all.total).toBe(365);
    const names = all.items.map((a) => a.objectName);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const odd = all.items.find((a) => a.objectName === 'Objekt 001')!;
    expect(odd.assetAssetTypes).toEqual(odd.id % 2 === 1 ? [{ assetTypeId: 1, percentage: 50 }, { assetTypeId: 12, percentage: 50 }] : [{ assetTypeId: 1, percentage: 100 }]);
    const last = await listAssets(db, { grants: own(), page: 4, pageSize: 100 });
    expect(last.items).toHaveLength(65);
    expect(last.items.at(-1)?.objectName).toBe([...names, ...last.items.map((a) => a.objectName)].sort().at(-1));
    // Beyond the last page: no rows, the count still right, and no third statement.
    counter.queries = 0;
    expect(await listAssets(db, { grants: own(), page: 9, pageSize: 100 })).toEqual({ items: [], total: 365 });
    expect(counter.queries).toBe(1);
    expect((await listAssets(db, { grants: own(), search: 'objekt 01', page: 1, pageSize: 5 })).total).toBe(10);
  });

  it('with a count cache, reads the count once and then the page alone', async () => {
    await growPortfolio();
    const { db, counter } = counting(database);
    const kept = new Map<string, number>();
    const counts = { get: async (key: string, read: () => Promise<number>) => kept.get(key) ?? kept.set(key, await read()).get(key)! };
    const first = await listAssets(db, { grants: own(), page: 2, pageSize: 25, counts });
    expect(counter.queries).toBe(3);
    counter.queries = 0;
    const again = await listAssets(db, { grants: own(), page: 2, pageSize: 25, counts });
    expect(counter.queries).toBe(2);
    expect(again).toEqual(first);
    expect(again.total).toBe(365);
    expect((await listAssets(db, { grants: own(), search: 'objekt 01', page: 1, pageSize: 5, counts })).total).toBe(10);
    expect(kept.size).toBe(2);
  });

  it('lists groups with their objects expanded in three statements, for 2 groups as for 14', async () => {
    const { db, counter } = counting(database);
    const scope = { kind: 'organisation' as const, orgId: ownerId, groupIds: null };
    const small = await listGroups(db, { scope, grants: own(), page: 1, pageSize: 100 });
    expect(small.total).toBe(2);
    expect(counter.queries).toBe(3);
    await growPortfolio();
    counter.queries = 0;
    const large = await listGroups(db, { scope, grants: own(), page: 1, pageSize: 100 });
    expect(counter.queries).toBe(3);
    expect(large.total).toBe(14);
    expect(large.items.map((g) => g.name)).toEqual([...large.items.map((g) => g.name)].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const group = large.items.find((g) => g.name === 'Gruppe 01')!;
    expect(group.assetCount).toBe(30);
    expect(group.assets.map((a) => a.name)).toEqual(Array.from({ length: 30 }, (_, i) => `Objekt ${String(i + 1).padStart(3, '0')}`));
    expect(group.assetClassPercentages.map((p) => p.assetClassIdentifier).sort()).toEqual(['OFF', 'RESI']);
    const second = await listGroups(db, { scope, grants: own(), page: 2, pageSize: 10 });
    expect(second.items).toHaveLength(4);
    expect(second.total).toBe(14);
  });

  it('reads a whole template in a fixed number of statements', async () => {
    await seedDemoQuestionnaires(database.db);
    const { db, counter } = counting(database);
    const template = await findTemplate(db, (await findActiveTemplateId(database.db, 'Ecore'))!);
    expect(template?.clusters.length).toBeGreaterThan(0);
    expect(counter.queries).toBe(10);
  });
});
