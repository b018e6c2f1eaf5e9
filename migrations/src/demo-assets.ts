import type { Kysely } from 'kysely';

interface DemoAsset {
  name: string;
  city: string;
  zip: string;
  street: string;
  streetNumber: string;
  constructionYear: number;
  renovationYear: number | null;
  area: number;
  /** asset_types ids: 1 OFF, 2 HOT, 3 RHS, 11 MIX, 12 RESI */
  shares: [number, number][];
  quality: 'Low' | 'Mid' | 'High';
}

const OWNER_GROUPS: { name: string; assets: DemoAsset[] }[] = [
  {
    name: 'Portfolio Rhein-Main',
    assets: [
      { name: 'Bürohaus Mainzer Landstraße', city: 'Frankfurt am Main', zip: '60325', street: 'Mainzer Landstraße', streetNumber: '50', constructionYear: 1998, renovationYear: 2021, area: 12500, shares: [[1, 100]], quality: 'High' },
      { name: 'Wohn- und Geschäftshaus Bockenheim', city: 'Frankfurt am Main', zip: '60487', street: 'Leipziger Straße', streetNumber: '12', constructionYear: 1965, renovationYear: 2015, area: 4200, shares: [[12, 70], [3, 30]], quality: 'Mid' },
      { name: 'Hotel am Rheinufer', city: 'Wiesbaden', zip: '65203', street: 'Rheinufer', streetNumber: '3', constructionYear: 2010, renovationYear: null, area: 8300, shares: [[2, 100]], quality: 'High' },
    ],
  },
  {
    name: 'Portfolio Berlin',
    assets: [
      { name: 'Quartier Prenzlauer Berg', city: 'Berlin', zip: '10405', street: 'Greifswalder Straße', streetNumber: '80', constructionYear: 1910, renovationYear: 2019, area: 6100, shares: [[12, 100]], quality: 'Mid' },
      { name: 'Büro Campus Adlershof', city: 'Berlin', zip: '12489', street: 'Rudower Chaussee', streetNumber: '17', constructionYear: 2024, renovationYear: null, area: 9800, shares: [[1, 90], [11, 10]], quality: 'High' },
    ],
  },
];

const BUYER_GROUP = {
  name: 'Finanzierungsobjekte',
  assets: [{ name: 'Wohnanlage Schwabing', city: 'München', zip: '80804', street: 'Belgradstraße', streetNumber: '21', constructionYear: 1978, renovationYear: 2020, area: 3600, shares: [[12, 100]], quality: 'Mid' } as DemoAsset],
};

/** Demo object groups and objects (idempotent): two portfolios of the demo owner and one buyer asset. */
export async function seedDemoAssets(db: Kysely<any>): Promise<{ seeded: boolean }> {
  const owner = await db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirst();
  const buyer = await db.selectFrom('organisations').select('id').where('name', '=', 'Käufer Wohnbau GmbH').executeTakeFirst();
  if (!owner || !buyer) return { seeded: false };
  const existing = await db.selectFrom('asset_groups').select('id').where('organisation_id', '=', owner.id).executeTakeFirst();
  if (existing) return { seeded: false };
  const creator = await db.selectFrom('users').select('id').where('user_name', '=', 'objectadmin').executeTakeFirst();
  const buyerUser = await db.selectFrom('users').select('id').where('user_name', '=', 'buyer').executeTakeFirst();

  await db.transaction().execute(async (trx) => {
    const put = async (organisationId: number, group: { name: string; assets: DemoAsset[] }, isBuyerAsset: boolean, createdBy: number | undefined) => {
      const { id: groupId } = await trx.insertInto('asset_groups').values({ name: group.name, organisation_id: organisationId }).returning('id').executeTakeFirstOrThrow();
      for (const a of group.assets) {
        const { id } = await trx
          .insertInto('assets')
          .values({
            name: a.name,
            organisation_id: organisationId,
            asset_group_id: groupId,
            is_buyer_asset: isBuyerAsset,
            country: 'DE',
            city: a.city,
            zip: a.zip,
            street: a.street,
            street_number: a.streetNumber,
            construction_year: a.constructionYear,
            renovation_year: a.renovationYear,
            feature_quality: a.quality,
            asset_total_area: a.area,
            usable_area: Math.round(a.area * 0.82),
            rental_area: Math.round(a.area * 0.78),
            net_room_area: Math.round(a.area * 0.86),
            conditioned_area: Math.round(a.area * 0.8),
            created_by: createdBy ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('asset_asset_types')
          .values(a.shares.map(([assetTypeId, percentage], position) => ({ asset_id: id, asset_type_id: assetTypeId, percentage, position })))
          .execute();
      }
    };
    for (const group of OWNER_GROUPS) await put(owner.id, group, false, creator?.id);
    await put(buyer.id, BUYER_GROUP, true, buyerUser?.id);
  });
  return { seeded: true };
}
