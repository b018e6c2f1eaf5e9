import { sql, type Kysely, type SqlBool, type Expression } from 'kysely';
import type { WorklistKind, WorklistPlan, WorklistRow } from '@ecore/core/worklist/worklist.ts';
import type { DB } from '../schema.ts';
import { dateText, visibleAssetsCondition } from '../assets/assets-repository.ts';

type Executor = Kysely<DB>;

/** Each kind answers its longest-waiting items up to this many, and its full count. */
export const ITEMS_PER_KIND = 50;

export interface KindRows {
  rows: WorklistRow[];
  counts: Partial<Record<WorklistKind, number>>;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A row with what its kind does not have left empty. */
const item = (row: Pick<WorklistRow, 'kind' | 'subjectType' | 'subjectId' | 'subjectName' | 'state' | 'since'> & Partial<WorklistRow>): WorklistRow => ({
  questionnaireId: null,
  isBuyerAsset: false,
  dueOn: null,
  note: null,
  answered: null,
  total: null,
  openFlags: null,
  ...row,
});

/**
 * Filled questionnaires of one kind: the latest of each object whose state and grant the plan names, since the change
 * into that state (its audit row; the start where there is none), with that change's reason. One query; the grants'
 * conditions use the objects' indexes (organisation, tester, state; migration 117). `flagged`: only those whose answers
 * have open plausibility flags (the count stored with each save and explanation, migration 125).
 */
async function questionnaireRows(db: Executor, kind: WorklistKind, parts: WorklistPlan['questionnaires'][number]['parts'], flagged = false): Promise<{ rows: WorklistRow[]; count: number }> {
  const condition: Expression<SqlBool> = sql<SqlBool>`(${sql.join(
    parts.map((p) => sql`(assets.questionnaire_state in (${sql.join(p.states)}) and ${visibleAssetsCondition(p.grants)})`),
    sql` or `,
  )})`;
  const result = await sql<{ id: number; name: string; is_buyer_asset: boolean; questionnaire_id: number; state: string; answered: number; total: number; open_flags: number; since: Date; note: string | null; total_rows: number }>`
    select assets.id, assets.name, assets.is_buyer_asset, q.id as questionnaire_id, q.state, q.answered_count as answered, q.total_count as total, q.open_flags,
      coalesce(t.at, q.created_at) as since, nullif(t.note, '') as note, count(*) over ()::int as total_rows
    from assets
    join asset_questionnaires q on q.id = assets.latest_questionnaire_id
    left join lateral (select tr.at, tr.note from asset_questionnaire_transitions tr where tr.asset_questionnaire_id = q.id order by tr.id desc limit 1) t on true
    where ${condition}${flagged ? sql` and q.open_flags > 0` : sql``}
    order by since, assets.id
    limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) =>
      item({ kind, subjectType: 'asset', subjectId: r.id, subjectName: r.name, questionnaireId: r.questionnaire_id, isBuyerAsset: r.is_buyer_asset, state: r.state, since: iso(r.since), note: r.note, answered: r.answered, total: r.total, openFlags: flagged ? r.open_flags : null }),
    ),
  };
}

/** Groups waiting for their tester or the evaluator, since their last change. */
async function groupRows(db: Executor, parts: WorklistPlan['groups']): Promise<{ rows: WorklistRow[]; count: number }> {
  const condition = sql<SqlBool>`(${sql.join(
    parts.map((p) => (p.testerUserId === null ? sql`g.status in (${sql.join(p.states)})` : sql`(g.status in (${sql.join(p.states)}) and g.tester_user_id = ${p.testerUserId})`)),
    sql` or `,
  )})`;
  const result = await sql<{ id: number; name: string; status: string; since: Date; note: string | null; total_rows: number }>`
    select g.id, g.name, g.status, coalesce(t.at, g.updated_at) as since, nullif(t.note, '') as note, count(*) over ()::int as total_rows
    from asset_groups g
    left join lateral (select tr.at, tr.note from group_transitions tr where tr.asset_group_id = g.id order by tr.id desc limit 1) t on true
    where ${condition}
    order by since, g.id
    limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) => item({ kind: 'groupDecision', subjectType: 'group', subjectId: r.id, subjectName: r.name, state: r.status, since: iso(r.since), note: r.note })),
  };
}

/**
 * Current labels of the covered objects whose last valid day lies in the window, unless the next year is under way
 * already (the object's latest filled questionnaire is no longer the labelled one).
 */
