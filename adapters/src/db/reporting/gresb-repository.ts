import type { Kysely } from 'kysely';
import type { ImportScope } from '@ecore/core/imports/import-access.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

/**
 * The ids of the organisation's objects a GRESB export holds (issue 41): of one group or all, within the access list,
 * in id order. Ids only: the objects themselves are read a batch at a time (`findImportTargets`).
 */
export async function gresbObjectIds(db: Executor, organisationId: number, scope: ImportScope, groupId: number | null): Promise<number[]> {
  let query = db.selectFrom('assets').select('id').where('organisation_id', '=', organisationId);
  if (groupId !== null) query = query.where('asset_group_id', '=', groupId);
  if (scope.groupIds !== null) query = query.where('asset_group_id', 'in', scope.groupIds.length > 0 ? [...scope.groupIds] : [-1]);
  if (scope.assetIds !== null) query = query.where('id', 'in', scope.assetIds.length > 0 ? [...scope.assetIds] : [-1]);
  return (await query.orderBy('id').execute()).map((r) => r.id);
}

/** The filled questionnaire a GRESB row reads: the object's latest of the reporting year (or its latest at all), with its value answers. */
export interface GresbSheet {
  id: number;
  assetId: number;
  questionnaireId: number;
  reportingYear: number;
  answers: { questionId: number; inputAnswer: number | null; provenance?: string | null }[];
}

/** Per object its latest questionnaire of `year` (null: its latest of any year), with its answers: two statements per batch. */
export async function gresbSheets(db: Executor, assetIds: readonly number[], year: number | null): Promise<Map<number, GresbSheet>> {
  const sheets = new Map<number, GresbSheet>();
  if (assetIds.length === 0) return sheets;
  let query = db.selectFrom('asset_questionnaires').select(['id', 'asset_id', 'questionnaire_id', 'reporting_year']).where('asset_id', 'in', [...assetIds]);
  if (year !== null) query = query.where('reporting_year', '=', year);
  for (const q of await query.orderBy('id').execute()) sheets.set(q.asset_id, { id: q.id, assetId: q.asset_id, questionnaireId: q.questionnaire_id, reportingYear: q.reporting_year, answers: [] });
  const byId = new Map([...sheets.values()].map((s) => [s.id, s]));
  if (byId.size === 0) return sheets;
  const answers = await db.selectFrom('asset_answers').select(['asset_questionnaire_id', 'question_id', 'input_answer', 'provenance']).where('asset_questionnaire_id', 'in', [...byId.keys()]).where('input_answer', 'is not', null).execute();
  for (const a of answers) byId.get(a.asset_questionnaire_id)?.answers.push({ questionId: a.question_id, inputAnswer: a.input_answer, provenance: a.provenance });
  return sheets;
}

/** Whether any of the objects has a questionnaire of the reporting year. */
export async function anySheetOfYear(db: Executor, organisationId: number, assetIds: readonly number[], year: number): Promise<boolean> {
  if (assetIds.length === 0) return false;
  const row = await db
    .selectFrom('asset_questionnaires as aq')
    .innerJoin('assets as a', 'a.id', 'aq.asset_id')
    .select('aq.id')
    .where('a.organisation_id', '=', organisationId)
    .where('aq.reporting_year', '=', year)
    .where('aq.asset_id', 'in', [...assetIds])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the organisation's objects with one of these names (trimmed, case ignored), for matching by name + address. */
export async function objectIdsNamed(db: Executor, organisationId: number, names: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  const ids: number[] = [];
  for (let i = 0; i < wanted.length; i += 1000) {
    const part = wanted.slice(i, i + 1000);
    const rows = await db
      .selectFrom('assets')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['name'])]), 'in', part))
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The reporting year of each filled questionnaire named. */
export async function reportingYearsOf(db: Executor, questionnaireIds: readonly number[]): Promise<Map<number, number>> {
  if (questionnaireIds.length === 0) return new Map();
  const rows = await db.selectFrom('asset_questionnaires').select(['id', 'reporting_year']).where('id', 'in', [...questionnaireIds]).execute();
  return new Map(rows.map((r) => [r.id, r.reporting_year]));
}
