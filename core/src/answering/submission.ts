import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { assetGrants, grantCovers, mayEditAsset, type AssetActor, type AssetFacts } from '../assets/asset-access.ts';
import { Role } from '../identity/roles.ts';
import { answerableQuestions, type AnswerStructure } from './applicability.ts';
import { isCleared } from './answer-rules.ts';
import type { AnswerState, AssetQuestionnaireState, StoredAnswer } from './answers.ts';

/** Who answers and submits a filled questionnaire (DOMAIN.md §3 "owner roles"). */
export const ANSWERING_ROLES: readonly Role[] = [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ProspectiveBuyer];
/** Who moves a filled questionnaire to the active template (spec 02 §4, §6). */
export const UPDATE_TO_ACTIVE_ROLES: readonly Role[] = [Role.ObjectAdministrator, Role.ProspectiveBuyer];

/**
 * Whether the actor acts for the object's owner: the organisation grant of asset-access.ts covers it (own
 * organisation, within the access list, buyers on buyer assets). An approved access request or a tester's
 * assignment shows an object but never makes its answers the viewer's to give; neither does the account
 * administrator's view of everything, which is why the grant is asked without that role.
 */
export const actsForOwner = (actor: AssetActor, asset: AssetFacts): boolean =>
  assetGrants({ ...actor, roles: actor.roles.filter((r) => r !== Role.AccountAdministrator) }).some((g) => g.kind === 'organisation' && grantCovers(g, asset));

const holdsAny = (actor: Pick<AssetActor, 'roles'>, roles: readonly Role[]): boolean => actor.roles.some((r) => roles.includes(r));

/** May the actor save answers, comments and documents of the object: an owner role through the organisation grant. */
export const mayAnswer = (actor: AssetActor, asset: AssetFacts): boolean => holdsAny(actor, ANSWERING_ROLES) && actsForOwner(actor, asset);

/** Starting a questionnaire is the first answer: the same people (DOMAIN.md §3, §9). */
export const mayStartQuestionnaire = mayAnswer;

/**
 * Moving to the active version (spec 02 §4, §6): object administrator or prospective buyer, for the owner.
 * For a group the route asks it for each object the update moves. Collectors are told to ask the
 * administrator (`questionnaire-update-to-active-role`).
 */
export const mayUpdateToActive = (actor: AssetActor, asset: AssetFacts): boolean => holdsAny(actor, UPDATE_TO_ACTIVE_ROLES) && actsForOwner(actor, asset);

/** The answer states that show a tester has looked at the answer; a questionnaire holding one is not deleted. */
const UNREVIEWED: readonly (AnswerState | null)[] = [null, 'Answered'];

export type DeleteRefusal = 'not-allowed' | 'questionnaire-delete-not-active';

/**
 * Whether a filled questionnaire may be deleted: by those who edit objects (object administrator, prospective
 * buyer, account administrator; `mayEditAsset`), only while Active and before any answer was reviewed, so
 * that no review work and no audit trail is lost. 'not-allowed' is answered as 404 by the route (the caller
 * may not act on this object), the other as 400.
 */
export const mayDeleteQuestionnaire = (
  actor: AssetActor,
  asset: AssetFacts,
  state: AssetQuestionnaireState,
  answers: readonly Pick<StoredAnswer, 'state' | 'reviewStatus'>[],
): Either<DeleteRefusal, true> => {
  if (!mayEditAsset(actor, asset)) return E.left('not-allowed');
  if (state !== 'Active' || answers.some((a) => !UNREVIEWED.includes(a.state) || a.reviewStatus !== 'Unchecked')) return E.left('questionnaire-delete-not-active');
  return E.right(true);
};

/** The states a filled questionnaire is submitted from: first time, after a decline, after uploading requested documents. */
export const SUBMITTABLE_STATES: readonly AssetQuestionnaireState[] = ['Active', 'Declined', 'Verification'];

export type SubmitCode = 1 | 2 | 3 | 4 | 11;

export interface SubmitFacts {
  /** `mayAnswer(actor, asset)`: an owner role through the organisation grant. */
  mayAct: boolean;
  state: AssetQuestionnaireState;
  /** The applicable structure (applicableTemplate). */
  structure: AnswerStructure;
  answers: readonly Pick<StoredAnswer, 'questionId' | 'inputAnswer' | 'multipleChoiceOption' | 'state' | 'documentCount' | 'expiredEvidence'>[];
}

/**
 * Submitting for review (DOMAIN.md §3, spec 02 §4), with the first code that stands in the way
 * (`questionnaire-change-{code}`):
 * 1 the caller may not act on this object; 2 the questionnaire is not Active, Declined or Verification;
 * 3 an applicable question answered by hand has no answer ('You did not answer every question.');
 * 4 an answer in state Verification has no document ('Some answer needs to be verified but doesn't have
 * any document.'); 11 it has documents, but none valid on the reporting date (docs/evidence.md: an expired
 * document does not count as evidence; `expiredEvidenceOf` names them).
 * Code 10 (every rejected answer changed since the decline) belongs to the review module and is checked there.
 */
export const submitProblem = (facts: SubmitFacts): Either<SubmitCode, 'Review'> => {
  if (!facts.mayAct) return E.left(1);
  if (!SUBMITTABLE_STATES.includes(facts.state)) return E.left(2);
  const questions = answerableQuestions(facts.structure);
  const answered = new Set(facts.answers.filter((a) => !isCleared(a)).map((a) => a.questionId));
  if (questions.some((q) => q.id === null || !answered.has(q.id))) return E.left(3);
  // Answers to questions that no longer apply (the object's classes changed) are not asked for documents.
  const asked = new Set(questions.map((q) => q.id));
  const lacking = facts.answers.filter((a) => asked.has(a.questionId) && a.state === 'Verification' && validEvidenceCount(a) <= 0);
  if (lacking.some((a) => a.documentCount <= 0)) return E.left(4);
  if (lacking.length > 0) return E.left(11);
  return E.right('Review');
};

/** The documents of an answer that count as evidence: those valid on the reporting date. */
const validEvidenceCount = (a: Pick<StoredAnswer, 'documentCount' | 'expiredEvidence'>): number => a.documentCount - (a.expiredEvidence?.length ?? 0);

/**
 * The documents that code 11 names: of each applicable answer asked for evidence whose every document expired before
 * the reporting date, their titles.
 */
export const expiredEvidenceOf = (facts: Pick<SubmitFacts, 'structure' | 'answers'>): string[] => {
  const asked = new Set(answerableQuestions(facts.structure).map((q) => q.id));
  return facts.answers.filter((a) => asked.has(a.questionId) && a.state === 'Verification' && a.documentCount > 0 && validEvidenceCount(a) <= 0).flatMap((a) => a.expiredEvidence ?? []);
};

/** `canBeSubmitted` of the filled questionnaire: nothing stands in the way of submitting. */
export const canSubmit = (facts: SubmitFacts): boolean => E.isRight(submitProblem(facts));
