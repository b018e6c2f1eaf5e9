import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** What next year's questionnaire knows of the year before (issue 22). */
export interface AnnualStart {
  previousId: number;
  previousReportingYear: number;
  previousArea: number;
  lastYearValues: { questionId: number; inputAnswer: number; reportingYear: number; provenance?: 'measured' | 'estimated' | 'calculated' | null }[];
}

/**
 * Locks the object's row for the transaction: two starts of next year's questionnaire of the same object wait for
 * each other, and the second finds the one the first created (the latest questionnaire's row alone would not do:
 * the new one is a new row).
 */
export async function lockAssetRow(db: Executor, assetId: number): Promise<void> {
  await db.selectFrom('assets').select('id').where('id', '=', assetId).forUpdate().execute();
}

export async function lockGroupRow(db: Executor, groupId: number): Promise<void> {
  await db.selectFrom('asset_groups').select('id').where('id', '=', groupId).forUpdate().execute();
}

export async function insertAnnualStart(db: Executor, assetQuestionnaireId: number, start: AnnualStart, by: string, at: Date): Promise<void> {
  await db
    .insertInto('annual_starts')
    .values({
      asset_questionnaire_id: assetQuestionnaireId,
      previous_id: start.previousId,
      previous_reporting_year: start.previousReportingYear,
      previous_area: start.previousArea,
      last_year_values: JSON.stringify(start.lastYearValues),
      started_by: by,
      started_at: at,
    })
    .execute();
}

export async function findAnnualStart(db: Executor, assetQuestionnaireId: number): Promise<AnnualStart | null> {
  const row = await db.selectFrom('annual_starts').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId).executeTakeFirst();
  if (!row) return null;
  return {
    previousId: row.previous_id,
    previousReportingYear: row.previous_reporting_year,
    previousArea: Number(row.previous_area),
    lastYearValues: row.last_year_values as AnnualStart['lastYearValues'],
  };
}

/** The annual starts of many filled questionnaires at once (a group's data quality), by questionnaire. */
export async function findAnnualStartsOf(db: Executor, assetQuestionnaireIds: readonly number[]): Promise<Map<number, AnnualStart>> {
  const found = new Map<number, AnnualStart>();
  if (assetQuestionnaireIds.length === 0) return found;
  for (const row of await db.selectFrom('annual_starts').selectAll().where('asset_questionnaire_id', 'in', [...assetQuestionnaireIds]).execute()) {
    found.set(row.asset_questionnaire_id, {
      previousId: row.previous_id,
      previousReportingYear: row.previous_reporting_year,
      previousArea: Number(row.previous_area),
      lastYearValues: row.last_year_values as AnnualStart['lastYearValues'],
    });
  }
  return found;
}

/** A current (not superseded) label whose last valid day is in [from, to], with the reminders already sent for it. */
export interface ExpiringLabel {
  certificateId: number;
  kind: 'asset' | 'group';
  subjectId: number;
  subjectName: string;
  organisationId: number;
  isBuyerAsset: boolean;
  assetQuestionnaireId: number | null;
  validUntil: string;
  sent: number[];
}

/** Current labels of objects and groups whose last valid day lies between `from` and `to` (calendar dates). */
export async function listExpiringLabels(db: Executor, from: string, to: string): Promise<ExpiringLabel[]> {
  const { rows } = await sql<{
    id: number;
    subject_kind: 'asset' | 'group';
    subject_id: number;
    subject_name: string;
    organisation_id: number;
    is_buyer_asset: boolean;
    asset_questionnaire_id: number | null;
    valid_until: string;
    sent: number[] | null;
  }>`select c.id, c.subject_kind, coalesce(c.asset_id, c.asset_group_id) as subject_id,
        coalesce(a.name, g.name) as subject_name, coalesce(a.organisation_id, g.organisation_id) as organisation_id,
        coalesce(a.is_buyer_asset, false) as is_buyer_asset, c.asset_questionnaire_id,
        to_char(c.valid_until, 'YYYY-MM-DD') as valid_until,
        (select array_agg(r.threshold) from label_reminders r where r.certificate_id = c.id) as sent
      from certificates c
      left join assets a on a.id = c.asset_id
      left join asset_groups g on g.id = c.asset_group_id
      where c.superseded_by is null and c.valid_until between ${from}::date and ${to}::date
        and (a.id is not null or g.id is not null)
      order by c.valid_until, c.id`.execute(db);
  return rows.map((r) => ({
    certificateId: r.id,
    kind: r.subject_kind,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    organisationId: r.organisation_id,
    isBuyerAsset: r.is_buyer_asset,
    assetQuestionnaireId: r.asset_questionnaire_id,
    validUntil: r.valid_until,
    sent: r.sent ?? [],
  }));
}

/**
 * Records that the reminder of a label at a threshold is sent: true for the one transaction that records it first;
 * another process trying the same waits for it and gets false (the primary key), so the mail goes out once.
 */
/**
 * Locks the certificates' rows for the transaction, skipping (`FOR UPDATE SKIP LOCKED`) those that another
 * transaction holds, i.e. whose reminders another node is sending right now; answers the ids it locked. So nodes
 * sweeping at once share the work out instead of queuing behind each other's mail server.
 */
export async function lockCertificatesSkippingLocked(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('certificates').select('id').where('id', 'in', ids).forUpdate().skipLocked().execute();
  return new Set(rows.map((r) => r.id));
}

export async function claimReminder(db: Executor, certificateId: number, threshold: number, at: Date, recipients: number): Promise<boolean> {
  const inserted = await db
    .insertInto('label_reminders')
    .values({ certificate_id: certificateId, threshold, sent_at: at, recipients })
    .onConflict((oc) => oc.columns(['certificate_id', 'threshold']).doNothing())
    .returning('certificate_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** For each object of a group whose latest questionnaire was started as next year's: the one it followed. */
export async function previousYearsOfGroup(
  db: Executor,
  groupId: number,
): Promise<{ assetId: number; previousId: number; previousQuestionnaireId: number; previousReportingYear: number; previousArea: number }[]> {
  const rows = await db
    .selectFrom('assets')
    .innerJoin('annual_starts as s', 's.asset_questionnaire_id', 'assets.latest_questionnaire_id')
    .innerJoin('asset_questionnaires as p', 'p.id', 's.previous_id')
    .select(['assets.id as asset_id', 's.previous_id', 'p.questionnaire_id', 's.previous_reporting_year', 's.previous_area'])
    .where('assets.asset_group_id', '=', groupId)
    .orderBy('assets.id')
    .execute();
  return rows.map((r) => ({
    assetId: r.asset_id,
    previousId: r.previous_id,
    previousQuestionnaireId: r.questionnaire_id,
    previousReportingYear: r.previous_reporting_year,
    previousArea: Number(r.previous_area),
  }));
}
