import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { allQuestions, type ObjectCategory, type Question, type QuestionnaireType, type QuestionOption } from '../questionnaires/template.ts';
import type { AnswerStructure } from './applicability.ts';
import { checkAnswer, isCleared } from './answer-rules.ts';
import type { AnswerValue, AssetQuestionnaireState } from './answers.ts';

/** The active template of each type, by id; a type without an active template is missing. */
export type ActiveTemplateIds = Partial<Record<QuestionnaireType, number>>;

/**
 * The template a new filled questionnaire takes (DOMAIN.md §9): the active template of the object's category
 * (`conditionsAndEnvironmentGoals`), else the active Ecore template. Buyer assets take the active Finance
 * template first. Null where none of them is active (the start is refused).
 */
export const pickTemplate = (objectCategory: ObjectCategory, isBuyerAsset: boolean, activeIdsByType: ActiveTemplateIds): number | null =>
  (isBuyerAsset ? activeIdsByType.Finance : undefined) ?? activeIdsByType[objectCategory] ?? activeIdsByType.Ecore ?? null;

/** An option as it can be found again in another version: by its default text, else by its order. */
export interface OptionRef {
  text: string;
  order: number;
}

export const optionRef = (option: Pick<QuestionOption, 'text' | 'order'>): OptionRef => ({ text: option.text, order: option.order });

const sameText = (a: string, b: string) => a.trim() === b.trim();

/**
 * The id in `target` of an option of another version (DOMAIN.md §8): the option with the same default text;
 * else the option at the same order, provided no option of the old question carries that option's text
 * (so that "Ja"/"Nein" swapped in order still map by text, and a renamed option maps by its place).
 * Null where neither finds one.
 */
export const mapOption = (ref: OptionRef, oldOptions: readonly OptionRef[], target: Pick<Question, 'options'>): number | null => {
  const candidates = target.options.filter((o): o is QuestionOption & { id: number } => o.id !== null);
  const byText = candidates.find((o) => sameText(o.text, ref.text));
  if (byText) return byText.id;
  const byOrder = candidates.find((o) => o.order === ref.order && !oldOptions.some((old) => sameText(old.text, o.text)));
  return byOrder?.id ?? null;
};

/** An answer of the old version, as `carryOver` takes it. */
export type CarriedAnswer = AnswerValue & { questionId: number };

export interface CarryOverResult {
  /** Answers for the new version: the new question's id, the old one's, and the value in the new option ids. */
  kept: { questionId: number; fromQuestionId: number; value: AnswerValue }[];
  /** Old question ids whose answer is not carried over. */
  dropped: number[];
}

/**
 * "Update to active version" (DOMAIN.md §8): an answer survives exactly when its question's `staticTitle`
 * exists in the new version, its options can be found there (`mapOption`) and the result still passes
 * `checkAnswer` against the new question (a question now virtual, a value above a new maximum, a single
 * choice turned into a value question are dropped). Cleared answers say nothing and are neither kept nor
 * dropped. Where a static title occurs twice in the new version (activation forbids it) the first counts.
 */
export const carryOver = (oldStructure: AnswerStructure, newStructure: AnswerStructure, answers: readonly CarriedAnswer[]): CarryOverResult => {
  const oldById = new Map(allQuestions(oldStructure).map((q) => [q.id, q]));
  const newByTitle = new Map<string, Question>();
  for (const q of allQuestions(newStructure)) if (!newByTitle.has(q.staticTitle)) newByTitle.set(q.staticTitle, q);
  const result: CarryOverResult = { kept: [], dropped: [] };
  for (const answer of answers) {
    if (isCleared(answer)) continue;
    const carried = carry(oldById.get(answer.questionId), newByTitle, answer);
    if (carried) result.kept.push({ questionId: carried.question.id!, fromQuestionId: answer.questionId, value: carried.value });
    else result.dropped.push(answer.questionId);
  }
  return result;
};

