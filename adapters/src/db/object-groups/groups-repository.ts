import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { EVALUATOR_GROUP_STATES, INTERNAL_CHECK_GROUP_STATES } from '@ecore/core/assets/asset-access.ts';
import type { AssetGrant, GroupScope } from '@ecore/core/assets/asset-access.ts';
import { classSharesFromAreas } from '@ecore/core/assets/asset-class-shares.ts';
import { assetTypeById } from '@ecore/core/assets/asset-classes.ts';
import type { DB } from '../schema.ts';
import { searchPattern } from '../search.ts';
import { countAndPage, visibleAssetsCondition, type CountCache } from '../assets/assets-repository.ts';

type Executor = Kysely<DB>;

export interface GroupView {
  id: number;
  name: string;
  organisationId: number;
  organisationName: string;
  status: string;
  score: number | null;
  testerUserId: number | null;
  tester: { firstName: string; lastName: string } | null;
  assets: GroupAsset[];
  /** All visible objects of the group; `assets` lists the first EXPANDED_ASSETS_PER_GROUP of them. */
  assetCount: number;
  assetClassPercentages: { assetClassIdentifier: string; percentage: number }[];
  /** Each listed object's gross floor area (BGF) and stored score, by object id: the group score is core's to compute from them (issue 15). */
  scoredAssets: { assetId: number; area: number; score: number | null }[];
}

const scopeCondition = (scope: GroupScope) => {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'none':
      return sql<SqlBool>`false`;
    case 'organisation':
      if (scope.groupIds === null) return sql<SqlBool>`asset_groups.organisation_id = ${scope.orgId}`;
      if (scope.groupIds.length === 0) return sql<SqlBool>`false`;
      return sql<SqlBool>`(asset_groups.organisation_id = ${scope.orgId} and asset_groups.id in (${sql.join(scope.groupIds)}))`;
    case 'jobs': {
      const parts = [];
      if (scope.testerUserId !== null) parts.push(sql<SqlBool>`asset_groups.tester_user_id = ${scope.testerUserId}`);
      if (scope.evaluator) parts.push(sql<SqlBool>`asset_groups.status in (${sql.join([...EVALUATOR_GROUP_STATES])})`);
      if (scope.internalCheckOrgId !== null) {
        parts.push(sql<SqlBool>`(asset_groups.organisation_id = ${scope.internalCheckOrgId} and asset_groups.status in (${sql.join([...INTERNAL_CHECK_GROUP_STATES])}))`);
      }
      return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
    }
  }
};

const groupQuery = (db: Executor) =>
  db
    .selectFrom('asset_groups')
    .innerJoin('organisations', 'organisations.id', 'asset_groups.organisation_id')
    .leftJoin('users as tester', 'tester.id', 'asset_groups.tester_user_id')
    .select([
      'asset_groups.id',
      'asset_groups.name',
      'asset_groups.organisation_id',
      'asset_groups.status',
      'asset_groups.tester_user_id',
      'organisations.name as organisation_name',
      'tester.first_name as tester_first_name',
      'tester.last_name as tester_last_name',
    ]);

/** A group row expands to at most this many objects; larger groups say how many there are in all. */
export const EXPANDED_ASSETS_PER_GROUP = 1000;

/** The groups' objects the grants cover (the first ones by name), their count and the area-weighted class mix. */
async function membersOfGroups(db: Executor, groupIds: number[], grants: readonly AssetGrant[]) {
  const members = new Map<number, GroupAsset[]>();
  const scored = new Map<number, { assetId: number; area: number; score: number | null }[]>();
  const counts = new Map<number, number>();
  const areas = new Map<number, Map<number, number>>();
  if (groupIds.length === 0) return { members, counts, areas, scored };
  const visible = visibleAssetsCondition(grants);
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('assets')
        .select([
          'assets.id',
          'assets.name',
          'assets.asset_group_id',
          'assets.is_buyer_asset',
          'assets.construction_year',
          'assets.renovation_year',
          'assets.questionnaire_state',
          'assets.latest_questionnaire_id',
          'assets.asset_total_area',
          sql<number | null>`(select aq.ecore_score from asset_questionnaires aq where aq.id = assets.latest_questionnaire_id)`.as('ecore_score'),
          sql<number>`row_number() over (partition by assets.asset_group_id order by lower(assets.name), assets.id)`.as('n'),
          sql<number>`(count(*) over (partition by assets.asset_group_id))::int`.as('total'),
        ])
        .where('assets.asset_group_id', 'in', groupIds)
        .where(visible)
        .as('ranked'),
    )
    .selectAll()
    .where('n', '<=', EXPANDED_ASSETS_PER_GROUP)
    .orderBy('asset_group_id')
    .orderBy('n')
    .execute();
  for (const r of rows) {
    counts.set(r.asset_group_id, Number(r.total));
    members.set(r.asset_group_id, [
      ...(members.get(r.asset_group_id) ?? []),
      { assetId: r.id, name: r.name, isBuyerAsset: r.is_buyer_asset, state: r.questionnaire_state, questionnaireId: r.latest_questionnaire_id, score: r.ecore_score, constructionYear: r.construction_year, renovationYear: r.renovation_year },
    ]);
    scored.set(r.asset_group_id, [...(scored.get(r.asset_group_id) ?? []), { assetId: r.id, area: r.asset_total_area, score: r.ecore_score }]);
  }
  const mix = await db
    .selectFrom('assets')
    .innerJoin('asset_asset_types', 'asset_asset_types.asset_id', 'assets.id')
    .select(['assets.asset_group_id', 'asset_asset_types.asset_type_id', sql<number>`sum(assets.asset_total_area * asset_asset_types.percentage / 100.0)`.as('area')])
    .where('assets.asset_group_id', 'in', groupIds)
    .where(visible)
    .groupBy(['assets.asset_group_id', 'asset_asset_types.asset_type_id'])
    .execute();
  for (const m of mix) areas.set(m.asset_group_id, new Map([...(areas.get(m.asset_group_id) ?? new Map<number, number>()), [m.asset_type_id, Number(m.area)]]));
  return { members, counts, areas, scored };
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupQuery>['execute']>>[number];

