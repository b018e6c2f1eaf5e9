import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { assetGrants, grantCovers, inInternalCheck, type AssetActor, type AssetFacts } from '../assets/asset-access.ts';
import { answerableQuestions, type AnswerStructure } from '../answering/applicability.ts';
import { isCleared } from '../answering/answer-rules.ts';
import type { AssetQuestionnaireState } from '../answering/answers.ts';
import { Role } from '../identity/roles.ts';
import type { ReviewAnswer } from './answer-review.ts';

/*
 * The owner's internal check (DOMAIN.md §1): an InternalTester is never assigned; it checks its own organisation's
 * filled questionnaires from submission until closed and leaves per answer a note and an "internally checked" mark.
 * The assigned tester and the owner read the marks; they never count toward the reviewed answers and never change
 * a state, so nothing here touches an answer's review marks or a questionnaire's state.
 */

/** The longest note of an internal mark, in characters as a reader counts them. */
export const INTERNAL_NOTE_MAX_LENGTH = 2000;

/** One answer's internal mark as stored and read: checked or not, with an optional note. */
export interface InternalMark {
  questionId: number;
  checked: boolean;
  note: string | null;
  checkedBy: string;
  checkedAt: string;
}

/** What the internal tester sends for one answer. */
export interface InternalMarkInput {
  checked: boolean;
  note?: string | null | undefined;
}

/** Why an internal mark is refused; each key has a text (review-messages.ts). */
export type InternalCheckRefusal = 'internal-check-not-allowed' | 'internal-check-state' | 'internal-check-not-answered' | 'internal-check-note-too-long';

const isInternalTester = (actor: Pick<AssetActor, 'roles' | 'orgFinance'>): boolean => !actor.orgFinance && actor.roles.includes(Role.InternalTester);

/** Whether the actor is an internal tester of the object's owner (the organisation the object belongs to). */
export const isOwnersInternalTester = (actor: AssetActor, asset: Pick<AssetFacts, 'organisationId'>): boolean =>
  isInternalTester(actor) && actor.orgId === asset.organisationId;

/**
 * Who sees an object in the internal tester's job list and opens its check screen: an internal tester of the owner,
 * while the questionnaire lies between submission and closing (INTERNAL_CHECK_STATES). The list's SQL is the
 * `internalCheck` grant of asset-access.ts, which says the same.
 */
export const mayCheckInternally = (actor: AssetActor, asset: Pick<AssetFacts, 'organisationId'>, state: AssetQuestionnaireState | null): boolean =>
  isOwnersInternalTester(actor, asset) && inInternalCheck(state);

/**
 * Who reads the internal marks of an object's questionnaire (DOMAIN.md §1 "which the assigned tester and the
 * owner see"): the owner's people (the organisation grant, with its access list), the owner's internal testers
 * while they see the object, its assigned tester, and the account administrator. Evaluators and organisations
 * granted read access see the questionnaire but not the owner's own check.
 */
export const mayReadInternalMarks = (actor: AssetActor, asset: AssetFacts): boolean =>
  assetGrants(actor).some((g) => (g.kind === 'all' || g.kind === 'organisation' || g.kind === 'assignedTester' || g.kind === 'internalCheck') && grantCovers(g, asset));

/** A note as stored: trimmed, empty as none, at most INTERNAL_NOTE_MAX_LENGTH characters. */
export const checkInternalNote = (note: string | null | undefined): Either<'internal-check-note-too-long', string | null> => {
  const trimmed = (note ?? '').trim();
  if ([...trimmed].length > INTERNAL_NOTE_MAX_LENGTH) return E.left('internal-check-note-too-long');
  return E.right(trimmed === '' ? null : trimmed);
};

/** The facts an internal mark is decided on. */
export interface InternalCheckFacts {
  actor: AssetActor;
  asset: AssetFacts;
  state: AssetQuestionnaireState;
  structure: AnswerStructure;
  answers: readonly ReviewAnswer[];
}

/**
 * The internal tester's mark on one answer: only an internal tester of the owner (else not allowed: the route
 * answers 404 where the caller does not see the object, else 403), only while the questionnaire lies in the internal
 * check's span, only on an answered question of the applicable structure answered by hand, and a note of at most
 * 2 000 characters. The outcome is the mark to store and nothing else: no answer's review mark, no state.
 */
export const decideInternalMark = (
  facts: InternalCheckFacts,
  questionId: number,
  input: InternalMarkInput,
): Either<InternalCheckRefusal, { questionId: number; checked: boolean; note: string | null }> => {
  if (!isOwnersInternalTester(facts.actor, facts.asset)) return E.left('internal-check-not-allowed');
  if (!inInternalCheck(facts.state)) return E.left('internal-check-state');
  const question = answerableQuestions(facts.structure).find((q) => q.id === questionId);
  const answer = question ? [...facts.answers].reverse().find((a) => a.questionId === questionId) : undefined;
  if (!answer || isCleared(answer)) return E.left('internal-check-not-answered');
  const note = checkInternalNote(input.note);
  if (E.isLeft(note)) return note;
  return E.right({ questionId, checked: input.checked, note: note.right });
};

/** How many answers carry the "internally checked" mark (the internal tester's own count, beside the reviewed one). */
export const internallyChecked = (marks: readonly Pick<InternalMark, 'checked'>[]): number => marks.filter((m) => m.checked).length;
