import fc from 'fast-check';
import {
  AMBITION_LEVELS,
  ASSET_CLASSES,
  KPI_KEY_LIST,
  QUESTION_TYPES,
  type Cluster,
  type Question,
  type QuestionOption,
  type QuestionType,
} from '../../questionnaires/template.ts';
import { blankQuestion } from '../../questionnaires/editing.ts';
import { valueMaximum } from '../answer-rules.ts';
import type { AnswerStructure } from '../applicability.ts';
import { ANSWER_STATES, REVIEW_STATUSES, type AnswerInput, type AnswerValue, type StoredAnswer } from '../answers.ts';

/** Option ids are derived from the question id, so that they are unique across a structure: question 7 has 701, 702, … */
const optionId = (questionId: number, index: number) => questionId * 100 + index + 1;

const option = (questionId: number, index: number, isExclusive: boolean): QuestionOption => ({
  id: optionId(questionId, index),
  text: `Option ${index + 1}`,
  score: index,
  order: index + 1,
  isExclusive,
  translations: [
    { language: 'de', text: `Antwort ${index + 1}` },
    { language: 'en', text: `Answer ${index + 1}` },
  ],
});

/** A question of any type as a stored template holds it: choice questions with 2 to 5 options, some exclusive in multiple choice. */
export const question = (id: number, types: readonly QuestionType[] = QUESTION_TYPES): fc.Arbitrary<Question> =>
  fc
    .record({
      type: fc.constantFrom(...types),
      optionCount: fc.integer({ min: 2, max: 5 }),
      exclusive: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      assetTypes: fc.subarray([...ASSET_CLASSES], { maxLength: 3 }),
      ambitionLevel: fc.constantFrom(...AMBITION_LEVELS),
      kpiKey: fc.option(fc.constantFrom(...KPI_KEY_LIST), { nil: null }),
      relevantForReview: fc.boolean(),
    })
    .map(({ type, optionCount, exclusive, assetTypes, ambitionLevel, kpiKey, relevantForReview }) => ({
      ...blankQuestion(id, `q-${id}`, 'en', id),
      type,
      assetTypes,
      ambitionLevel,
      relevantForReview,
      kpiKey: type === 'ValueQuestion' ? kpiKey : null,
      virtualQuestionType: type === 'VirtualQuestion' ? ('DW' as const) : null,
      options:
        type === 'SingleChoice' || type === 'MultipleChoice'
          ? Array.from({ length: optionCount }, (_, i) => option(id, i, type === 'MultipleChoice' && exclusive[i]!))
          : [],
    }));

/**
 * Structures of 1 to 4 clusters with categories, sections and questions of every type; ids unique across the
 * structure (clusters 1–9, categories 10–99, sections 100–999, questions from 1000), static titles `q-<id>`.
 */
export const answerStructure = (types: readonly QuestionType[] = QUESTION_TYPES): fc.Arbitrary<AnswerStructure> =>
  fc
    .array(fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }), { maxLength: 3 }), { minLength: 1, maxLength: 4 })
    .chain((shape) => {
      let category = 10;
      let section = 100;
      let questionId = 1000;
      const built = shape.map((categories, ci) => ({
        ci,
        categories: categories.map((sections) => ({
          id: (category += 1),
          sections: sections.map((count) => ({ id: (section += 1), questionIds: Array.from({ length: count }, () => (questionId += 1)) })),
        })),
      }));
      const ids = built.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questionIds)));
      return fc.tuple(...ids.map((id) => question(id, types))).map((questions) => {
        const byId = new Map(questions.map((q) => [q.id!, q]));
        const clusters: Cluster[] = built.map(({ ci, categories }) => ({
          id: ci + 1,
          clusterIdentifier: ['I', 'II', 'III', 'IV'][ci]!,
          weight: 25,
          financeWeight: 25,
          isTaxonomyCluster: ci === 3,
          categories: categories.map((cat, order) => ({
            id: cat.id,
            translations: [{ language: 'de' as const, name: `Kategorie ${cat.id}` }],
            order,
            sections: cat.sections.map((s, so) => ({
              id: s.id,
              translations: [{ language: 'de' as const, name: `Abschnitt ${s.id}` }],
              weight: 1,
              financeWeight: 1,
              order: so,
              questions: s.questionIds.map((id) => byId.get(id)!),
            })),
          })),
        }));
        return { clusters };
      });
    });

