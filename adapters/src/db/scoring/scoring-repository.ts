import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { AssetClassShare } from '@ecore/core/assets/asset-class-shares.ts';
import { SCORING_RULES_VERSION, type ScoreSummary } from '@ecore/core/scoring/score.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** What scoring reads of a filled questionnaire and its object (docs/scoring.md "Left for the server"). */
export interface ScoringSubject {
  assetQuestionnaireId: number;
  questionnaireId: number;
  state: string;
  reportingYear: number;
  assetId: number;
  assetName: string;
  country: string;
  /** The object's gross floor area (BGF). */
  area: number;
  assetAssetTypes: AssetClassShare[];
  ecoreScore: number | null;
  financeScore: number | null;
  /** What the group's results read of the stored score (migration 045); null where not stored yet. */
  scoreSummary: ScoreSummary | null;
}

/** The answer fields scoring reads (core `ScoringAnswer`). */
export interface ScoringAnswerRow {
  questionId: number;
  inputAnswer: number | null;
  multipleChoiceOption: number[];
}

const subjectQuery = (db: Executor) =>
  db
    .selectFrom('asset_questionnaires as aq')
    .innerJoin('assets', 'assets.id', 'aq.asset_id')
    .select([
      'aq.id',
      'aq.questionnaire_id',
      'aq.state',
      'aq.reporting_year',
      'aq.ecore_score',
      'aq.finance_score',
      'aq.score_summary',
      'assets.id as asset_id',
      'assets.name',
      'assets.country',
      'assets.asset_total_area',
      sql<AssetClassShare[]>`coalesce((select json_agg(json_build_object('assetTypeId', t.asset_type_id, 'percentage', t.percentage) order by t.position)
        from asset_asset_types t where t.asset_id = assets.id), '[]'::json)`.as('shares'),
    ]);

type SubjectRow = Awaited<ReturnType<ReturnType<typeof subjectQuery>['execute']>>[number];

const toSubject = (r: SubjectRow): ScoringSubject => ({
  assetQuestionnaireId: r.id,
  questionnaireId: r.questionnaire_id,
  state: r.state,
  reportingYear: r.reporting_year,
  assetId: r.asset_id,
  assetName: r.name,
  country: r.country,
  area: r.asset_total_area,
  assetAssetTypes: r.shares,
  ecoreScore: r.ecore_score,
  financeScore: r.finance_score,
  // PGlite and pg both answer jsonb parsed; a driver that answers text is read too.
  scoreSummary: (typeof r.score_summary === 'string' ? JSON.parse(r.score_summary) : (r.score_summary ?? null)) as ScoreSummary | null,
});

/** The latest filled questionnaire of each object of a group, with what scoring reads of the object (one statement). */
export async function latestScoringSubjectsOfGroup(db: Executor, groupId: number): Promise<ScoringSubject[]> {
  const rows = await subjectQuery(db).where('assets.asset_group_id', '=', groupId).whereRef('assets.latest_questionnaire_id', '=', 'aq.id').orderBy('assets.id').execute();
  return rows.map(toSubject);
}

/**
 * Filled questionnaires to score again (one statement): those whose state is not among `keptStates` (core decides
 * which keep their score); with `onlyUnscored` only those never scored or scored under another version of the rules, with `latestOfAsset` only an object's latest; at most `limit` (by id).
 */
export async function scoringSubjects(db: Executor, filter: { keptStates: readonly string[]; onlyUnscored?: boolean; latestOfAsset?: number; limit?: number }): Promise<ScoringSubject[]> {
  let query = subjectQuery(db);
  if (filter.latestOfAsset !== undefined) query = query.where('assets.id', '=', filter.latestOfAsset).whereRef('assets.latest_questionnaire_id', '=', 'aq.id');
  if (filter.keptStates.length > 0) query = query.where('aq.state', 'not in', [...filter.keptStates]);
  // Never scored, scored before summaries were stored (migration 045), or under another version of the scoring rules.
  if (filter.onlyUnscored) {
    query = query.where((eb) =>
      eb.or([eb('aq.score_stamp', 'is', null), eb('aq.score_summary', 'is', null), eb('aq.score_rules_version', 'is', null), eb('aq.score_rules_version', '!=', SCORING_RULES_VERSION)]),
    );
  }
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return (await query.orderBy('aq.id').execute()).map(toSubject);
}

