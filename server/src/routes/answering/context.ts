import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { applicableTemplate } from '@ecore/core/answering/applicability.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { provenanceOf } from '@ecore/core/answering/provenance.ts';
import { storedAnswers } from '@ecore/core/answering/save.ts';
import { mayViewAsset, readsAsItsCloser, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import { assetClassesOf } from '@ecore/core/assets/asset-classes.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findAnswers, findAssetQuestionnaire, type AnswerRow, type AssetQuestionnaireRow, type CommentRow, type DocumentRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { questionnaireClosers } from '@ecore/adapters/db/review/review-repository.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { HttpError } from '../../plugins/http-error.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import { displayName } from '../questionnaires/access.ts';

/** The structure an object answers: the questions of the template that apply to it (core applicableTemplate). */
export const structureFor = (template: ScoredTemplate, asset: Pick<AssetView, 'assetAssetTypes'>) =>
  applicableTemplate(template, assetClassesOf(asset.assetAssetTypes), template.scoredAmbitionLevels);

/** An object the actor may see (matching isBuyerAsset where the call names it); else 404, so that ids do not leak. */
export async function visibleAsset(db: Kysely<DB>, actor: AssetActor, id: number, isBuyerAsset?: boolean): Promise<AssetView> {
  const asset = await findAsset(db, id);
  if (!asset || !mayViewAsset(actor, asset) || (isBuyerAsset !== undefined && asset.isBuyerAsset !== isBuyerAsset)) throw new HttpError(404, 'not-found');
  return asset;
}

/** A filled questionnaire of a visible object; else 404. */
export async function visibleQuestionnaire(db: Kysely<DB>, actor: AssetActor, assetId: number, id: number, isBuyerAsset?: boolean) {
  const asset = await visibleAsset(db, actor, assetId, isBuyerAsset);
  const questionnaire = await findAssetQuestionnaire(db, assetId, id);
  if (!questionnaire) throw new HttpError(404, 'not-found');
  return { asset, questionnaire };
}

/**
 * `visibleQuestionnaire` for the calls that only read a questionnaire's record (its audit log, its flags): also the
 * questionnaire an evaluator closed, which it reads afterwards, read only (core readsAsItsCloser, DOMAIN.md §1).
 */
export async function readableQuestionnaire(db: Kysely<DB>, actor: AssetActor, assetId: number, id: number) {
  try {
    return await visibleQuestionnaire(db, actor, assetId, id);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
    const questionnaire = await findAssetQuestionnaire(db, assetId, id);
    if (!questionnaire || !readsAsItsCloser(actor, await questionnaireClosers(db, questionnaire.id))) throw error;
    const asset = await findAsset(db, assetId);
    if (!asset) throw error;
    return { asset, questionnaire };
  }
}

/** The answers of a filled questionnaire as core reads them (state typed, documents counted): core's `storedAnswers`. */
export { storedAnswers };

/** An answer as the API answers it (spec 02 §3 "Answer"). */
export const answerResponse = (a: AnswerRow, asset: Pick<AssetView, 'id' | 'isBuyerAsset'>, comments: readonly CommentRow[], documents: readonly DocumentRow[]) => ({
  id: a.id,
  assetId: asset.id,
  questionId: a.questionId,
  inputAnswer: a.inputAnswer,
  multipleChoiceOption: a.multipleChoiceOption,
  isBuyerAsset: asset.isBuyerAsset,
  state: a.state,
  reviewStatus: a.reviewStatus,
  evidenceRequested: a.evidenceRequested,
  rejectionReason: a.state === 'Declined' ? (a.rejectionReason ?? null) : null,
  provenance: provenanceOf(a),
  modifiedBy: a.modifiedBy,
  modifiedAt: a.modifiedAt,
  comments: comments.filter((c) => c.answerId === a.id).map((c) => ({ id: c.id, comment: c.comment, authorName: c.authorName, createdAt: c.createdAt })),
  documents: documents.filter((d) => d.answerId === a.id).map(documentResponse),
});

export const documentResponse = (d: DocumentRow) => ({
  id: d.id,
  answerId: d.answerId,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  uploadedBy: d.uploadedBy,
  uploadedAt: d.uploadedAt,
  validFrom: d.validity?.validFrom ?? null,
  validUntil: d.validity?.validUntil ?? null,
});

export async function answersOf(db: Kysely<DB>, questionnaire: Pick<AssetQuestionnaireRow, 'id'>) {
  const found = await findAnswers(db, questionnaire.id);
  return { ...found, stored: storedAnswers(found.answers, found.documents) };
}

export const questionnaireState = (row: Pick<AssetQuestionnaireRow, 'state'>): AssetQuestionnaireState => row.state as AssetQuestionnaireState;

/**
 * The name the actor is shown with in the change log, comments and lock notices: from the account kept for the
 * session check (plugins/auth.ts), read from the database only when none is kept. Not inside a transaction (the
 * embedded database has one connection).
 */
export async function actorName(app: Pick<FastifyInstance, 'accounts'>, db: Kysely<DB>, actor: Actor): Promise<string> {
  return displayName((await app.accounts.get(actor.userId)) ?? (await findSignInUserById(db, actor.userId)), actor);
}

/** 423 with the holder's name (DOMAIN.md §7), as the template editor answers it, and the holder's last activity. */
export class LockedError extends HttpError {
  constructor(held: { currentLockerName: string; lastActivity: number }) {
    const { currentLockerName } = held;
    super(423, 'questionnaire-locked', { name: currentLockerName }, { lockedStatus: { currentLockerName, lastActivity: new Date(held.lastActivity).toISOString() } });
  }
}
