import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { EpcClass, EpcType } from '@ecore/core/banks/epc.ts';
import type { ExportAsset, ExportCustomer } from '@ecore/core/exports/finance-export.ts';
import { exportReach, type ExportAssetFacts, type FinancePartnerScope } from '@ecore/core/exports/finance-partner-scope.ts';
import type { DB } from '../schema.ts';
import { searchPattern } from '../search.ts';

type Executor = Kysely<DB>;

/**
 * The SQL form of core's `exportReach` (a prefilter for paging and batching; core decides each loaded row again):
 * buyer assets of the finance partner's buyers, and objects granted to one of those buyers or to the partner.
 */
export const inScope = (scope: FinancePartnerScope, asset: RawBuilder<unknown>): RawBuilder<SqlBool> => sql<SqlBool>`(
  (${asset}.is_buyer_asset and ${asset}.organisation_id in (
     select id from organisations where is_buyer and finance_partner_organisation_id = ${scope.financePartnerId}))
  or exists (select 1 from asset_access_grants g join organisations go on go.id = g.organisation_id
              where g.asset_id = ${asset}.id
                and (go.id = ${scope.financePartnerId} or (go.is_buyer and go.finance_partner_organisation_id = ${scope.financePartnerId}))))`;

const A = sql.raw('a');

interface DetailRow {
  id: number;
  name: string;
  group_name: string;
  owner_id: number;
  owner_name: string;
  owner_is_buyer: boolean;
  owner_finance_partner: number | null;
  is_buyer_asset: boolean;
  country: string;
  zip: string;
  city: string;
  street: string;
  street_number: string;
  construction_year: number | null;
  renovation_year: number | null;
  asset_total_area: number;
  version_label: string | null;
  state: string | null;
  reporting_year: number | null;
  ecore_score: number | null;
  finance_score: number | null;
  epc_class: EpcClass | null;
  epc_type: EpcType | null;
  epc_primary_energy_demand: number | string | null;
  epc_final_energy_demand: number | string | null;
  epc_registration_number: string | null;
  epc_issued_at: string | null;
  epc_valid_until: string | null;
}

/** The objects of the ids with what the export shows and the facts core's scope reads; in id order. */
async function assetDetails(db: Executor, scope: FinancePartnerScope, ids: readonly number[]): Promise<ExportAsset[]> {
  if (ids.length === 0) return [];
  const list = sql.join(ids.map((id) => sql`${id}`));
  const [rows, classes, grants] = await Promise.all([
    sql<DetailRow>`
      select a.id, a.name, g.name as group_name, o.id as owner_id, o.name as owner_name, o.is_buyer as owner_is_buyer,
             o.finance_partner_organisation_id as owner_finance_partner, a.is_buyer_asset, a.country, a.zip, a.city, a.street,
             a.street_number, a.construction_year, a.renovation_year, a.asset_total_area, q.version_label, aq.state,
             aq.reporting_year, aq.ecore_score, aq.finance_score, a.epc_class, a.epc_type, a.epc_primary_energy_demand,
             a.epc_final_energy_demand, a.epc_registration_number, to_char(a.epc_issued_at, 'YYYY-MM-DD') as epc_issued_at,
             to_char(a.epc_valid_until, 'YYYY-MM-DD') as epc_valid_until
        from assets a
        join asset_groups g on g.id = a.asset_group_id
        join organisations o on o.id = a.organisation_id
        left join asset_questionnaires aq on aq.id = a.latest_questionnaire_id
        left join questionnaires q on q.id = aq.questionnaire_id
       where a.id in (${list})
       order by a.id`.execute(db),
    sql<{ asset_id: number; identifier: string; percentage: number }>`
      select aat.asset_id, t.identifier, aat.percentage from asset_asset_types aat join asset_types t on t.id = aat.asset_type_id
       where aat.asset_id in (${list}) order by aat.asset_id, aat.position`.execute(db),
    sql<{ asset_id: number; id: number; is_buyer: boolean; finance_partner_organisation_id: number | null }>`
      select g.asset_id, o.id, o.is_buyer, o.finance_partner_organisation_id from asset_access_grants g join organisations o on o.id = g.organisation_id
       where g.asset_id in (${list})`.execute(db),
  ]);
  const classesOf = new Map<number, { identifier: string; percentage: number }[]>();
  for (const c of classes.rows) classesOf.set(c.asset_id, [...(classesOf.get(c.asset_id) ?? []), { identifier: c.identifier, percentage: Number(c.percentage) }]);
  const grantsOf = new Map<number, ExportAssetFacts['grantedTo'][number][]>();
  for (const g of grants.rows) grantsOf.set(g.asset_id, [...(grantsOf.get(g.asset_id) ?? []), { id: g.id, isBuyer: g.is_buyer, financePartnerId: g.finance_partner_organisation_id }]);
  const out: ExportAsset[] = [];
  for (const r of rows.rows) {
    const reach = exportReach(scope, {
      owner: { id: r.owner_id, isBuyer: r.owner_is_buyer, financePartnerId: r.owner_finance_partner },
      isBuyerAsset: r.is_buyer_asset,
      grantedTo: grantsOf.get(r.id) ?? [],
    });
    if (reach === null) continue;
    out.push({
      assetId: r.id,
      name: r.name,
      groupName: r.group_name,
      ownerName: r.owner_name,
      reach,
      country: r.country,
      zip: r.zip,
      city: r.city,
      street: r.street,
      streetNumber: r.street_number,
      constructionYear: r.construction_year,
      renovationYear: r.renovation_year,
      assetTotalArea: Number(r.asset_total_area),
      assetClasses: classesOf.get(r.id) ?? [],
      questionnaireVersion: r.version_label,
      state: r.state,
      reportingYear: r.reporting_year,
      ecoreScore: r.ecore_score === null ? null : Number(r.ecore_score),
      financeScore: r.finance_score === null ? null : Number(r.finance_score),
      epcClass: r.epc_class,
      epcType: r.epc_type,
      epcPrimaryEnergyDemand: r.epc_primary_energy_demand === null ? null : Number(r.epc_primary_energy_demand),
      epcFinalEnergyDemand: r.epc_final_energy_demand === null ? null : Number(r.epc_final_energy_demand),
      epcRegistrationNumber: r.epc_registration_number,
      epcIssuedAt: r.epc_issued_at,
      epcValidUntil: r.epc_valid_until,
    });
  }
  return out;
}

