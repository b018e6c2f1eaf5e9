import { sql, type Kysely, type Transaction } from 'kysely';
import { questionnaireEvents } from '@ecore/core/webhooks/webhooks.ts';
import type { DB } from '../schema.ts';
import { enqueueSubjectWebhookEvent } from '../webhooks/webhooks-repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** What a state change writes besides the state (core Transition, issue 14). */
export interface TransitionWrite {
  assetQuestionnaireId: number;
  assetId: number;
  from: string;
  to: string;
  declineCount?: number | undefined;
  submittedAlone?: boolean | undefined;
  resetChangedSinceDecline?: boolean | undefined;
  answerUpdates?: readonly { questionId: number; state: string | null; reviewStatus: string; evidenceRequested?: boolean | undefined }[] | undefined;
  /** Set when closing: the evaluation date's validity and who evaluated; when sent to evaluation: who reviewed. */
  closedAt?: Date | undefined;
  validUntil?: string | undefined;
  evaluatedBy?: string | undefined;
  reviewedBy?: string | undefined;
}

export interface AuditWrite {
  userId: number | null;
  userName: string;
  role: string;
  reason: string;
  answersTouched: readonly number[];
  at: Date;
  /** The reason given for a decline (DOMAIN.md §1); none for other changes. */
  note?: string | null | undefined;
}

/**
 * Writes a state change of a filled questionnaire and its audit row (DOMAIN.md §3), inside the caller's
 * transaction: the state and its companions, the answers the transition names, the object's status.
 */
export async function writeTransition(db: Executor, t: TransitionWrite, audit: AuditWrite): Promise<void> {
  await db
    .updateTable('asset_questionnaires')
    .set({
      state: t.to,
      modified_at: audit.at,
      ...(t.declineCount !== undefined ? { decline_count: t.declineCount } : {}),
      ...(t.submittedAlone !== undefined ? { submitted_alone: t.submittedAlone } : {}),
      ...(t.closedAt !== undefined ? { closed_at: t.closedAt } : {}),
      ...(t.validUntil !== undefined ? { valid_until: t.validUntil } : {}),
      ...(t.evaluatedBy !== undefined ? { evaluated_by: t.evaluatedBy } : {}),
      ...(t.reviewedBy !== undefined ? { reviewed_by: t.reviewedBy } : {}),
    })
    .where('id', '=', t.assetQuestionnaireId)
    .execute();
  if (t.resetChangedSinceDecline) {
    await db.updateTable('asset_answers').set({ changed_since_decline: false }).where('asset_questionnaire_id', '=', t.assetQuestionnaireId).execute();
  }
  for (const u of t.answerUpdates ?? []) {
    await db
      .updateTable('asset_answers')
      .set({ state: u.state, review_status: u.reviewStatus, ...(u.evidenceRequested ? { evidence_requested: true } : {}), ...(u.state !== 'Declined' ? { rejection_reason: null } : {}) })
      .where('asset_questionnaire_id', '=', t.assetQuestionnaireId)
      .where('question_id', '=', u.questionId)
      .execute();
  }
  await db
    .insertInto('asset_questionnaire_transitions')
    .values({
      asset_questionnaire_id: t.assetQuestionnaireId,
      from_state: t.from,
      to_state: t.to,
      user_id: audit.userId,
      user_name: audit.userName,
      role: audit.role,
      reason: audit.reason,
      answers_touched: JSON.stringify(audit.answersTouched),
      note: audit.note ?? '',
      at: audit.at,
    })
    .execute();
  // The webhooks' events of this change, in its transaction: sent if and only if it commits (docs/webhooks.md).
  for (const type of questionnaireEvents(t.from, t.to)) await enqueueSubjectWebhookEvent(db, type, { assetId: t.assetId, assetQuestionnaireId: t.assetQuestionnaireId }, audit.at);
  await sql`update assets set questionnaire_state = ${t.to} where id = ${t.assetId} and latest_questionnaire_id = ${t.assetQuestionnaireId}`.execute(db);
}

/**
 * One answer's review marks (a tester's or evaluator's decision per answer), with the reason a rejection stands
 * with (null clears it: the answer is no longer rejected).
 */
export async function writeAnswerReview(
  db: Executor,
  assetQuestionnaireId: number,
  update: { questionId: number; state: string | null; reviewStatus: string; evidenceRequested?: boolean | undefined },
  at: Date,
  rejectionReason: string | null = null,
  checkedBy: string | null = null,
): Promise<void> {
  await db
    .updateTable('asset_answers')
    .set({
      state: update.state,
      review_status: update.reviewStatus,
      ...(update.evidenceRequested ? { evidence_requested: true } : {}),
      rejection_reason: update.state === 'Declined' ? rejectionReason : null,
      checked_by: checkedBy,
      checked_at: checkedBy === null ? null : at,
      modified_at: at,
    })
    .where('asset_questionnaire_id', '=', assetQuestionnaireId)
    .where('question_id', '=', update.questionId)
    .execute();
}

export interface AuditRow {
  id: number;
  from: string;
  to: string;
  userName: string;
  role: string;
  reason: string;
  answersTouched: number[];
  /** The reason given for a decline; '' where none was needed. */
  note: string;
  at: string;
}

export async function listQuestionnaireAudit(db: Executor, assetQuestionnaireId: number): Promise<AuditRow[]> {
  const rows = await db.selectFrom('asset_questionnaire_transitions').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId).orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    from: r.from_state,
    to: r.to_state,
    userName: r.user_name,
    role: r.role,
    reason: r.reason,
    answersTouched: (r.answers_touched as number[] | null) ?? [],
    note: r.note,
    at: r.at.toISOString(),
  }));
}

/** The users who changed a filled questionnaire to Closed (its own acceptance or its group's). */
export async function questionnaireClosers(db: Executor, assetQuestionnaireId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('asset_questionnaire_transitions')
    .select('user_id')
    .where('asset_questionnaire_id', '=', assetQuestionnaireId)
    .where('to_state', '=', 'Closed')
    .execute();
  return rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]));
}

export async function listGroupAudit(db: Executor, groupId: number): Promise<AuditRow[]> {
  const rows = await db.selectFrom('group_transitions').selectAll().where('asset_group_id', '=', groupId).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, from: r.from_state, to: r.to_state, userName: r.user_name, role: r.role, reason: r.reason, answersTouched: [], note: r.note, at: r.at.toISOString() }));
}

/** A group's state and its latest submission (seed and sample), for sheet rules and the group view. */
export async function groupReviewOf(
  db: Executor,
  groupId: number,
): Promise<{ state: string; testerUserId: number | null; submission: { seed: number; assetIds: number[]; sampledAssetIds: number[]; submittedAt: string; submittedBy: string } | null } | null> {
  const group = await db.selectFrom('asset_groups').select(['status', 'tester_user_id']).where('id', '=', groupId).executeTakeFirst();
  if (!group) return null;
  const submission = await db.selectFrom('group_submissions').selectAll().where('asset_group_id', '=', groupId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return {
    state: group.status,
    testerUserId: group.tester_user_id,
    submission: submission
      ? { seed: submission.seed, assetIds: submission.asset_ids, sampledAssetIds: submission.sampled_asset_ids, submittedAt: submission.submitted_at.toISOString(), submittedBy: submission.submitted_by }
      : null,
  };
}
