import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, type Selectable } from 'kysely';
import { INTERNAL_CHECK_STATES, type AssetGrant } from '@ecore/core/assets/asset-access.ts';
import type { AssetBody, AssetView } from '@ecore/core/assets/object.ts';
import type { EpcFields } from '@ecore/core/banks/epc.ts';
import type { DB } from '../schema.ts';
import { searchPattern } from '../search.ts';
import type { AssetTable } from './tables.ts';

type Executor = Kysely<DB>;

const ids = (list: readonly number[]) => (list.length === 0 ? sql<SqlBool>`false` : null);

/** The SQL condition of one visibility grant (core decides the grants; this only translates them). */
const grantCondition = (grant: AssetGrant): Expression<SqlBool> => {
  switch (grant.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'organisation': {
      const parts = [sql`assets.organisation_id = ${grant.orgId}`];
      if (grant.buyerAssets !== null) parts.push(sql`assets.is_buyer_asset = ${grant.buyerAssets}`);
      if (grant.groupIds !== null) parts.push(ids(grant.groupIds) ?? sql`assets.asset_group_id in (${sql.join(grant.groupIds)})`);
      if (grant.assetIds !== null) parts.push(ids(grant.assetIds) ?? sql`assets.id in (${sql.join(grant.assetIds)})`);
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
    case 'granted':
      return sql<SqlBool>`exists (select 1 from asset_access_grants g where g.asset_id = assets.id and g.organisation_id = ${grant.orgId})`;
    case 'assignedTester':
      return sql<SqlBool>`assets.tester_user_id = ${grant.userId}`;
    case 'inEvaluation':
      return sql<SqlBool>`assets.questionnaire_state = 'Evaluation'`;
    case 'internalCheck':
      return sql<SqlBool>`(assets.organisation_id = ${grant.orgId} and assets.questionnaire_state in (${sql.join([...INTERNAL_CHECK_STATES])}))`;
    case 'closedBy':
      // Closing is the audit row of the change to Closed (its own or its group's acceptance), with the user who made it.
      return sql<SqlBool>`exists (select 1 from asset_questionnaires q join asset_questionnaire_transitions t on t.asset_questionnaire_id = q.id
        where q.asset_id = assets.id and t.to_state = 'Closed' and t.user_id = ${grant.userId})`;
  }
};

export const visibleAssetsCondition = (grants: readonly AssetGrant[]): Expression<SqlBool> =>
  grants.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(grants.map(grantCondition), sql` or `)})`;

const dateText = (value: Date | string | null): string | null => {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  // A date column read as a local-midnight Date: format it in local time so the day does not shift.
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

type AssetRow = Selectable<AssetTable> & {
  organisation_name: string;
  group_name: string;
  group_organisation_name: string;
  creator: string | null;
  tester_name: string | null;
  questionnaire_version: string | null;
  answered_count: number | null;
  total_count: number | null;
  ecore_score: number | null;
};

/** An object's fields as its form has them (the object view and the import's comparison share them). */
export const assetFormFields = (row: Selectable<AssetTable>, shares: { assetTypeId: number; percentage: number }[]) => ({
  objectName: row.name,
  externalId: row.external_id ?? null,
  isBuyerAsset: row.is_buyer_asset,
  country: row.country,
  city: row.city,
  zip: row.zip,
  street: row.street,
  streetNumber: row.street_number,
  constructionYear: row.construction_year,
  renovationYear: row.renovation_year,
  featureQuality: row.feature_quality as AssetView['featureQuality'],
  assetTotalArea: row.asset_total_area,
  usableArea: row.usable_area,
  rentingPeople: row.renting_people,
  historicProtection: row.historic_protection as AssetView['historicProtection'],
  ipms2: row.ipms2,
  conditionsAndEnvironmentGoals: row.conditions_and_environment_goals as AssetView['conditionsAndEnvironmentGoals'],
  conditionedArea: row.conditioned_area,
  projectCharacteristics: row.project_characteristics as AssetView['projectCharacteristics'],
  projectStatus: row.project_status as AssetView['projectStatus'],
  determinationStartDate: dateText(row.determination_start_date),
  acceptanceDate: dateText(row.acceptance_date),
  handoverDate: dateText(row.handover_date),
  planningPermissionDate: dateText(row.planning_permission_date),
  netRoomArea: row.net_room_area,
  rentalArea: row.rental_area,
  description: row.description,
  assetAssetTypes: shares,
  ...epcFields(row),
});

/** The certificate's fields of a stored object (DOMAIN.md §11). */
export const epcFields = (row: Selectable<AssetTable>): EpcFields => ({
  epcClass: row.epc_class as EpcFields['epcClass'],
  epcType: row.epc_type as EpcFields['epcType'],
  epcPrimaryEnergyDemand: row.epc_primary_energy_demand,
  epcFinalEnergyDemand: row.epc_final_energy_demand,
  epcRegistrationNumber: row.epc_registration_number,
  epcIssuedAt: dateText(row.epc_issued_at),
  epcValidUntil: dateText(row.epc_valid_until),
  largeNonResidential: row.large_non_residential,
  energyMonitoring: row.energy_monitoring,
});

/** The certificate's columns a save writes: only the fields given (a field left out keeps what is stored). */
const epcColumns = (body: AssetBody) => {
  const given = <T>(value: T | undefined, column: string) => (value === undefined ? {} : { [column]: value });
  return {
    ...given(body.epcClass, 'epc_class'),
    ...given(body.epcType, 'epc_type'),
    ...given(body.epcPrimaryEnergyDemand, 'epc_primary_energy_demand'),
    ...given(body.epcFinalEnergyDemand, 'epc_final_energy_demand'),
    ...given(body.epcRegistrationNumber, 'epc_registration_number'),
    ...given(body.epcIssuedAt, 'epc_issued_at'),
    ...given(body.epcValidUntil, 'epc_valid_until'),
    ...given(body.largeNonResidential, 'large_non_residential'),
    ...given(body.energyMonitoring, 'energy_monitoring'),
  } as Partial<Pick<AssetTable, 'epc_class' | 'epc_type' | 'epc_primary_energy_demand' | 'epc_final_energy_demand' | 'epc_registration_number'>> & {
    epc_issued_at?: string | null;
    epc_valid_until?: string | null;
    large_non_residential?: boolean;
    energy_monitoring?: boolean;
  };
};

const toView = (row: AssetRow, shares: { assetTypeId: number; percentage: number }[], grantedOrganisationIds: number[]): AssetView => ({
  id: row.id,
  version: row.version,
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  ownerCompany: row.group_organisation_name,
  assetGroupName: row.group_name,
  createdAt: row.created_at.toISOString(),
  createdBy: row.creator,
  status: row.questionnaire_state,
  // The latest filled questionnaire's stored ECORE score (issue 15); who may see it is the route's to decide.
  score: row.ecore_score ?? null,
  questionnaireId: row.latest_questionnaire_id,
  questionnaireVersion: row.questionnaire_version,
  progress: row.latest_questionnaire_id === null ? null : { answered: row.answered_count ?? 0, total: row.total_count ?? 0 },
  ...assetFormFields(row, shares),
  assetGroupId: row.asset_group_id,
  testerUserId: row.tester_user_id,
  testerName: row.tester_name,
  grantedOrganisationIds,
});

/**
 * An object with what its views show of its organisations, group, tester, creator and latest filled questionnaire.
 * The names come from scalar subqueries by primary key rather than joins: the same rows (the organisation and group
 * are required references), but a join of eight tables took PostgreSQL 1.8 ms to plan at every read of an object and
 * 0.1 ms to run (`pg_stat_statements` with planning tracked, issue 11); this plans in a fifth of that.
 */
const assetQuery = (db: Executor) =>
  db
    .selectFrom('assets')
    .leftJoin('asset_questionnaires as latest', 'latest.id', 'assets.latest_questionnaire_id')
    .leftJoin('questionnaires as latest_template', 'latest_template.id', 'latest.questionnaire_id')
    .selectAll('assets')
    .select([
      'latest_template.version_label as questionnaire_version',
      sql<string | null>`(select tester.first_name || ' ' || tester.last_name from users tester where tester.id = assets.tester_user_id)`.as('tester_name'),
      'latest.answered_count',
      'latest.total_count',
      'latest.ecore_score',
      sql<string>`(select o.name from organisations o where o.id = assets.organisation_id)`.as('organisation_name'),
      sql<string>`(select g.name from asset_groups g where g.id = assets.asset_group_id)`.as('group_name'),
      sql<string>`(select go.name from asset_groups g join organisations go on go.id = g.organisation_id where g.id = assets.asset_group_id)`.as('group_organisation_name'),
      sql<string | null>`(select creator.first_name || ' ' || creator.last_name from users creator where creator.id = assets.created_by)`.as('creator'),
    ]);

const grantsArray = sql<number[]>`array(select g.organisation_id from asset_access_grants g where g.asset_id = assets.id order by g.organisation_id)`.as('grant_ids');

/** An object with its asset classes and the organisations granted access to it, in one statement. */
export async function findAsset(db: Executor, id: number): Promise<AssetView | null> {
  const row = await assetQuery(db).select([sharesJson, grantsArray]).where('assets.id', '=', id).executeTakeFirst();
  return row ? toView(row, row.shares, row.grant_ids) : null;
}

/**
 * `findAsset` with the id of the object's latest filled questionnaire (the highest id, whatever the object's status
 * column says), in the same statement: what the answering screens read of an object before its questionnaire.
 */
export async function findAssetWithLatestQuestionnaire(db: Executor, id: number): Promise<{ asset: AssetView | null; latestId: number | null }> {
  const latest = sql<number | null>`(select q.id from asset_questionnaires q where q.asset_id = assets.id order by q.id desc limit 1)`.as('latest_id');
  const row = await assetQuery(db).select([sharesJson, grantsArray, latest]).where('assets.id', '=', id).executeTakeFirst();
  return row ? { asset: toView(row, row.shares, row.grant_ids), latestId: row.latest_id } : { asset: null, latestId: null };
}

export interface AssetListFilter {
  grants: readonly AssetGrant[];
  search?: string | undefined;
  assetGroupIds?: readonly number[] | undefined;
  /** The state of the latest filled questionnaire; 'NotStarted' for objects without one. */
  assetState?: string | undefined;
  /** Objects whose current label's last valid day lies within [from, to] (issue 22: "label expires within 90 days"). */
  labelValidUntil?: { from: string; to: string } | undefined;
  /** Objects whose certificate was issued before `today`, is valid after it and at most until `until` (core epcExpiryWindow). */
  epcExpiring?: { today: string; until: string } | undefined;
  page: number;
  pageSize: number;
  counts?: CountCache | undefined;
}

/**
 * One page of the objects the grants cover, searched and filtered in the database. The count and the
 * page's ids come from the assets table alone (its indexes), the joins only for the page's rows, so a
 * list of 100 000 objects costs little more than one of 100.
 */
export async function listAssets(db: Executor, filter: AssetListFilter): Promise<{ items: AssetView[]; total: number }> {
  let base = db.selectFrom('assets').where(visibleAssetsCondition(filter.grants));
  if (filter.assetGroupIds) base = filter.assetGroupIds.length === 0 ? base.where(sql<SqlBool>`false`) : base.where('assets.asset_group_id', 'in', filter.assetGroupIds);
  if (filter.assetState) {
    base = filter.assetState === 'NotStarted' ? base.where('assets.questionnaire_state', 'is', null) : base.where('assets.questionnaire_state', '=', filter.assetState);
  }
  if (filter.labelValidUntil) {
    const { from, to } = filter.labelValidUntil;
    base = base.where(
      sql<SqlBool>`exists (select 1 from certificates c where c.asset_id = assets.id and c.superseded_by is null and c.valid_until between ${from}::date and ${to}::date)`,
    );
  }
  if (filter.epcExpiring) {
    const { today, until } = filter.epcExpiring;
    base = base.where(sql<SqlBool>`assets.epc_issued_at < ${today}::date and assets.epc_valid_until > ${today}::date and assets.epc_valid_until <= ${until}::date`);
  }
  if (filter.search) {
    const pattern = searchPattern(filter.search);
    base = base.where(sql<SqlBool>`(lower(assets.name || ' ' || assets.city || ' ' || assets.street || ' ' || assets.zip) like ${pattern} or cast(assets.id as text) = ${filter.search.trim()})`);
  }
  const { total, rows: page } = await countAndPage(
    db,
    base.select(sql<number>`count(*)::int`.as('total')),
    base.select(['assets.id', sql<string>`lower(assets.name)`.as('sort_key')]).orderBy(sql`lower(assets.name)`).orderBy('assets.id'),
    filter,
  );
  const pageIds = page.map((r) => r.id);
  if (pageIds.length === 0) return { items: [], total };
  const rows = await assetQuery(db).select(sharesJson).where('assets.id', 'in', pageIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: pageIds.flatMap((id) => (byId.has(id) ? [toView(byId.get(id)!, byId.get(id)!.shares, [])] : [])), total };
}

/** An object's asset-class rows as one JSON array, read with the object (no query per object). */
const sharesJson = sql<{ assetTypeId: number; percentage: number }[]>`coalesce((select json_agg(json_build_object('assetTypeId', t.asset_type_id, 'percentage', t.percentage) order by t.position)
  from asset_asset_types t where t.asset_id = assets.id), '[]'::json)`.as('shares');

/** Where a list's exact counts are kept between requests (the server's cache, emptied when objects change). */
export interface CountCache {
  get(key: string, read: () => Promise<number>): Promise<number>;
}

/**
 * A list's exact count and one page of its rows: the page query selects `id` and `sort_key` among its
 * columns and orders by them. With a count cache the count is read only when the cache does not hold it
 * (keyed by the count's SQL and parameters) and the page alone is asked for; without, count and page come in
 * one round trip (the page lateral beside the count). Both read the list's index.
 */
export async function countAndPage<D, T extends keyof D, Row extends { id: number; sort_key: string }>(
  db: Executor,
  count: SelectQueryBuilder<D, T, { total: number }>,
  page: SelectQueryBuilder<D, T, Row>,
  paging: { page: number; pageSize: number; counts?: CountCache | undefined },
): Promise<{ total: number; rows: Row[] }> {
  const paged = page.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
  if (paging.counts) {
    const { sql: text, parameters } = count.compile();
    const [total, rows] = await Promise.all([
      paging.counts.get(JSON.stringify([text, parameters]), async () => Number((await count.executeTakeFirstOrThrow()).total)),
      paged.execute() as Promise<Row[]>,
    ]);
    return { total, rows };
  }
  const rows = (await db
    .selectFrom(count.as('c'))
    .leftJoinLateral(paged.as('p'), (join) => join.onTrue())
    .selectAll('p')
    .select('c.total')
    .orderBy('p.sort_key')
    .orderBy('p.id')
    .execute()) as unknown as (Row & { total: number })[];
  return { total: Number(rows[0]?.total ?? 0), rows: rows.filter((r) => r.id !== null).map(({ total: _t, ...row }) => row as unknown as Row) };
}

const columns = (body: AssetBody) => ({
  name: body.objectName,
  ...(body.externalId === undefined ? {} : { external_id: body.externalId }),
  asset_group_id: body.assetGroupId,
  country: body.country,
  city: body.city,
  zip: body.zip,
  street: body.street,
  street_number: body.streetNumber,
  construction_year: body.constructionYear,
  renovation_year: body.renovationYear,
  feature_quality: body.featureQuality,
  asset_total_area: body.assetTotalArea,
  usable_area: body.usableArea,
  renting_people: body.rentingPeople,
  historic_protection: body.historicProtection,
  ipms2: body.ipms2,
  conditions_and_environment_goals: body.conditionsAndEnvironmentGoals,
  conditioned_area: body.conditionedArea,
  project_characteristics: body.projectCharacteristics,
  project_status: body.projectStatus,
  determination_start_date: body.determinationStartDate,
  acceptance_date: body.acceptanceDate,
  handover_date: body.handoverDate,
  planning_permission_date: body.planningPermissionDate,
  net_room_area: body.netRoomArea,
  rental_area: body.rentalArea,
  description: body.description,
  ...epcColumns(body),
});

async function replaceShares(db: Executor, assetId: number, shares: AssetBody['assetAssetTypes']): Promise<void> {
  await db.deleteFrom('asset_asset_types').where('asset_id', '=', assetId).execute();
  if (shares.length > 0) {
    await db
      .insertInto('asset_asset_types')
      .values(shares.map((s, position) => ({ asset_id: assetId, asset_type_id: s.assetTypeId, percentage: s.percentage, position })))
      .execute();
  }
}

export async function insertAsset(db: Executor, body: AssetBody, owner: { organisationId: number; isBuyerAsset: boolean; createdBy: number }): Promise<number> {
  const row = await db
    .insertInto('assets')
    .values({ ...columns(body), organisation_id: owner.organisationId, is_buyer_asset: owner.isBuyerAsset, created_by: owner.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceShares(db, row.id, body.assetAssetTypes);
  return row.id;
}

/** Saves an object if nobody saved it since `version` was read; answers false for a stale version. */
export async function updateAsset(db: Executor, id: number, version: number, body: AssetBody, organisationId: number): Promise<boolean> {
  const result = await db
    .updateTable('assets')
    .set((eb) => ({ ...columns(body), organisation_id: organisationId, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await replaceShares(db, id, body.assetAssetTypes);
  return true;
}

export async function deleteAsset(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('assets').where('id', '=', id).execute();
}

export async function listAssetTypes(db: Executor) {
  return db.selectFrom('asset_types').selectAll().orderBy('id').execute();
}

/** The object form's columns and the date reading, for the import's batched writes (issue 20). */
export { columns as assetColumns, dateText };