export interface ExportableAssetsFilter {
  page: number;
  pageSize: number;
  search?: string;
  assetGroupId?: number;
}

/** The objects a finance partner may export, paged in the database (the `object` tab and a group's subset). */
export async function listExportableAssets(db: Executor, scope: FinancePartnerScope, filter: ExportableAssetsFilter): Promise<{ items: ExportAsset[]; total: number }> {
  const conditions = [inScope(scope, A)];
  if (filter.search) conditions.push(sql<SqlBool>`lower(a.name) like ${searchPattern(filter.search)}`);
  if (filter.assetGroupId !== undefined) conditions.push(sql<SqlBool>`a.asset_group_id = ${filter.assetGroupId}`);
  const where = sql.join(conditions, sql` and `);
  const rows = await sql<{ id: number; total: string | number }>`
    select a.id, count(*) over () as total from assets a where ${where}
     order by lower(a.name), a.id limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`.execute(db);
  const total = rows.rows.length > 0 ? Number(rows.rows[0]!.total) : Number((await sql<{ n: string | number }>`select count(*) as n from assets a where ${where}`.execute(db)).rows[0]?.n ?? 0);
  const details = new Map((await assetDetails(db, scope, rows.rows.map((r) => r.id))).map((d) => [d.assetId, d]));
  return { items: rows.rows.flatMap((r) => details.get(r.id) ?? []), total };
}

export interface ExportableGroup {
  id: number;
  name: string;
  ownerName: string;
  assetCount: number;
}

/** The groups holding an object the finance partner may export, with the count of those objects, paged. */
export async function listExportableGroups(db: Executor, scope: FinancePartnerScope, filter: { page: number; pageSize: number; search?: string }): Promise<{ items: ExportableGroup[]; total: number }> {
  const search = filter.search ? sql<SqlBool>`lower(g.name) like ${searchPattern(filter.search)}` : sql<SqlBool>`true`;
  const rows = await sql<{ id: number; name: string; owner_name: string; asset_count: string | number; total: string | number }>`
    select g.id, g.name, o.name as owner_name, count(a.id) as asset_count, count(*) over () as total
      from asset_groups g
      join organisations o on o.id = g.organisation_id
      join assets a on a.asset_group_id = g.id and ${inScope(scope, A)}
     where ${search}
     group by g.id, g.name, o.name
     order by lower(g.name), g.id limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`.execute(db);
  let total = rows.rows.length > 0 ? Number(rows.rows[0]!.total) : 0;
  if (rows.rows.length === 0 && filter.page > 1) {
    total = Number((await sql<{ n: string | number }>`select count(distinct g.id) as n from asset_groups g join assets a on a.asset_group_id = g.id and ${inScope(scope, A)} where ${search}`.execute(db)).rows[0]?.n ?? 0);
  }
  return { items: rows.rows.map((r) => ({ id: r.id, name: r.name, ownerName: r.owner_name, assetCount: Number(r.asset_count) })), total };
}