/** A value `checkAnswer` accepts for the question and that is not cleared; none for a virtual question. */
export const validValue = (q: Question): fc.Arbitrary<AnswerValue> => {
  const ids = q.options.map((o) => o.id!);
  switch (q.type) {
    case 'SingleChoice':
      return fc.constantFrom(...ids).map((id) => ({ inputAnswer: null, multipleChoiceOption: [id] }));
    case 'MultipleChoice': {
      const exclusive = q.options.filter((o) => o.isExclusive).map((o) => o.id!);
      const combinable = q.options.filter((o) => !o.isExclusive).map((o) => o.id!);
      const alone = exclusive.map((id) => fc.constant([id]));
      const several = combinable.length > 0 ? [fc.subarray(combinable, { minLength: 1 })] : [];
      return fc.oneof(...alone, ...several).map((chosen) => ({ inputAnswer: null, multipleChoiceOption: ids.filter((id) => chosen.includes(id)) }));
    }
    case 'ValueQuestion':
      return fc
        .oneof(fc.double({ min: 0, max: valueMaximum(q), noNaN: true }), fc.integer({ min: 0, max: Math.min(valueMaximum(q), 10_000) }), fc.constant(valueMaximum(q)))
        .map((n) => ({ inputAnswer: n === 0 ? 0 : n, multipleChoiceOption: [] }));
    case 'VirtualQuestion':
      throw new Error('a virtual question has no value of its own');
  }
};

/** Whatever a client might send for a question: the question's options and others, numbers of every kind, strings. */
export const anyInput = (q: Question): fc.Arbitrary<AnswerInput> =>
  fc.record({
    inputAnswer: fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.double(),
      fc.integer({ min: -10, max: 5000 }),
      fc.constant('12,5'),
    ),
    multipleChoiceOption: fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.array(fc.oneof(fc.constantFrom(...q.options.map((o) => o.id!), 1, 999_999), fc.integer({ min: 0, max: 200_000 })), { maxLength: 4 }),
    ),
  });

/** Stored answers for some of the structure's answerable questions: valid or cleared values, in any state. */
export const storedAnswers = (structure: AnswerStructure): fc.Arbitrary<StoredAnswer[]> => {
  const questions = structure.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).filter((q) => q.type !== 'VirtualQuestion');
  if (questions.length === 0) return fc.constant([]);
  return fc
    .tuple(
      ...questions.map((q) =>
        fc.option(
          fc.record({
            value: fc.oneof({ weight: 4, arbitrary: validValue(q) }, { weight: 1, arbitrary: fc.constant<AnswerValue>({ inputAnswer: null, multipleChoiceOption: [] }) }),
            state: fc.option(fc.constantFrom(...ANSWER_STATES), { nil: null }),
            reviewStatus: fc.constantFrom(...REVIEW_STATUSES),
            documentCount: fc.integer({ min: 0, max: 2 }),
          }),
          { nil: null },
        ),
      ),
    )
    .map((rows) =>
      rows.flatMap((row, i) =>
        row === null
          ? []
          : [
              {
                id: i + 1,
                questionId: questions[i]!.id!,
                ...row.value,
                // A cleared answer has no state (spec 02 §4).
                state: row.value.inputAnswer === null && row.value.multipleChoiceOption.length === 0 ? null : row.state,
                reviewStatus: row.reviewStatus,
                documentCount: row.documentCount,
              },
            ],
      ),
    );
};
