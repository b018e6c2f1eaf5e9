// The rules of one answer (spec 02 §4, §5, §8; DOMAIN.md §5): what may be saved, in which state, how it is logged and read.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { blankOption, blankQuestion } from '../questionnaires/editing.ts';
import { KPI_KEY_LIST, type Question } from '../questionnaires/template.ts';
import { anyInput, question, validValue } from './arbitraries/answering.ts';
import {
  answerText,
  changeKind,
  checkAnswer,
  GENERAL_VALUE_MAXIMUM,
  isAnswerable,
  isCleared,
  isQuestionAnswerable,
  VALUE_MAXIMA,
  valueMaximum,
  type AnswerProblemKey,
} from './answer-rules.ts';
import { ANSWER_STATES, ASSET_QUESTIONNAIRE_STATES, sameValue, type AnswerInput, type AnswerState, type AnswerValue, type AssetQuestionnaireState } from './answers.ts';

const keyOf = (result: ReturnType<typeof checkAnswer>): AnswerProblemKey | 'ok' => (E.isLeft(result) ? result.left.key : 'ok');
const valueOf = (result: ReturnType<typeof checkAnswer>): AnswerValue => {
  if (E.isLeft(result)) throw new Error(`refused: ${result.left.key}`);
  return result.right;
};

const withOptions = (type: Question['type'], exclusive: boolean[] = []): Question => ({
  ...blankQuestion(7, 'heating', 'en', 1),
  type,
  options: [0, 1, 2].map((i) => ({ ...blankOption(71 + i, i + 1), text: `Option ${i + 1}`, isExclusive: exclusive[i] ?? false, translations: [{ language: 'de', text: `Antwort ${i + 1}` }, { language: 'en', text: `Answer ${i + 1}` }] })),
});
const single = withOptions('SingleChoice');
/** Options 71 and 72 combine; 73 ("none of these") stands alone. */
const multiple = withOptions('MultipleChoice', [false, false, true]);
const energy: Question = { ...blankQuestion(8, 'energy', 'en', 2), type: 'ValueQuestion', kpiKey: 'finalEnergyTotal' };
const plainValue: Question = { ...blankQuestion(9, 'tenants', 'en', 3), type: 'ValueQuestion', kpiKey: null };
const virtual: Question = { ...blankQuestion(10, 'energy-dw', 'en', 4), type: 'VirtualQuestion', virtualQuestionType: 'DW', parentQuestionId: 8 };

