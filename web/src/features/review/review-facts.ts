import type { AssetActor, AssetFacts } from '@ecore/core/assets/asset-access.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import type { ReviewAnswer } from '@ecore/core/review/answer-review.ts';
import type { GroupState } from '@ecore/core/object-groups/group-rules.ts';
import { REVIEWER_ROLES } from '@ecore/core/review/testers.ts';
import type { QuestionnaireFacts } from '@ecore/core/review/transitions.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import type { Answer } from '../answering/answering-api.ts';
import { assetActorOf } from '../answering/answering-rights.ts';
import type { GroupSample, ReviewedQuestionnaire } from './review-api.ts';

/*
 * The facts core's review rules ask (availableDecisions, availableTransitions, mayOpenCheck), built from what the
 * client knows. As in answering-rights.ts, the session carries no access list: the client asks core as if there
 * were none, which only ever offers an action the server then refuses, never hides one the user has.
 */

export { assetActorOf };

/**
 * The object's tester as the facts need it. Where the server names it (`testerUserId`), that; else a tester
 * sees an object for review only because it is assigned to them (asset-access.ts: the assignedTester grant is a
 * tester's only view), so an object the server shows a tester is theirs. Others are nobody's tester.
 */
export const testerUserIdOf = (actor: Pick<Actor, 'userId' | 'roles'>, named: { testerUserId?: number | null } | null | undefined): number | null => {
  if (named && named.testerUserId !== undefined) return named.testerUserId;
  return actor.roles.some((r) => REVIEWER_ROLES.includes(r)) ? actor.userId : null;
};

/** An object's facts from a list row or the object's summary. */
export const reviewAssetFacts = (
  actor: Pick<Actor, 'userId' | 'roles'>,
  object: { id: number; organisationId: number; assetGroupId: number; isBuyerAsset: boolean; testerUserId?: number | null },
  status: AssetQuestionnaireState | null,
): AssetFacts => ({
  id: object.id,
  organisationId: object.organisationId,
  assetGroupId: object.assetGroupId,
  isBuyerAsset: object.isBuyerAsset,
  testerUserId: testerUserIdOf(actor, object),
  grantedOrganisationIds: [],
  status,
});

/** An answer as review sees it (core ReviewAnswer). */
export const reviewAnswerOf = (a: Answer): ReviewAnswer => ({
  questionId: a.questionId,
  inputAnswer: a.inputAnswer,
  multipleChoiceOption: a.multipleChoiceOption,
  state: a.state,
  reviewStatus: a.reviewStatus,
  documentCount: a.documents.length,
  ...(a.evidenceRequested === undefined ? {} : { evidenceRequested: a.evidenceRequested }),
});

/** The group states in which an object's sheet belongs to its group's review (DOMAIN.md §4). */
const GROUP_REVIEW_STATES: readonly GroupState[] = ['Review', 'ReviewPassed', 'ReviewFailed'];

/** Whether the object is a sheet of a group under review, and sampled (core ReviewFacts.groupSheet). */
export const groupSheetOf = (assetId: number, group: { status: GroupState; sample?: GroupSample | null } | null | undefined): { sampled: boolean } | null =>
  group && GROUP_REVIEW_STATES.includes(group.status) ? { sampled: group.sample?.sampledAssetIds.includes(assetId) ?? false } : null;

/** The facts of one filled questionnaire for the check screen's buttons. */
export const questionnaireFacts = ({
  actor,
  asset,
  filled,
  numberOfReviewedAnswers,
  groupSheet,
}: {
  actor: Actor;
  asset: AssetFacts;
  filled: ReviewedQuestionnaire;
  numberOfReviewedAnswers: number | undefined;
  groupSheet: { sampled: boolean } | null;
}): QuestionnaireFacts => ({
  actor: assetActorOf(actor) satisfies AssetActor,
  asset,
  state: filled.assetQuestionnaireState,
  structure: filled,
  answers: filled.answers.map(reviewAnswerOf),
  numberOfReviewedAnswers: filled.review?.numberOfReviewedAnswers ?? numberOfReviewedAnswers ?? NUMBER_OF_REVIEWED_ANSWERS,
  groupSheet,
  declineCount: filled.declineCount ?? 0,
});
