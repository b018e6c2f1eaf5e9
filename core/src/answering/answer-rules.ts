import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import type { Language } from '../shared/language.ts';
import { formatLocaleNumber } from '../shared/locale-number.ts';
import { KPI_KEYS, optionTextIn, type KpiKey, type Question } from '../questionnaires/template.ts';
import type { AnswerInput, AnswerState, AnswerValue, AssetQuestionnaireState, ChangeKind } from './answers.ts';
import { sameValue } from './answers.ts';

/**
 * The upper bound of a value question's figure per KPI key (spec 02 §5 "Numeric answer above the maximum",
 * §8 "Numeric value too large, with a support contact"). The specification names no figures; these are
 * chosen so that no real building reaches them and a slip of the keyboard (a total instead of a figure per
 * m², a misplaced decimal point) does:
 * - final energy, in total and per carrier: 10 000 kWh/m²/a (hospitals and data centres stay below ~1 500; a figure
 *   far above that is a plausibility flag to explain, issue 40, not a refusal — a total typed instead of a figure
 *   per m² is larger still);
 * - CO2: 5 000 kg CO2e/m²/a (10 000 kWh at the most carbon-heavy factor of ~0.5 kg/kWh);
 * - water: 100 m³/m²/a (offices use ~0.5, swimming pools some 10);
 * - waste: 1000 kg/m²/a.
 */
export const VALUE_MAXIMA: Record<KpiKey, number> = {
  finalEnergyTotal: 10_000,
  finalEnergyGridElectricity: 10_000,
  finalEnergyGas: 10_000,
  finalEnergyOil: 10_000,
  finalEnergyDistrictHeating: 10_000,
  finalEnergyDistrictCooling: 10_000,
  finalEnergyRenewablesConsumed: 10_000,
  finalEnergyRenewablesExported: 10_000,
  co2: 5000,
  water: 100,
  waste: 1000,
};

/** The bound of a value question without KPI key: only absurd figures (and what a float cannot hold exactly) are refused. */
export const GENERAL_VALUE_MAXIMUM = 1e9;

/** The largest figure a value question accepts. */
export const valueMaximum = (question: Pick<Question, 'kpiKey'>): number =>
  question.kpiKey === null ? GENERAL_VALUE_MAXIMUM : VALUE_MAXIMA[question.kpiKey];

export const ANSWER_PROBLEM_KEYS = [
  'answer-question-unknown',
  'answer-virtual',
  'answer-kind-mismatch',
  'answer-option-unknown',
  'answer-single-choice-one',
  'answer-exclusive-alone',
  'answer-value-not-number',
  'answer-value-negative',
  'answer-value-too-large',
  'answer-provenance-unknown',
] as const;
export type AnswerProblemKey = (typeof ANSWER_PROBLEM_KEYS)[number];

/**
 * Why an answer is refused: the message key, where in the answer (`['multipleChoiceOption', 1]`), and what
 * the text needs filled in (`max` for a value too large, in the request's number format by the caller).
 */
export interface AnswerProblem {
  key: AnswerProblemKey;
  path: (string | number)[];
  params?: { max: number };
}

const problem = (key: AnswerProblemKey, path: (string | number)[], params?: { max: number }): Either<AnswerProblem, never> =>
  E.left(params ? { key, path, params } : { key, path });

/** Neither a number nor an option: saving it clears the answer (state null, change kind RemovedAnswer; spec 02 §4). */
export const isCleared = (value: AnswerInput | AnswerValue): boolean => {
  const options = value.multipleChoiceOption;
  return (value.inputAnswer === null || value.inputAnswer === undefined) && (options === null || options === undefined || (Array.isArray(options) && options.length === 0));
};

/**
 * Checks an answer against its question and answers it in its stored form (spec 02 §5, DOMAIN.md §5):
 * - a question that is not in the structure, and a virtual question, are never answered by hand;
 * - a cleared answer (no number, no option) is always accepted: it takes an answer back;
 * - single choice: exactly one option of that question;
 * - multiple choice: one or more options of that question; an exclusive option stands alone;
 * - value question: a finite number from 0 to the maximum of its KPI key (`VALUE_MAXIMA`);
 * - options for a value question, or a number for a choice question, do not fit (`answer-kind-mismatch`).
 * An option chosen twice counts once; options are stored in the question's order, so that the same choice is
 * stored the same way whatever order it was sent in.
 */