describe('which answers are saved (spec 02 §5)', () => {
  it.each<[string, Question | undefined, AnswerInput, AnswerProblemKey | 'ok']>([
    ['a question not in the questionnaire', undefined, { multipleChoiceOption: [71] }, 'answer-question-unknown'],
    ['a virtual question, even with a number', virtual, { inputAnswer: 3 }, 'answer-virtual'],
    ['a virtual question, even cleared', virtual, {}, 'answer-virtual'],
    ['single choice with one of its options', single, { multipleChoiceOption: [72] }, 'ok'],
    ['single choice with two options', single, { multipleChoiceOption: [71, 72] }, 'answer-single-choice-one'],
    ['single choice with the same option twice (it counts once)', single, { multipleChoiceOption: [72, 72] }, 'ok'],
    ['single choice with an option of another question', single, { multipleChoiceOption: [81] }, 'answer-option-unknown'],
    ['single choice with a number', single, { inputAnswer: 1 }, 'answer-kind-mismatch'],
    ['multiple choice with two combinable options', multiple, { multipleChoiceOption: [71, 72] }, 'ok'],
    ['multiple choice with the exclusive option alone', multiple, { multipleChoiceOption: [73] }, 'ok'],
    ['multiple choice with the exclusive option and another', multiple, { multipleChoiceOption: [71, 73] }, 'answer-exclusive-alone'],
    ['multiple choice with an option of another question', multiple, { multipleChoiceOption: [71, 999] }, 'answer-option-unknown'],
    ['multiple choice with options that are not a list', multiple, { multipleChoiceOption: '71' }, 'answer-option-unknown'],
    ['a value of 0', energy, { inputAnswer: 0 }, 'ok'],
    ['a value of 125.5 kWh/m²/a', energy, { inputAnswer: 125.5 }, 'ok'],
    ['a value at the maximum, 10 000 kWh/m²/a', energy, { inputAnswer: 10_000 }, 'ok'],
    ['a value above the maximum', energy, { inputAnswer: 10_000.01 }, 'answer-value-too-large'],
    ['a negative value', energy, { inputAnswer: -1 }, 'answer-value-negative'],
    ['a value as text (the client parses the locale)', energy, { inputAnswer: '12,5' }, 'answer-value-not-number'],
    ['NaN', energy, { inputAnswer: Number.NaN }, 'answer-value-not-number'],
    ['infinity', energy, { inputAnswer: Number.POSITIVE_INFINITY }, 'answer-value-not-number'],
    ['a value question with options', energy, { multipleChoiceOption: [71] }, 'answer-kind-mismatch'],
    ['a value question without KPI key, a million', plainValue, { inputAnswer: 1e6 }, 'ok'],
    ['a value question without KPI key, beyond a billion', plainValue, { inputAnswer: 1e9 + 1 }, 'answer-value-too-large'],
    ['clearing a single choice', single, { inputAnswer: null, multipleChoiceOption: [] }, 'ok'],
    ['clearing a value question by sending nothing', energy, {}, 'ok'],
  ])('%s: %s', (_, q, input, expected) => {
    expect(keyOf(checkAnswer(q, input))).toBe(expected);
  });

  it('says where the problem is and, for a value too large, the maximum', () => {
    expect(checkAnswer(multiple, { multipleChoiceOption: [71, 73] })).toEqual(E.left({ key: 'answer-exclusive-alone', path: ['multipleChoiceOption', 1] }));
    expect(checkAnswer(single, { multipleChoiceOption: [71, 5] })).toEqual(E.left({ key: 'answer-option-unknown', path: ['multipleChoiceOption', 1] }));
    expect(checkAnswer(energy, { inputAnswer: 12_000 })).toEqual(E.left({ key: 'answer-value-too-large', path: ['inputAnswer'], params: { max: 10_000 } }));
  });

  it('stores options in the question\'s order, whatever order they were sent in', () => {
    expect(valueOf(checkAnswer(multiple, { multipleChoiceOption: [72, 71] }))).toEqual({ inputAnswer: null, multipleChoiceOption: [71, 72] });
  });

  it('accepts every valid answer and stores what it says', () => {
    fc.assert(
      fc.property(
        question(1, ['SingleChoice', 'MultipleChoice', 'ValueQuestion']).chain((q) => fc.tuple(fc.constant(q), validValue(q))),
        ([q, value]) => {
          const stored = valueOf(checkAnswer(q, value));
          expect(sameValue(stored, value)).toBe(true);
          expect(isCleared(stored)).toBe(false);
        },
      ),
    );
  });

  it('an accepted single choice has exactly one option of that question', () => {
    fc.assert(
      fc.property(question(1, ['SingleChoice']).chain((q) => fc.tuple(fc.constant(q), anyInput(q))), ([q, input]) => {
        const result = checkAnswer(q, input);
        if (E.isLeft(result) || isCleared(result.right)) return;
        expect(result.right.inputAnswer).toBeNull();
        expect(result.right.multipleChoiceOption).toHaveLength(1);
        expect(q.options.map((o) => o.id)).toContain(result.right.multipleChoiceOption[0]);
      }),
    );
  });

  it('an accepted multiple choice has options of that question only, and an exclusive option stands alone', () => {
    fc.assert(
      fc.property(question(1, ['MultipleChoice']).chain((q) => fc.tuple(fc.constant(q), anyInput(q))), ([q, input]) => {
        const result = checkAnswer(q, input);
        if (E.isLeft(result) || isCleared(result.right)) return;
        const chosen = result.right.multipleChoiceOption;
        expect(chosen.length).toBeGreaterThanOrEqual(1);
        expect(new Set(chosen).size).toBe(chosen.length);
        for (const id of chosen) expect(q.options.map((o) => o.id)).toContain(id);
        if (chosen.some((id) => q.options.find((o) => o.id === id)!.isExclusive)) expect(chosen).toHaveLength(1);
      }),
    );
  });

  it('choosing an exclusive option together with any other is refused', () => {
    fc.assert(
      fc.property(
        question(1, ['MultipleChoice']).filter((q) => q.options.some((o) => o.isExclusive)),
        fc.nat(),
        (q, pick) => {
          const exclusive = q.options.filter((o) => o.isExclusive);
          const ex = exclusive[pick % exclusive.length]!;
          const other = q.options.find((o) => o.id !== ex.id)!;
          expect(keyOf(checkAnswer(q, { multipleChoiceOption: [other.id, ex.id] }))).toBe('answer-exclusive-alone');
        },
      ),
    );
  });

  it('an accepted value is a finite number from 0 to the maximum of its KPI key, without options', () => {
    fc.assert(
      fc.property(question(1, ['ValueQuestion']).chain((q) => fc.tuple(fc.constant(q), anyInput(q))), ([q, input]) => {
        const result = checkAnswer(q, input);
        if (E.isLeft(result) || isCleared(result.right)) return;
        expect(result.right.multipleChoiceOption).toEqual([]);
        expect(Number.isFinite(result.right.inputAnswer)).toBe(true);
        expect(result.right.inputAnswer).toBeGreaterThanOrEqual(0);
        expect(result.right.inputAnswer).toBeLessThanOrEqual(valueMaximum(q));
      }),
    );
  });

  it('every value question has a maximum: its KPI key\'s, or the general one', () => {
    for (const key of KPI_KEY_LIST) expect(VALUE_MAXIMA[key]).toBeGreaterThan(0);
    expect(valueMaximum({ kpiKey: 'co2' })).toBe(5000);
    expect(valueMaximum({ kpiKey: 'water' })).toBe(100);
    expect(valueMaximum({ kpiKey: 'waste' })).toBe(1000);
    expect(valueMaximum({ kpiKey: null })).toBe(GENERAL_VALUE_MAXIMUM);
  });

  it('a virtual question is never answered by hand, whatever is sent', () => {
    fc.assert(
      fc.property(question(1, ['VirtualQuestion']).chain((q) => fc.tuple(fc.constant(q), anyInput(q))), ([q, input]) => {
        expect(keyOf(checkAnswer(q, input))).toBe('answer-virtual');
      }),
    );
  });

  it('sending nothing clears the answer of any question answered by hand', () => {
    fc.assert(
      fc.property(question(1, ['SingleChoice', 'MultipleChoice', 'ValueQuestion']), (q) => {
        expect(checkAnswer(q, { inputAnswer: null, multipleChoiceOption: [] })).toEqual(E.right({ inputAnswer: null, multipleChoiceOption: [] }));
      }),
    );
  });
});