/** The group's name and the ids of its objects in the scope (empty: nothing of the group is the partner's). */
export async function exportableGroup(db: Executor, scope: FinancePartnerScope, groupId: number): Promise<{ name: string; assetIds: number[] } | null> {
  const group = await db.selectFrom('asset_groups').select('name').where('id', '=', groupId).executeTakeFirst();
  if (!group) return null;
  const ids = await sql<{ id: number }>`select a.id from assets a where a.asset_group_id = ${groupId} and ${inScope(scope, A)} order by a.id`.execute(db);
  return { name: group.name, assetIds: ids.rows.map((r) => r.id) };
}

/** Is this one object in the scope (core decides on the loaded facts)? */
export async function findExportableAsset(db: Executor, scope: FinancePartnerScope, assetId: number): Promise<ExportAsset | null> {
  return (await assetDetails(db, scope, [assetId]))[0] ?? null;
}

/**
 * The objects of the scope (restricted to `assetIds` when given) in batches, read by keyset on the id, so that an
 * export of 10 000 objects never holds more than one batch.
 */
export async function* exportAssetBatches(db: Executor, scope: FinancePartnerScope, options: { assetIds?: readonly number[]; batchSize?: number } = {}): AsyncGenerator<ExportAsset[]> {
  const size = options.batchSize ?? 1000;
  if (options.assetIds) {
    for (let i = 0; i < options.assetIds.length; i += size) yield await assetDetails(db, scope, options.assetIds.slice(i, i + size));
    return;
  }
  let after = 0;
  for (;;) {
    const ids = await sql<{ id: number }>`select a.id from assets a where a.id > ${after} and ${inScope(scope, A)} order by a.id limit ${size}`.execute(db);
    if (ids.rows.length === 0) return;
    after = ids.rows.at(-1)!.id;
    yield await assetDetails(db, scope, ids.rows.map((r) => r.id));
    if (ids.rows.length < size) return;
  }
}

/**
 * The finance partner's buyer organisations with their objects (own buyer assets and objects granted to them), one
 * row per organisation and object, a buyer without objects once; batches by keyset on (organisation, object).
 */
export async function* exportCustomerBatches(db: Executor, scope: FinancePartnerScope, batchSize = 1000): AsyncGenerator<ExportCustomer[]> {
  let after: [number, number] = [0, -1];
  for (;;) {
    const rows = await sql<{ org_id: number; name: string; street: string; number: string; zip: string; city: string; country: string; asset_id: number }>`
      with buyers as (
        select id, name, street, number, zip, city, country from organisations
         where is_buyer and finance_partner_organisation_id = ${scope.financePartnerId} and deleted_at is null),
      links as (
        select a.organisation_id as org_id, a.id as asset_id from assets a join buyers b on b.id = a.organisation_id where a.is_buyer_asset
        union
        select g.organisation_id, g.asset_id from asset_access_grants g join buyers b on b.id = g.organisation_id)
      select b.id as org_id, b.name, b.street, b.number, b.zip, b.city, b.country, coalesce(l.asset_id, 0) as asset_id
        from buyers b left join links l on l.org_id = b.id
       where (b.id, coalesce(l.asset_id, 0)) > (${after[0]}, ${after[1]})
       order by b.id, coalesce(l.asset_id, 0) limit ${batchSize}`.execute(db);
    if (rows.rows.length === 0) return;
    const last = rows.rows.at(-1)!;
    after = [last.org_id, last.asset_id];
    const details = new Map((await assetDetails(db, scope, [...new Set(rows.rows.filter((r) => r.asset_id !== 0).map((r) => r.asset_id))])).map((d) => [d.assetId, d]));
    yield rows.rows.map((r) => ({
      organisationId: r.org_id,
      organisationName: r.name,
      organisationStreet: `${r.street} ${r.number}`.trim(),
      organisationZip: r.zip,
      organisationCity: r.city,
      organisationCountry: r.country,
      asset: r.asset_id === 0 ? null : (details.get(r.asset_id) ?? null),
    }));
    if (rows.rows.length < batchSize) return;
  }
}
