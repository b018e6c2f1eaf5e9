import type { AnswerState, AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import type { AnswerDecision, ReviewCounts } from '@ecore/core/review/answer-review.ts';
import type { AuditReason } from '@ecore/core/review/audit.ts';
import type { GroupState } from '@ecore/core/object-groups/group-rules.ts';
import type { InternalMark } from '@ecore/core/review/internal-check.ts';
import type { ChangeTarget } from '@ecore/core/review/transitions.ts';
import { api, apiPage, type Page } from '../../lib/api-client.ts';
import { listQueryToApi, type ListQuery } from '../../components/data-table/list-query.ts';
import type { Answer, AssetRef, FilledQuestionnaire } from '../answering/answering-api.ts';

/*
 * The calls of review, evaluation and verification (docs/review.md "HTTP API", spec 02 §7). Every `qid` is the
 * id of the filled questionnaire, as in answering.
 */

/** A tester the dropdown offers (GET user/testers): first name, last name, organisation (spec 02 §2). */
export interface Tester {
  id: number;
  firstName: string;
  lastName: string;
  organisationName: string;
}

/** What review adds to a filled questionnaire (docs/review.md: `FilledQuestionnaire` gains `review`). */
export interface QuestionnaireReview {
  counts: ReviewCounts;
  numberOfReviewedAnswers: number;
  testerName: string | null;
  availableTransitions: ChangeTarget[];
  /** Where the server names the object's tester by id (else review-facts.ts reads it from the caller's view). */
  testerUserId?: number | null;
  /** Set while the object's group is under review: whether this object is one of its sampled sheets. */
  groupSheet?: { sampled: boolean } | null;
}

export type ReviewedQuestionnaire = FilledQuestionnaire & { review?: QuestionnaireReview; declineCount?: number };

/** An object of the job-management list (GET asset; rows gain `testerName`). */
export interface JobObject {
  id: number;
  name: string;
  organisationId: number;
  organisationName: string;
  assetGroupId: number;
  assetGroupName: string;
  isBuyerAsset: boolean;
  status: AssetQuestionnaireState | null;
  score: number | null;
  constructionYear: number | null;
  renovationYear: number | null;
  testerName?: string | null;
  testerUserId?: number | null;
}

/** A group of the job-management list (GET assetGroup; rows carry `tester` and `status`). */
export interface JobGroup {
  id: number;
  name: string;
  organisationId: number;
  organisationName: string;
  score: number | null;
  status: GroupState;
  tester: { firstName: string; lastName: string } | null;
  testerUserId?: number | null;
  canBeSubmitted?: boolean;
  canEdit: boolean;
  assets: GroupAsset[];
}

/** The recorded sample of a group's submission: the seed anyone can redraw it with, the objects, the sheets drawn. */
export interface GroupSample {
  seed: number;
  assetIds: number[];
  sampledAssetIds: number[];
  submittedAt: string;
  submittedBy: string;
}

/** A group's workflow (GET assetGroup/{id}/review): `submitProblem` is the group code asked with the box ticked. */
export interface GroupReview {
  id: number;
  status: GroupState;
  canBeSubmitted: boolean;
  submitProblem: number | null;
  sample: GroupSample | null;
}

/** One row of an audit log (GET asset/{id}/questionnaire/{qid}/audit, GET assetGroup/{id}/audit), oldest first. */
export interface AuditRow {
  id: number;
  from: string | null;
  to: string;
  userName: string;
  role: string | null;
  reason: AuditReason | string;
  answersTouched: number[];
  /** The reason given for a decline; '' where none was needed. */
  note?: string;
  at: string;
}

// ---- SWR keys

export const REVIEW_CONFIG_KEY = 'review/config';
export const auditKey = (ref: AssetRef, qid: number) => ['review/audit', ref.assetId, qid, ref.isBuyerAsset] as const;
export const groupAuditKey = (groupId: number) => ['review/groupAudit', groupId] as const;
export const groupReviewKey = (groupId: number) => ['review/group', groupId] as const;
export const latestKey = (ref: AssetRef) => ['review/latest', ref.assetId, ref.isBuyerAsset] as const;
export const TESTERS_KEY = 'review/testers';
export const internalMarksKey = (ref: AssetRef, qid: number) => ['review/internalCheck', ref.assetId, qid, ref.isBuyerAsset] as const;

// ---- lists

export const fetchJobObjects = (query: ListQuery, signal: AbortSignal): Promise<Page<JobObject>> =>
  apiPage<JobObject>('asset', { query: listQueryToApi(query), signal });

/** The evaluator's objects it closed (GET asset?closedByMe=true; DOMAIN.md §1), read only with their labels. */
export const fetchClosedByMe = (query: ListQuery, signal: AbortSignal): Promise<Page<JobObject>> =>
  apiPage<JobObject>('asset', { query: { ...listQueryToApi(query), closedByMe: true }, signal });

export const fetchJobGroups = (query: ListQuery, signal: AbortSignal): Promise<Page<JobGroup>> =>
  apiPage<JobGroup>('assetGroup', { query: listQueryToApi(query), signal });

/** The questionnaire states of a group's objects, from the object list (GET asset?assetGroupId=), by object id. */
export const fetchGroupObjectStates = async (groupId: number): Promise<Map<number, AssetQuestionnaireState | null>> => {
  const page = await api.get<Page<JobObject>>('asset', { query: { page: 1, pageSize: 100, assetGroupId: groupId } });
  return new Map(page.items.map((o) => [o.id, o.status]));
};

export const fetchGroupReview = (groupId: number): Promise<GroupReview> => api.get<GroupReview>(`assetGroup/${groupId}/review`);

// ---- testers

export const fetchTesters = (): Promise<Tester[]> => api.get<Tester[]>('user/testers');

export const assignObjectTester = (assetId: number, testerId: number): Promise<void> => api.put('asset/tester', undefined, { query: { assetId, testerId } });

export const assignGroupTester = (assetGroupId: number, testerId: number): Promise<void> =>
  api.put('assetGroup/tester', undefined, { query: { assetGroupId, testerId } });

// ---- the check screen

export const fetchReviewConfig = (): Promise<{ reviewProcess: { numberOfReviewedAnswers: number } }> => api.get('asset/config');

export const fetchLatest = (ref: AssetRef): Promise<ReviewedQuestionnaire> =>
  api.get<ReviewedQuestionnaire>(`asset/${ref.assetId}/questionnaire/latest`, { query: { isBuyerAsset: ref.isBuyerAsset } });

export const reviewAnswerDecision = (answerId: number, decision: AnswerDecision, comment: string): Promise<{ answer: Answer; reviewCounts: ReviewCounts }> =>
  api.put(`asset/answer/${answerId}/review`, comment.trim() === '' ? { decision } : { decision, comment: comment.trim() });

/** PUT asset/state: Review (resubmitting), Evaluation, Closed, Declined (with its reason, DOMAIN.md §1), Verification. */
export const changeQuestionnaireState = (ref: AssetRef, state: ChangeTarget, reason?: string): Promise<void> =>
  api.put('asset/state', reason === undefined ? undefined : { reason }, { query: { assetId: ref.assetId, state, isBuyerAsset: ref.isBuyerAsset } });

export const fetchAudit = (ref: AssetRef, qid: number): Promise<AuditRow[]> =>
  api.get<AuditRow[]>(`asset/${ref.assetId}/questionnaire/${qid}/audit`, { query: { isBuyerAsset: ref.isBuyerAsset } });

// ---- the owner's internal check (DOMAIN.md §1)

export type { InternalMark };

export const fetchInternalMarks = (ref: AssetRef, qid: number): Promise<InternalMark[]> =>
  api.get<InternalMark[]>(`asset/${ref.assetId}/questionnaire/${qid}/internalCheck`);

export const saveInternalMark = (ref: AssetRef, qid: number, questionId: number, mark: { checked: boolean; note: string | null }): Promise<InternalMark> =>
  api.put<InternalMark>(`asset/${ref.assetId}/questionnaire/${qid}/internalCheck/${questionId}`, mark);

// ---- groups

/** Start audit for a group (spec 02 §2): only with the completeness box ticked (spec 02 §5). */
export const submitGroupForReview = (groupId: number): Promise<void> =>
  api.put(`assetGroup/${groupId}/assetState/Review`, undefined, { query: { completenessConfirmed: true } });

/** The group's tester finishes the review of the sample: ReviewPassed or ReviewFailed. */
export const finishGroupReviewCall = (groupId: number, state: 'ReviewPassed' | 'ReviewFailed'): Promise<void> => api.put(`assetGroup/${groupId}/assetState/${state}`);

/** The evaluator's decision on a group (spec 02 §2 "accept or decline group evaluation"). */
export const evaluateGroupCall = (groupId: number, accept: boolean, reason?: string): Promise<void> =>
  api.put(`assetGroup/${groupId}/evaluate/`, reason === undefined ? undefined : { reason }, { query: { decision: accept } });

export const fetchGroupAudit = (groupId: number): Promise<AuditRow[]> => api.get<AuditRow[]>(`assetGroup/${groupId}/audit`);

// ---- documents already checked in another questionnaire (docs/evidence.md)

/** Where a library document of an answer was already checked: the other questionnaire's object, who, when, the label code. */
export interface EvidenceCheck {
  assetName: string;
  reportingYear: number | null;
  decision: AnswerState;
  checkedBy: string | null;
  checkedAt: string | null;
  certificateCode: string | null;
}

export const evidenceChecksKey = (assetId: number, qid: number) => ['review/evidenceChecks', assetId, qid] as const;

/** The checks elsewhere per document id of the questionnaire's answers (only documents checked elsewhere). */
export const fetchEvidenceChecks = async (assetId: number, qid: number): Promise<Map<number, EvidenceCheck[]>> => {
  const rows = await api.get<{ documentId: number; checks: EvidenceCheck[] }[]>(`asset/${assetId}/questionnaire/${qid}/evidenceChecks`);
  return new Map(rows.filter((r) => r.checks.length > 0).map((r) => [r.documentId, r.checks]));
};