async function labelRows(db: Executor, plan: NonNullable<WorklistPlan['labelsExpiring']>): Promise<{ rows: WorklistRow[]; count: number }> {
  const result = await sql<{ id: number; name: string; is_buyer_asset: boolean; questionnaire_id: number | null; valid_until: Date | string; issued_at: Date; total_rows: number }>`
    select assets.id, assets.name, assets.is_buyer_asset, c.asset_questionnaire_id as questionnaire_id, c.valid_until, c.issued_at, count(*) over ()::int as total_rows
    from certificates c
    join assets on assets.id = c.asset_id
    where c.superseded_by is null and c.valid_until between ${plan.from}::date and ${plan.until}::date
      and assets.latest_questionnaire_id = c.asset_questionnaire_id
      and ${visibleAssetsCondition(plan.grants)}
    order by c.valid_until, assets.id
    limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) =>
      item({ kind: 'labelExpiring', subjectType: 'asset', subjectId: r.id, subjectName: r.name, questionnaireId: r.questionnaire_id, isBuyerAsset: r.is_buyer_asset, state: 'Closed', since: iso(r.issued_at), dueOn: dateText(r.valid_until) }),
    ),
  };
}

/**
 * Objects whose energy performance certificate ends in the window (their certificate's issue is "since"; without an
 * issue date, its last day). By the index of migration 124 (organisation, last valid day).
 */
async function epcRows(db: Executor, plan: NonNullable<WorklistPlan['epcsExpiring']>): Promise<{ rows: WorklistRow[]; count: number }> {
  const result = await sql<{ id: number; name: string; is_buyer_asset: boolean; epc_valid_until: Date | string; since: Date | string; total_rows: number }>`
    select assets.id, assets.name, assets.is_buyer_asset, assets.epc_valid_until, coalesce(assets.epc_issued_at, assets.epc_valid_until) as since, count(*) over ()::int as total_rows
    from assets
    where assets.epc_valid_until between ${plan.from}::date and ${plan.until}::date and ${visibleAssetsCondition(plan.grants)}
    order by assets.epc_valid_until, assets.id
    limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) =>
      item({ kind: 'epcExpiring', subjectType: 'asset', subjectId: r.id, subjectName: r.name, isBuyerAsset: r.is_buyer_asset, state: 'Valid', since: iso(r.since), dueOn: dateText(r.epc_valid_until) }),
    ),
  };
}

/**
 * Objects whose latest filled questionnaire, still open to answers, has an answer whose library document ends in the
 * window: per object the document ending first (its title is the note), since its upload. From the library's index
 * (organisation, last valid day) through the links' index to the answers.
 */
async function evidenceRows(db: Executor, plan: NonNullable<WorklistPlan['evidenceExpiring']>): Promise<{ rows: WorklistRow[]; count: number }> {
  const result = await sql<{ id: number; name: string; is_buyer_asset: boolean; questionnaire_id: number; state: string; title: string; valid_until: Date | string; uploaded_at: Date; total_rows: number }>`
    with expiring as (
      select distinct on (assets.id) assets.id, assets.name, assets.is_buyer_asset, assets.latest_questionnaire_id as questionnaire_id, assets.questionnaire_state as state,
        e.title, e.valid_until, e.uploaded_at
      from evidence_documents e
      join asset_answer_documents d on d.evidence_id = e.id
      join asset_answers a on a.id = d.answer_id
      join assets on assets.latest_questionnaire_id = a.asset_questionnaire_id and assets.organisation_id = e.organisation_id
      where e.valid_until between ${plan.from}::date and ${plan.until}::date
        and assets.questionnaire_state in (${sql.join(plan.states)})
        and ${visibleAssetsCondition(plan.grants)}
      order by assets.id, e.valid_until, e.id
    )
    select *, count(*) over ()::int as total_rows from expiring order by valid_until, id limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) =>
      item({ kind: 'evidenceExpiring', subjectType: 'asset', subjectId: r.id, subjectName: r.name, questionnaireId: r.questionnaire_id, isBuyerAsset: r.is_buyer_asset, state: r.state, since: iso(r.uploaded_at), dueOn: dateText(r.valid_until), note: r.title }),
    ),
  };
}

/** The caller's webhook subscriptions paused after a day of failures (docs/webhooks.md), since their pause. */
async function pausedWebhookRows(db: Executor, createdBy: number): Promise<{ rows: WorklistRow[]; count: number }> {
  const rows = await db.selectFrom('webhook_subscriptions').select(['id', 'url', 'paused_at']).where('created_by', '=', createdBy).where('paused_at', 'is not', null).orderBy('id').limit(ITEMS_PER_KIND).execute();
  return { count: rows.length, rows: rows.map((r) => item({ kind: 'webhookPaused', subjectType: 'webhook', subjectId: r.id, subjectName: r.url, state: 'Paused', since: iso(r.paused_at!) })) };
}

/**
 * Access requests open at the plan's moment (undecided, unexpired) for the objects the decider's grants cover, the
 * longest waiting first, with the buyer organisation as the note. By the open requests' index by object (migration 129).
 */
async function accessRequestRows(db: Executor, plan: NonNullable<WorklistPlan['accessRequests']>): Promise<{ rows: WorklistRow[]; count: number }> {
  const result = await sql<{ id: number; asset_name: string; is_buyer_asset: boolean; buyer_name: string; created_at: Date; total_rows: number }>`
    select r.id, assets.name as asset_name, assets.is_buyer_asset, buyer.name as buyer_name, r.created_at, count(*) over ()::int as total_rows
    from asset_access_requests r
    join assets on assets.id = r.asset_id
    join organisations buyer on buyer.id = r.buyer_organisation_id
    where r.decided_at is null and r.expires_at > ${new Date(plan.now)} and ${visibleAssetsCondition(plan.grants)}
    order by r.created_at, r.id
    limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) =>
      item({ kind: 'accessRequests', subjectType: 'accessRequest', subjectId: r.id, subjectName: r.asset_name, isBuyerAsset: r.is_buyer_asset, state: 'Open', since: iso(r.created_at), note: r.buyer_name }),
    ),
  };
}

