import type { Question } from '../questionnaires/template.ts';
import { isAnswerableQuestion, answerableQuestions, type AnswerStructure } from './applicability.ts';
import { isCleared } from './answer-rules.ts';
import { EVALUATED_STATES, REVIEWED_STATES, type AssetQuestionnaireState, type StoredAnswer } from './answers.ts';

/** The answer fields progress looks at. */
export type ProgressAnswer = Pick<StoredAnswer, 'questionId' | 'inputAnswer' | 'multipleChoiceOption' | 'state'>;

/**
 * How far a filled questionnaire is (spec 02 §4 "Progress"), over the questions answered by hand of the
 * applicable structure (virtual questions are computed and count nowhere):
 * - answered of total: questions with an answer that is not cleared;
 * - reviewed: answers in state Declined, Verification or ReviewAccepted, and those the evaluator accepted since
 *   (EvaluationAccepted: reviewed first);
 * - evaluated: answers in state Declined or EvaluationAccepted; once the questionnaire is closed (Closed, Expired)
 *   the evaluator accepted it whole, so every accepted answer counts as evaluated, whether or not it was
 *   accepted one by one (the count of an accepted questionnaire is never 0 of its reviewed answers);
 * - reviewRelevant / reviewRelevantAnswered: the same for the questions marked relevant for review, the pool
 *   testers draw their sample from (DOMAIN.md §3).
 * Answers to questions outside the structure (no longer applicable, or of another version) are ignored.
 */
export interface Progress {
  answered: number;
  total: number;
  reviewed: number;
  evaluated: number;
  reviewRelevant: number;
  reviewRelevantAnswered: number;
}

export interface NodeProgress {
  answered: number;
  total: number;
}

const answersById = (answers: readonly ProgressAnswer[]): Map<number, ProgressAnswer> => {
  const byId = new Map<number, ProgressAnswer>();
  // Where one question has more than one row (never stored so, but sent so), the last one counts, as in a save.
  for (const a of answers) byId.set(a.questionId, a);
  return byId;
};

const isAnswered = (a: ProgressAnswer | undefined): boolean => a !== undefined && !isCleared(a);

/** The states of a questionnaire the evaluator accepted (toClosed, DOMAIN.md §3), and it expired since. */
const ACCEPTED_AS_A_WHOLE: readonly AssetQuestionnaireState[] = ['Closed', 'Expired'];
const ACCEPTED_ANSWER_STATES: readonly string[] = ['ReviewAccepted', 'EvaluationAccepted'];

export const progress = (structure: AnswerStructure, answers: readonly ProgressAnswer[], questionnaireState: AssetQuestionnaireState | null = null): Progress => {
  const byId = answersById(answers);
  const closed = questionnaireState !== null && ACCEPTED_AS_A_WHOLE.includes(questionnaireState);
  const result: Progress = { answered: 0, total: 0, reviewed: 0, evaluated: 0, reviewRelevant: 0, reviewRelevantAnswered: 0 };
  for (const question of answerableQuestions(structure)) {
    const answer = question.id === null ? undefined : byId.get(question.id);
    const answered = isAnswered(answer);
    result.total += 1;
    if (answered) result.answered += 1;
    const state = answer?.state ?? null;
    if (state !== null && (REVIEWED_STATES.includes(state) || state === 'EvaluationAccepted')) result.reviewed += 1;
    if (state !== null && (EVALUATED_STATES.includes(state) || (closed && ACCEPTED_ANSWER_STATES.includes(state)))) result.evaluated += 1;
    if (question.relevantForReview) {
      result.reviewRelevant += 1;
      if (answered) result.reviewRelevantAnswered += 1;
    }
  }
  return result;
};

/**
 * Answered of total per node of the tree, for the navigation: keys `cluster:<n>` (n the 1-based position, the
 * route's `clusterNum`), `category:<id>` and `section:<id>`. Every cluster has an entry, an empty one 0 of 0.
 */
export const progressByNode = (structure: AnswerStructure, answers: readonly ProgressAnswer[]): Record<string, NodeProgress> => {
  const byId = answersById(answers);
  const count = (questions: readonly Question[]): NodeProgress => {
    const counted = questions.filter(isAnswerableQuestion);
    return { answered: counted.filter((q) => q.id !== null && isAnswered(byId.get(q.id))).length, total: counted.length };
  };
  const add = (a: NodeProgress, b: NodeProgress): NodeProgress => ({ answered: a.answered + b.answered, total: a.total + b.total });
  const nodes: Record<string, NodeProgress> = {};
  structure.clusters.forEach((cluster, index) => {
    let clusterSum: NodeProgress = { answered: 0, total: 0 };
    for (const category of cluster.categories) {
      let categorySum: NodeProgress = { answered: 0, total: 0 };
      for (const section of category.sections) {
        const sectionSum = count(section.questions);
        if (section.id !== null) nodes[`section:${section.id}`] = sectionSum;
        categorySum = add(categorySum, sectionSum);
      }
      if (category.id !== null) nodes[`category:${category.id}`] = categorySum;
      clusterSum = add(clusterSum, categorySum);
    }
    nodes[`cluster:${index + 1}`] = clusterSum;
  });
  return nodes;
};

/**
 * The next question still to answer, in tree order, after `afterQuestionId`; past the end it starts again
 * from the beginning, so that "next" finds every open question wherever the user stands. Null when all are
 * answered (the question itself counts last, when it is the only one open).
 */
export const nextUnanswered = (structure: AnswerStructure, answers: readonly ProgressAnswer[], afterQuestionId?: number): number | null => {
  const byId = answersById(answers);
  const ids = answerableQuestions(structure)
    .map((q) => q.id)
    .filter((id): id is number => id !== null);
  const start = afterQuestionId === undefined ? -1 : ids.indexOf(afterQuestionId);
  const rotated = [...ids.slice(start + 1), ...ids.slice(0, start + 1)];
  return rotated.find((id) => !isAnswered(byId.get(id))) ?? null;
};