const carry = (oldQuestion: Question | undefined, newByTitle: Map<string, Question>, answer: CarriedAnswer): { question: Question; value: AnswerValue } | null => {
  if (!oldQuestion) return null;
  const question = newByTitle.get(oldQuestion.staticTitle);
  if (!question || question.id === null) return null;
  const oldRefs = oldQuestion.options.map(optionRef);
  const mapped: number[] = [];
  for (const id of answer.multipleChoiceOption) {
    const old = oldQuestion.options.find((o) => o.id === id);
    const to = old ? mapOption(optionRef(old), oldRefs, question) : null;
    if (to === null) return null;
    mapped.push(to);
  }
  const checked = checkAnswer(question, { inputAnswer: answer.inputAnswer, multipleChoiceOption: mapped });
  return E.isRight(checked) && !isCleared(checked.right) ? { question, value: checked.right } : null;
};

export type UpdateToActiveKey = 'questionnaire-update-to-active-not-active' | 'questionnaire-update-to-active-current';

/**
 * Whether one object's filled questionnaire moves to the active version (spec 02 §4): it is Active, and not
 * already on the template `pickTemplate` chooses for the object now. "Its type" is read as that choice, so
 * that an object started on Ecore while its category had no active template moves to its category's template
 * once there is one. Answers the template to move to.
 */
export const updateToActiveProblem = (
  filled: { state: AssetQuestionnaireState; questionnaireId: number },
  targetTemplateId: number | null,
): Either<UpdateToActiveKey, number> => {
  if (filled.state !== 'Active') return E.left('questionnaire-update-to-active-not-active');
  if (targetTemplateId === null || targetTemplateId === filled.questionnaireId) return E.left('questionnaire-update-to-active-current');
  return E.right(targetTemplateId);
};

/** One object of a group, as the group update looks at it: its latest filled questionnaire and where it would move. */
export interface GroupObjectVersion {
  assetId: number;
  state: AssetQuestionnaireState;
  questionnaireId: number;
  /** `pickTemplate` for the object now. */
  targetTemplateId: number | null;
}

/**
 * The group's "update to active version" (spec 02 §4, §8, §9): among the objects whose filled questionnaire
 * is Active there are at most two distinct templates, and all of those not on their active template share
 * the same non-active one; else 'questionnaire-update-to-active-invalid'. A group with no Active object, or
 * none to move, is refused the same way (there is nothing the update could do). Objects in other states
 * (in review, closed) are left alone. Answers the objects to move and the template they leave.
 */
export const groupUpdateToActiveProblem = (
  objects: readonly GroupObjectVersion[],
): Either<'questionnaire-update-to-active-invalid', { assetIds: number[]; fromTemplateId: number }> => {
  const active = objects.filter((o) => o.state === 'Active');
  if (new Set(active.map((o) => o.questionnaireId)).size > 2) return E.left('questionnaire-update-to-active-invalid');
  const outdated = active.filter((o) => o.questionnaireId !== o.targetTemplateId);
  const from = new Set(outdated.map((o) => o.questionnaireId));
  if (outdated.length === 0 || from.size !== 1 || outdated.some((o) => o.targetTemplateId === null)) return E.left('questionnaire-update-to-active-invalid');
  return E.right({ assetIds: outdated.map((o) => o.assetId), fromTemplateId: outdated[0]!.questionnaireId });
};

/** The states in which an object's filled questionnaire is finished, so that a new filled questionnaire may start (spec 02 §4). */
export const FINISHED_STATES: readonly AssetQuestionnaireState[] = ['Closed', 'Expired', 'DefinitelyDeclined'];

/** A new filled questionnaire starts when the object has none, or its latest one is finished. */
export const mayStartNewRun = (latestState: AssetQuestionnaireState | null): boolean => latestState === null || FINISHED_STATES.includes(latestState);

/**
 * The reporting year of a filled questionnaire started at `startedAt` (milliseconds): the calendar year before,
 * whose consumption the answers give (DOMAIN.md §5).
 */
export const reportingYearOf = (startedAt: number): number => new Date(startedAt).getUTCFullYear() - 1;