describe('when an answer may be changed (spec 02 §4)', () => {
  /** The rule as the specification words it, for the property to hold the implementation against. */
  const model = (state: AssetQuestionnaireState, answer: AnswerState | null) =>
    state === 'Active' || (state === 'Declined' && (answer === null || answer === 'Answered' || answer === 'Declined'));

  it('answerable exactly while Active, or while Declined for answers not reviewed or declined', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), fc.option(fc.constantFrom(...ANSWER_STATES), { nil: null }), (state, answer) => {
        expect(isAnswerable(state, answer)).toBe(model(state, answer));
      }),
    );
  });

  it.each<[AssetQuestionnaireState, AnswerState | null, boolean]>([
    ['Active', null, true],
    ['Active', 'ReviewAccepted', true],
    ['Declined', null, true],
    ['Declined', 'Answered', true],
    ['Declined', 'Declined', true],
    ['Declined', 'ReviewAccepted', false],
    ['Declined', 'Verification', false],
    ['Declined', 'EvaluationAccepted', false],
    ['Review', 'Answered', false],
    ['Evaluation', null, false],
    ['Verification', 'Verification', false],
    ['Closed', 'Answered', false],
    ['DefinitelyDeclined', 'Declined', false],
    ['Expired', null, false],
  ])('questionnaire %s, answer %s: %s', (state, answer, expected) => {
    expect(isAnswerable(state, answer)).toBe(expected);
  });

  it('a virtual question is not answerable in any state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), fc.option(fc.constantFrom(...ANSWER_STATES), { nil: null }), (state, answer) => {
        expect(isQuestionAnswerable(state, { type: 'VirtualQuestion' }, answer)).toBe(false);
        expect(isQuestionAnswerable(state, { type: 'SingleChoice' }, answer)).toBe(isAnswerable(state, answer));
      }),
    );
  });
});