/**
 * The answers (not cleared) of filled questionnaires, by filled questionnaire, in one statement: one row per
 * questionnaire with its answers as a JSON array (a group of 1 000 objects has some 75 000 answers; decoding them as
 * rows costs several times what parsing them as JSON does).
 */
export async function scoringAnswersOf(db: Executor, assetQuestionnaireIds: readonly number[]): Promise<Map<number, ScoringAnswerRow[]>> {
  const byQuestionnaire = new Map<number, ScoringAnswerRow[]>(assetQuestionnaireIds.map((id) => [id, []]));
  if (assetQuestionnaireIds.length === 0) return byQuestionnaire;
  const rows = await db
    .selectFrom('asset_answers')
    .select(['asset_questionnaire_id', sql<string>`json_agg(json_build_array(question_id, input_answer, option_ids) order by id)::text`.as('answers')])
    .where(sql<SqlBool>`asset_questionnaire_id = any(${[...assetQuestionnaireIds]}::int[])`)
    .where('state', 'is not', null)
    .groupBy('asset_questionnaire_id')
    .execute();
  for (const r of rows) {
    const answers = JSON.parse(r.answers) as [number, number | null, number[]][];
    byQuestionnaire.set(
      r.asset_questionnaire_id,
      answers.map(([questionId, inputAnswer, multipleChoiceOption]) => ({ questionId, inputAnswer, multipleChoiceOption })),
    );
  }
  return byQuestionnaire;
}

/**
 * The figures given (value answers not cleared) of filled questionnaires with where each comes from, by filled
 * questionnaire, in one statement (a group's data quality).
 */
export async function figuresWithProvenanceOf(db: Executor, assetQuestionnaireIds: readonly number[]): Promise<Map<number, { questionId: number; inputAnswer: number; provenance: string | null }[]>> {
  const byQuestionnaire = new Map<number, { questionId: number; inputAnswer: number; provenance: string | null }[]>(assetQuestionnaireIds.map((id) => [id, []]));
  if (assetQuestionnaireIds.length === 0) return byQuestionnaire;
  const rows = await db
    .selectFrom('asset_answers')
    .select(['asset_questionnaire_id', sql<string>`json_agg(json_build_array(question_id, input_answer, provenance) order by id)::text`.as('figures')])
    .where(sql<SqlBool>`asset_questionnaire_id = any(${[...assetQuestionnaireIds]}::int[])`)
    .where('state', 'is not', null)
    .where('input_answer', 'is not', null)
    .groupBy('asset_questionnaire_id')
    .execute();
  for (const r of rows) {
    const figures = JSON.parse(r.figures) as [number, number, string | null][];
    byQuestionnaire.set(r.asset_questionnaire_id, figures.map(([questionId, inputAnswer, provenance]) => ({ questionId, inputAnswer, provenance })));
  }
  return byQuestionnaire;
}

/** Stores computed scores on their filled questionnaires (one statement for any number). */
export async function writeScores(
  db: Executor,
  scores: readonly { assetQuestionnaireId: number; ecore: number | null; finance: number | null; summary: ScoreSummary }[],
  at: Date,
  /** The questionnaire's progress counted with the same answers (one save): written in the same statement. */
  progress?: { answered: number; total: number },
): Promise<void> {
  if (scores.length === 0) return;
  if (progress && scores.length !== 1) throw new Error('writeScores: a progress belongs to one questionnaire');
  const ids = scores.map((s) => s.assetQuestionnaireId);
  const ecore = scores.map((s) => s.ecore);
  const finance = scores.map((s) => s.finance);
  const summaries = scores.map((s) => JSON.stringify(s.summary));
  const counted = progress ? sql`, answered_count = ${progress.answered}, total_count = ${progress.total}` : sql``;
  await sql`update asset_questionnaires as aq
    set ecore_score = v.ecore, finance_score = v.finance, score_summary = v.summary::json, score_stamp = ${at}, score_rules_version = ${SCORING_RULES_VERSION}::int${counted}
    from (select unnest(${ids}::int[]) as id, unnest(${ecore}::float8[]) as ecore, unnest(${finance}::float8[]) as finance, unnest(${summaries}::text[]) as summary) as v
    where aq.id = v.id`.execute(db);
}
