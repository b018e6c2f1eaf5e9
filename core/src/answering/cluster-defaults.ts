import * as E from 'fp-ts/Either';
import type { Question } from '../questionnaires/template.ts';
import { isAnswerableQuestion, type AnswerStructure } from './applicability.ts';
import { checkAnswer, isCleared } from './answer-rules.ts';
import { clearedValue, type AnswerValue } from './answers.ts';
import { mapOption, optionRef, type OptionRef } from './versions.ts';

/**
 * One cluster I answer saved for a group (spec 02 §4 "Cluster I defaults"). Options are kept by text and
 * order, not by id, because the group's objects may be on different template versions; they are found again
 * as in "update to active version" (`mapOption`).
 */
export interface ClusterDefault {
  staticTitle: string;
  inputAnswer: number | null;
  options: OptionRef[];
}

/** The questions of cluster I (the first cluster) that are answered by hand. */
export const clusterOneQuestions = (structure: AnswerStructure): Question[] =>
  (structure.clusters[0]?.categories ?? []).flatMap((c) => c.sections.flatMap((s) => s.questions)).filter(isAnswerableQuestion);

/** The group defaults a filled questionnaire gives: its answered cluster I questions, by static title. */
export const defaultsOf = (structure: AnswerStructure, answers: readonly (AnswerValue & { questionId: number })[]): ClusterDefault[] => {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  return clusterOneQuestions(structure).flatMap((q) => {
    const answer = q.id === null ? undefined : byId.get(q.id);
    if (!answer || isCleared(answer)) return [];
    const options = q.options.filter((o) => o.id !== null && answer.multipleChoiceOption.includes(o.id)).map(optionRef);
    return [{ staticTitle: q.staticTitle, inputAnswer: answer.inputAnswer, options }];
  });
};

/**
 * What taking the group defaults over writes (spec 02 §4: "taking over overwrites existing cluster I
 * answers"): for every cluster I question of the object's structure, the default of the same static title,
 * where it maps onto this version and passes `checkAnswer`; otherwise a cleared answer. Clearing those
 * without a usable default makes cluster I equal to the group's, which the group's submission asks for
 * (DOMAIN.md §4 code 6). Which answers may be written in the questionnaire's state is `isAnswerable`'s call.
 */
export const fillFromDefaults = (structure: AnswerStructure, defaults: readonly ClusterDefault[]): { questionId: number; value: AnswerValue }[] =>
  clusterOneQuestions(structure).flatMap((q) => {
    if (q.id === null) return [];
    const found = defaults.find((d) => d.staticTitle === q.staticTitle);
    return [{ questionId: q.id, value: found ? (fromDefault(q, found) ?? clearedValue()) : clearedValue() }];
  });

const fromDefault = (question: Question, found: ClusterDefault): AnswerValue | null => {
  const ids = found.options.map((ref) => mapOption(ref, found.options, question));
  if (ids.some((id) => id === null)) return null;
  const checked = checkAnswer(question, { inputAnswer: found.inputAnswer, multipleChoiceOption: ids });
  return E.isRight(checked) ? checked.right : null;
};