const toViews = async (db: Executor, rows: GroupRow[], grants: readonly AssetGrant[]): Promise<GroupView[]> => {
  const { members, counts, areas, scored } = await membersOfGroups(db, rows.map((r) => r.id), grants);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    organisationId: r.organisation_id,
    organisationName: r.organisation_name,
    status: r.status,
    score: null,
    testerUserId: r.tester_user_id,
    tester: r.tester_first_name ? { firstName: r.tester_first_name, lastName: r.tester_last_name ?? '' } : null,
    assets: members.get(r.id) ?? [],
    assetCount: counts.get(r.id) ?? 0,
    assetClassPercentages: classSharesFromAreas(areas.get(r.id) ?? new Map()).map((s) => ({
      assetClassIdentifier: assetTypeById(s.assetTypeId)?.assetClassIdentifier ?? String(s.assetTypeId),
      percentage: s.percentage,
    })),
    scoredAssets: scored.get(r.id) ?? [],
  }));
};

export async function listGroups(
  db: Executor,
  filter: { scope: GroupScope; grants: readonly AssetGrant[]; search?: string | undefined; page: number; pageSize: number; counts?: CountCache | undefined },
): Promise<{ items: GroupView[]; total: number }> {
  let query = groupQuery(db).where(scopeCondition(filter.scope));
  if (filter.search) {
    const pattern = searchPattern(filter.search);
    query = query.where(sql<SqlBool>`lower(asset_groups.name || ' ' || organisations.name) like ${pattern}`);
  }
  const { total, rows } = await countAndPage(
    db,
    query.clearSelect().select(sql<number>`count(*)::int`.as('total')),
    query.select(sql<string>`lower(asset_groups.name)`.as('sort_key')).orderBy(sql`lower(asset_groups.name)`).orderBy('asset_groups.id'),
    filter,
  );
  return { items: await toViews(db, rows, filter.grants), total };
}

export async function findGroup(db: Executor, id: number, scope: GroupScope, grants: readonly AssetGrant[]): Promise<GroupView | null> {
  const rows = await groupQuery(db).where('asset_groups.id', '=', id).where(scopeCondition(scope)).execute();
  return rows.length ? ((await toViews(db, rows, grants))[0] ?? null) : null;
}

/** Groups in scope for the object form's select (no paging: an organisation has tens of groups, not thousands). */
export async function groupOptions(db: Executor, scope: GroupScope) {
  const rows = await groupQuery(db).where(scopeCondition(scope)).orderBy(sql`lower(asset_groups.name)`).limit(5000).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, organisationId: r.organisation_id, organisationName: r.organisation_name }));
}

export async function insertGroup(db: Executor, values: { name: string; organisationId: number }): Promise<number> {
  const row = await db.insertInto('asset_groups').values({ name: values.name, organisation_id: values.organisationId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(db: Executor, id: number, values: { name: string; organisationId: number }): Promise<void> {
  await db
    .updateTable('asset_groups')
    .set((eb) => ({ name: values.name, organisation_id: values.organisationId, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}

export async function countGroupAssets(db: Executor, groupId: number): Promise<number> {
  const { n } = await db.selectFrom('assets').select(sql<number>`count(*)::int`.as('n')).where('asset_group_id', '=', groupId).executeTakeFirstOrThrow();
  return Number(n);
}

export async function deleteGroup(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('asset_groups').where('id', '=', id).execute();
}

/** Moving a group to another organisation moves its objects along. */
export async function moveGroupAssets(db: Executor, groupId: number, organisationId: number): Promise<void> {
  await db.updateTable('assets').set({ organisation_id: organisationId }).where('asset_group_id', '=', groupId).execute();
}
