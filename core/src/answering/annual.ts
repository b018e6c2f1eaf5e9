import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { allQuestions, type Question } from '../questionnaires/template.ts';
import type { AnswerStructure } from './applicability.ts';
import { isCleared } from './answer-rules.ts';
import type { AnswerValue, AssetQuestionnaireState } from './answers.ts';
import { provenanceOf, type Provenance } from './provenance.ts';
import { carryOver, mayStartNewRun, type CarriedAnswer } from './versions.ts';

/**
 * The yearly cycle (issue 22, DOMAIN.md §8): "annual" starts next year's filled questionnaire from the last one,
 * once that one is finished with a label (Closed) or its label ran out (Expired).
 */
export const ANNUAL_FROM_STATES: readonly AssetQuestionnaireState[] = ['Closed', 'Expired'];

export type AnnualRefusal = 'questionnaire-annual-invalid';

/** Whether next year's questionnaire may start after the object's latest one (null: the object has none). */
export const annualStartProblem = (latestState: AssetQuestionnaireState | null): Either<AnnualRefusal, true> =>
  latestState !== null && ANNUAL_FROM_STATES.includes(latestState) ? E.right(true) : E.left('questionnaire-annual-invalid');

/** The two ways a new filled questionnaire starts: blank, or next year's renewal with last year's answers. */
export type NewRunStart = 'blank' | 'renewal';

/**
 * The object's starts, one primary (UI.md: one primary action per page): the renewal where a questionnaire
 * finished with a label exists (Closed, Expired), with the blank start behind it as a secondary choice that says
 * it leaves last year's answers behind; the blank start where the object has none or its last one was definitely
 * declined; nothing while a questionnaire runs.
 */
export const newRunStarts = (latestState: AssetQuestionnaireState | null): { primary: NewRunStart | null; secondary: NewRunStart | null } => {
  if (E.isRight(annualStartProblem(latestState))) return { primary: 'renewal', secondary: 'blank' };
  if (mayStartNewRun(latestState)) return { primary: 'blank', secondary: null };
  return { primary: null, secondary: null };
};

/** The reporting year of next year's questionnaire: always the one after the previous questionnaire's. */
export const nextReportingYear = (previousReportingYear: number): number => previousReportingYear + 1;

const isChoice = (q: Pick<Question, 'type'>) => q.type === 'SingleChoice' || q.type === 'MultipleChoice';

export interface AnnualCarry {
  /** Choice answers carried over (by static title, options mapped as for a version update), stored as answered. */
  carried: { questionId: number; fromQuestionId: number; value: AnswerValue; fromYear: number }[];
  /** Last year's figure of each value question found again in the new template: shown beside the empty input. */
  /** Last year's figure of each value question, with where it came from (shown beside the empty input). */
  hints: { questionId: number; inputAnswer: number; reportingYear: number; provenance: Provenance | null }[];
}

/**
 * What next year's questionnaire takes from last year's answers: a choice answer is carried over exactly when its
 * question's `staticTitle` exists in the new template as a choice question that accepts it (`carryOver`); a value
 * answer (a consumption figure, which changes every year) is never carried: the new question starts empty and
 * shows last year's figure. Evidence (documents) belongs to the year it proves and is never part of this.
 */
export const annualCarry = (oldStructure: AnswerStructure, newStructure: AnswerStructure, answers: readonly CarriedAnswer[], previousReportingYear: number): AnnualCarry => {
  const oldById = new Map(allQuestions(oldStructure).map((q) => [q.id, q]));
  const newQuestions = allQuestions(newStructure);
  const newById = new Map(newQuestions.map((q) => [q.id, q]));
  const newByTitle = new Map<string, Question>();
  for (const q of newQuestions) if (!newByTitle.has(q.staticTitle)) newByTitle.set(q.staticTitle, q);
  const choices = answers.filter((a) => {
    const q = oldById.get(a.questionId);
    return q !== undefined && isChoice(q);
  });
  const { kept } = carryOver(oldStructure, newStructure, choices);
  const carried = kept
    .filter((k) => isChoice(newById.get(k.questionId)!))
    .map((k) => ({ questionId: k.questionId, fromQuestionId: k.fromQuestionId, value: k.value, fromYear: previousReportingYear }));
  const hints: AnnualCarry['hints'] = [];
  for (const a of answers) {
    const q = oldById.get(a.questionId);
    if (!q || q.type !== 'ValueQuestion' || isCleared(a) || a.inputAnswer === null) continue;
    const target = newByTitle.get(q.staticTitle);
    if (!target || target.id === null || target.type !== 'ValueQuestion') continue;
    hints.push({ questionId: target.id, inputAnswer: a.inputAnswer, reportingYear: previousReportingYear, provenance: provenanceOf(a) });
  }
  return { carried, hints };
};

/**
 * A group's next year (issue 22): every object of the group starts its next year together, so that the portfolio
 * is answered and submitted as one again; refused unless the group has objects and each object's latest
 * questionnaire is Closed or Expired. The group itself is Active again afterwards (it can be submitted anew).
 */
export const groupAnnualStartProblem = (objectStates: readonly (AssetQuestionnaireState | null)[]): Either<AnnualRefusal, true> =>
  objectStates.length > 0 && objectStates.every((s) => E.isRight(annualStartProblem(s))) ? E.right(true) : E.left('questionnaire-annual-invalid');