export const checkAnswer = (question: Question | undefined, input: AnswerInput): Either<AnswerProblem, AnswerValue> => {
  if (!question) return problem('answer-question-unknown', ['questionId']);
  if (question.type === 'VirtualQuestion') return problem('answer-virtual', ['questionId']);
  const rawNumber = input.inputAnswer ?? null;
  const rawOptions = input.multipleChoiceOption ?? [];
  if (rawNumber !== null && (typeof rawNumber !== 'number' || !Number.isFinite(rawNumber))) return problem('answer-value-not-number', ['inputAnswer']);
  if (!Array.isArray(rawOptions)) return problem('answer-option-unknown', ['multipleChoiceOption']);
  const inputAnswer = rawNumber as number | null;
  if (inputAnswer === null && rawOptions.length === 0) return E.right({ inputAnswer: null, multipleChoiceOption: [] });

  if (question.type === 'ValueQuestion') {
    if (rawOptions.length > 0) return problem('answer-kind-mismatch', ['multipleChoiceOption']);
    const value = inputAnswer!;
    if (value < 0) return problem('answer-value-negative', ['inputAnswer']);
    const max = valueMaximum(question);
    if (value > max) return problem('answer-value-too-large', ['inputAnswer'], { max });
    // -0 and 0 are one figure; stored as 0 so that a later save of 0 is "unchanged".
    return E.right({ inputAnswer: value === 0 ? 0 : value, multipleChoiceOption: [] });
  }

  if (inputAnswer !== null) return problem('answer-kind-mismatch', ['inputAnswer']);
  const known = question.options.filter((o): o is typeof o & { id: number } => o.id !== null);
  for (const [index, id] of rawOptions.entries()) {
    if (!known.some((o) => o.id === id)) return problem('answer-option-unknown', ['multipleChoiceOption', index]);
  }
  const chosen = known.filter((o) => (rawOptions as unknown[]).includes(o.id));
  if (question.type === 'SingleChoice' && chosen.length !== 1) return problem('answer-single-choice-one', ['multipleChoiceOption']);
  if (question.type === 'MultipleChoice' && chosen.length > 1) {
    const exclusive = rawOptions.findIndex((id) => chosen.some((o) => o.id === id && o.isExclusive));
    if (exclusive >= 0) return problem('answer-exclusive-alone', ['multipleChoiceOption', exclusive]);
  }
  return E.right({ inputAnswer: null, multipleChoiceOption: chosen.map((o) => o.id) });
};

/** The answer states an answer may still be changed in while the questionnaire is Declined. */
const OPEN_AFTER_DECLINE: readonly (AnswerState | null)[] = [null, 'Answered', 'Declined'];

/**
 * Whether an answer may be saved now (spec 02 §4): the filled questionnaire is Active; or it is Declined and
 * the answer is one the tester has not looked at (no state yet, or Answered) or one the tester declined. An
 * answer the tester accepted, or sent to verification, stays as reviewed. In every other state (Review,
 * Evaluation, Closed, Verification, DefinitelyDeclined, Expired) nothing is answered: in Verification the
 * customer uploads documents, the answers stay.
 */
export const isAnswerable = (questionnaireState: AssetQuestionnaireState, answerState: AnswerState | null): boolean =>
  questionnaireState === 'Active' || (questionnaireState === 'Declined' && OPEN_AFTER_DECLINE.includes(answerState));

/** `isAnswerable` for one question: a virtual question is never answered by hand, whatever the state. */
export const isQuestionAnswerable = (
  questionnaireState: AssetQuestionnaireState,
  question: Pick<Question, 'type'>,
  answerState: AnswerState | null,
): boolean => question.type !== 'VirtualQuestion' && isAnswerable(questionnaireState, answerState);

/**
 * What a save writes to the change log (spec 02 §3): Answered where there was nothing before, RemovedAnswer
 * where the answer is cleared, ModifiedAnswer where it changed, and nothing (null) where it says the same as
 * before (or stays empty). A previous answer that was cleared counts as nothing before.
 */
export const changeKind = (old: AnswerValue | null, next: AnswerValue): ChangeKind | null => {
  const before = old !== null && !isCleared(old);
  const after = !isCleared(next);
  if (!before) return after ? 'Answered' : null;
  if (!after) return 'RemovedAnswer';
  return sameValue(old, next) ? null : 'ModifiedAnswer';
};

/**
 * How an answer reads in the change log and in exports: the chosen options' texts in the language, joined by
 * ", " in the question's order; a figure in the language's number format (decimal comma in German) with the
 * unit of its KPI key; '' for a cleared answer. Figures keep up to six decimals, so that nothing typed is
 * rounded away. An option no longer in the question reads as its id ("#17").
 */
export const answerText = (question: Pick<Question, 'options' | 'kpiKey'>, value: AnswerValue, language: Language): string => {
  if (value.inputAnswer !== null) {
    const figure = formatLocaleNumber(value.inputAnswer, language, 6);
    return question.kpiKey === null ? figure : `${figure} ${KPI_KEYS[question.kpiKey]}`;
  }
  const inOrder = question.options.filter((o) => o.id !== null && value.multipleChoiceOption.includes(o.id));
  const unknown = value.multipleChoiceOption.filter((id) => !question.options.some((o) => o.id === id));
  return [...inOrder.map((o) => optionTextIn(o, language)), ...unknown.map((id) => `#${id}`)].join(', ');
};