describe('what the change log records', () => {
  const none: AnswerValue = { inputAnswer: null, multipleChoiceOption: [] };
  it.each<[string, AnswerValue | null, AnswerValue, string | null]>([
    ['a first answer', null, { inputAnswer: 5, multipleChoiceOption: [] }, 'Answered'],
    ['an answer after one that was cleared', none, { inputAnswer: null, multipleChoiceOption: [71] }, 'Answered'],
    ['a changed number', { inputAnswer: 5, multipleChoiceOption: [] }, { inputAnswer: 6, multipleChoiceOption: [] }, 'ModifiedAnswer'],
    ['a changed option', { inputAnswer: null, multipleChoiceOption: [71] }, { inputAnswer: null, multipleChoiceOption: [72] }, 'ModifiedAnswer'],
    ['the same options in another order', { inputAnswer: null, multipleChoiceOption: [71, 72] }, { inputAnswer: null, multipleChoiceOption: [72, 71] }, null],
    ['the same number', { inputAnswer: 5, multipleChoiceOption: [] }, { inputAnswer: 5, multipleChoiceOption: [] }, null],
    ['clearing', { inputAnswer: 5, multipleChoiceOption: [] }, none, 'RemovedAnswer'],
    ['clearing what is empty', none, none, null],
    ['clearing what never was', null, none, null],
  ])('%s: %s', (_, old, next, expected) => {
    expect(changeKind(old, next)).toBe(expected);
  });

  it('logs nothing exactly when the answer says the same as before', () => {
    const value = fc.record({ inputAnswer: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), multipleChoiceOption: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }) });
    fc.assert(
      fc.property(fc.option(value, { nil: null }), value, (old, next) => {
        const kind = changeKind(old, next);
        const oldEmpty = old === null || isCleared(old);
        expect(kind === null).toBe(oldEmpty ? isCleared(next) : sameValue(old, next));
      }),
    );
  });
});

describe('how an answer reads in the change log and exports', () => {
  it.each<[string, Question, AnswerValue, 'de' | 'en', string]>([
    ['one option in English', single, { inputAnswer: null, multipleChoiceOption: [72] }, 'en', 'Answer 2'],
    ['one option in German', single, { inputAnswer: null, multipleChoiceOption: [72] }, 'de', 'Antwort 2'],
    ['two options in the question\'s order', multiple, { inputAnswer: null, multipleChoiceOption: [72, 71] }, 'de', 'Antwort 1, Antwort 2'],
    ['an option no longer in the question', single, { inputAnswer: null, multipleChoiceOption: [17] }, 'en', '#17'],
    ['a figure with its unit in German', energy, { inputAnswer: 1234.5, multipleChoiceOption: [] }, 'de', '1.234,5 kWh/m²/a'],
    ['a figure with its unit in English', energy, { inputAnswer: 1234.5, multipleChoiceOption: [] }, 'en', '1,234.5 kWh/m²/a'],
    ['a small figure keeps its decimals', { ...energy, kpiKey: 'water' }, { inputAnswer: 0.125, multipleChoiceOption: [] }, 'de', '0,125 m³/m²/a'],
    ['a figure without KPI key', plainValue, { inputAnswer: 12, multipleChoiceOption: [] }, 'de', '12'],
    ['a cleared answer', single, { inputAnswer: null, multipleChoiceOption: [] }, 'en', ''],
  ])('%s', (_, q, value, language, expected) => {
    expect(answerText(q, value, language)).toBe(expected);
  });
});