/**
 * Imports refused because rows failed (core failedImportsWaiting, failedImportResolved): recorded since the plan's day,
 * run by the user or of its organisation, without a later stored import of the same kind for the same organisation.
 * One query, by the failed imports' indexes (organisation or user, time; migration 130) and the history's (organisation, id).
 */
async function failedImportRows(db: Executor, plan: NonNullable<WorklistPlan['importsFailed']>): Promise<{ rows: WorklistRow[]; count: number }> {
  const whose = plan.organisationId === null ? sql`f.user_id = ${plan.userId}` : sql`(f.user_id = ${plan.userId} or f.organisation_id = ${plan.organisationId})`;
  const result = await sql<{ id: number; kind: string; file_name: string; failed: number; created_at: Date; total_rows: number }>`
    select f.id, f.kind, f.file_name, f.failed, f.created_at, count(*) over ()::int as total_rows
    from imports f
    where f.outcome = 'failed' and f.created_at >= ${plan.since}::timestamptz and ${whose}
      and not exists (select 1 from imports later where later.organisation_id = f.organisation_id and later.id > f.id and later.kind = f.kind and later.outcome = 'imported')
    order by f.created_at, f.id
    limit ${ITEMS_PER_KIND}`.execute(db);
  return {
    count: result.rows[0]?.total_rows ?? 0,
    rows: result.rows.map((r) => item({ kind: 'importsFailed', subjectType: 'import', subjectId: r.id, subjectName: r.file_name, state: r.kind, since: iso(r.created_at), total: r.failed })),
  };
}

/** The rows of an actor's worklist plan (core `worklistPlan`): one query per kind, run one after another. */
export async function findWorklistRows(db: Executor, plan: WorklistPlan): Promise<KindRows> {
  const rows: WorklistRow[] = [];
  const counts: Partial<Record<WorklistKind, number>> = {};
  const add = (kind: WorklistKind, part: { rows: WorklistRow[]; count: number }) => {
    rows.push(...part.rows);
    counts[kind] = part.count;
  };
  for (const q of plan.questionnaires) add(q.kind, await questionnaireRows(db, q.kind, q.parts));
  if (plan.groups.length > 0) add('groupDecision', await groupRows(db, plan.groups));
  if (plan.accessRequests) add('accessRequests', await accessRequestRows(db, plan.accessRequests));
  if (plan.labelsExpiring) add('labelExpiring', await labelRows(db, plan.labelsExpiring));
  if (plan.epcsExpiring) add('epcExpiring', await epcRows(db, plan.epcsExpiring));
  if (plan.evidenceExpiring) add('evidenceExpiring', await evidenceRows(db, plan.evidenceExpiring));
  if (plan.webhooksPaused) add('webhookPaused', await pausedWebhookRows(db, plan.webhooksPaused.createdBy));
  if (plan.importsFailed) add('importsFailed', await failedImportRows(db, plan.importsFailed));
  if (plan.plausibilityFlags) add('plausibilityFlags', await questionnaireRows(db, 'plausibilityFlags', [plan.plausibilityFlags], true));
  return { rows, counts };
}
