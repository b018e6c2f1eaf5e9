import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AssetGrant } from '@ecore/core/assets/asset-access.ts';
import type { AssetClassShare } from '@ecore/core/assets/asset-class-shares.ts';
import type { AnalysisObject, PeerScore, VerifiedQuestionnaire } from '@ecore/core/analysis/dashboard.ts';
import type { DB } from '../schema.ts';
import { visibleAssetsCondition } from '../assets/assets-repository.ts';

/** An object of the dashboard with its latest filled questionnaire (what scoring needs to read its answers). */
export interface AnalysisObjectRow extends AnalysisObject {
  latest: { assetQuestionnaireId: number; questionnaireId: number; reportingYear: number } | null;
}

const shares = sql<AssetClassShare[]>`coalesce((select json_agg(json_build_object('assetTypeId', t.asset_type_id, 'percentage', t.percentage) order by t.position)
  from asset_asset_types t where t.asset_id = assets.id), '[]'::json)`;

/**
 * The objects of a group, or one object, that the grants let the caller see, each with its latest filled
 * questionnaire and stored scores (one statement whatever their number).
 */
export async function analysisObjects(db: Kysely<DB>, of: { groupId: number } | { assetId: number }, grants: readonly AssetGrant[]): Promise<AnalysisObjectRow[]> {
  const rows = await db
    .selectFrom('assets')
    .leftJoin('asset_questionnaires as aq', 'aq.id', 'assets.latest_questionnaire_id')
    .select([
      'assets.id',
      'assets.name',
      'assets.city',
      'assets.country',
      'assets.feature_quality',
      'assets.construction_year',
      'assets.asset_total_area',
      'aq.id as aq_id',
      'aq.questionnaire_id',
      'aq.reporting_year',
      'aq.state',
      'aq.ecore_score',
      'aq.finance_score',
      shares.as('shares'),
    ])
    .where('groupId' in of ? sql<SqlBool>`assets.asset_group_id = ${of.groupId}` : sql<SqlBool>`assets.id = ${of.assetId}`)
    .where(visibleAssetsCondition(grants))
    .orderBy('assets.id')
    .execute();
  return rows.map((r) => ({
    assetId: r.id,
    name: r.name,
    city: r.city,
    country: r.country,
    assetAssetTypes: r.shares,
    quality: r.feature_quality,
    constructionYear: r.construction_year,
    area: r.asset_total_area,
    state: r.state,
    ecore: r.ecore_score,
    finance: r.finance_score,
    latest: r.aq_id === null || r.questionnaire_id === null || r.reporting_year === null ? null : { assetQuestionnaireId: r.aq_id, questionnaireId: r.questionnaire_id, reportingYear: r.reporting_year },
  }));
}

/** Every filled questionnaire of the objects in one of the given states (core: the verified ones), in one statement. */
export async function questionnairesInStates(db: Kysely<DB>, assetIds: readonly number[], states: readonly string[]): Promise<VerifiedQuestionnaire[]> {
  if (assetIds.length === 0 || states.length === 0) return [];
  const rows = await db
    .selectFrom('asset_questionnaires as aq')
    .innerJoin('assets', 'assets.id', 'aq.asset_id')
    .select(['aq.id', 'aq.asset_id', 'aq.reporting_year', 'aq.ecore_score', 'assets.asset_total_area'])
    .where(sql<SqlBool>`aq.asset_id = any(${[...assetIds]}::int[])`)
    .where('aq.state', 'in', [...states])
    .orderBy('aq.id')
    .execute();
  return rows.map((r) => ({ assetQuestionnaireId: r.id, assetId: r.asset_id, reportingYear: r.reporting_year, ecore: r.ecore_score, area: r.asset_total_area }));
}

/**
 * The peers: objects of every organisation whose latest filled questionnaire has a stored ECORE score and that
 * have one of the given asset classes (scores, countries and shares only; never names), in one statement.
 */
export async function peerScores(db: Kysely<DB>, assetTypeIds: readonly number[]): Promise<PeerScore[]> {
  if (assetTypeIds.length === 0) return [];
  const rows = await db
    .selectFrom('assets')
    .innerJoin('asset_questionnaires as aq', 'aq.id', 'assets.latest_questionnaire_id')
    .select(['assets.id', 'assets.country', 'aq.ecore_score', shares.as('shares')])
    .where('aq.ecore_score', 'is not', null)
    .where(sql<SqlBool>`exists (select 1 from asset_asset_types t where t.asset_id = assets.id and t.asset_type_id = any(${[...assetTypeIds]}::int[]))`)
    .execute();
  return rows.flatMap((r) => (r.ecore_score === null ? [] : [{ assetId: r.id, country: r.country, assetAssetTypes: r.shares, ecore: r.ecore_score }]));
}
