import fc from 'fast-check';
import { answerStructure, storedAnswers } from '../../answering/arbitraries/answering.ts';
import { blankQuestion } from '../../questionnaires/editing.ts';
import { AMBITION_LEVELS, allQuestions, type KpiKey, type Question, type Section, type VirtualQuestionType } from '../../questionnaires/template.ts';
import type { ReferenceData } from '../reference-lookup.ts';
import type { ScoringAnswer, ScoringObject, ScoringTemplate } from '../score.ts';
import { assetClassRows, country, referenceData, reportingYear } from './reference-data.ts';

/** A value question with its KPI key, as the consumption section holds them. */
export const valueQuestion = (id: number, kpiKey: KpiKey, over: Partial<Question> = {}): Question => ({
  ...blankQuestion(id, `v-${id}`, 'en', id),
  type: 'ValueQuestion',
  kpiKey,
  ...over,
});

/** A virtual question computed from a parent. */
export const virtualQuestion = (id: number, type: VirtualQuestionType, parentQuestionId: number, virtualMaxScore: number, over: Partial<Question> = {}): Question => ({
  ...blankQuestion(id, `x-${id}`, 'en', id),
  type: 'VirtualQuestion',
  virtualQuestionType: type,
  parentQuestionId,
  virtualMaxScore,
  averageVariator: type === 'Year' ? null : 0.3,
  relevantForReview: false,
  ...over,
});

/** The section of consumption figures and the virtual questions on them, ids from 9001. */
const consumptionSection = (): fc.Arbitrary<Section> =>
  fc
    .record({
      variators: fc.array(fc.constantFrom(0.1, 0.3, 0.5, 1), { minLength: 6, maxLength: 6 }),
      maxima: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 7, maxLength: 7 }),
      weight: fc.integer({ min: 0, max: 50 }),
      finance: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    })
    .map(({ variators, maxima, weight, finance }) => {
      const values = [
        valueQuestion(9001, 'finalEnergyTotal'),
        valueQuestion(9002, 'finalEnergyGridElectricity'),
        valueQuestion(9003, 'finalEnergyGas'),
        valueQuestion(9004, 'co2'),
        valueQuestion(9005, 'water'),
      ];
      const virtuals: [VirtualQuestionType, number][] = [
        ['DW', 9001],
        ['DK', 9001],
        ['Year', 9001],
        ['DW', 9004],
        ['DK', 9004],
        ['Year', 9004],
        ['DW', 9005],
      ];
      const computed = virtuals.map(([type, parent], i) =>
        virtualQuestion(9101 + i, type, parent, maxima[i]!, {
          averageVariator: type === 'Year' ? null : variators[i % variators.length]!,
          averageValue: parent === 9005 ? 1.2 : null,
          scoreType: finance[i] ? 'Finance' : 'Ecore',
        }),
      );
      return { id: 9000, translations: [], weight, financeWeight: weight, order: 99, questions: [...values, ...computed] };
    });

/**
 * Templates to score: answering's structures of choice and value questions with random cluster and section
 * weights (finance weights too), some questions of score type Finance and some taxonomy-relevant, scored
 * ambition levels, and, where `withConsumption`, a consumption section with DW, DK and Year questions in the first cluster.
 */
export const scoringTemplate = (withConsumption = true): fc.Arbitrary<ScoringTemplate> =>
  answerStructure(['SingleChoice', 'MultipleChoice', 'ValueQuestion']).chain((structure) => {
    const sections = structure.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections));
    const questions = allQuestions(structure);
    const weight = () => fc.integer({ min: 0, max: 100 });
    return fc
      .record({
        clusterWeights: fc.array(fc.tuple(weight(), weight()), { minLength: structure.clusters.length, maxLength: structure.clusters.length }),
        sectionWeights: fc.array(fc.tuple(weight(), weight()), { minLength: sections.length, maxLength: sections.length }),
        flags: fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: questions.length, maxLength: questions.length }),
        levels: fc.subarray([...AMBITION_LEVELS]),
        consumption: withConsumption ? consumptionSection().map((s) => [s]) : fc.constant([] as Section[]),
      })
      .map(({ clusterWeights, sectionWeights, flags, levels, consumption }) => {
        let s = 0;
        let q = 0;
        return {
          scoredAmbitionLevels: levels,
          clusters: structure.clusters.map((cluster, ci) => ({
            ...cluster,
            weight: clusterWeights[ci]![0],
            financeWeight: clusterWeights[ci]![1],
            categories: cluster.categories
              .map((category) => ({
                ...category,
                sections: category.sections.map((section) => {
                  const [w, fw] = sectionWeights[s++]!;
                  return {
                    ...section,
                    weight: w,
                    financeWeight: fw,
                    questions: section.questions.map((question) => {
                      const [finance, taxonomy] = flags[q++]!;
                      return { ...question, scoreType: finance ? ('Finance' as const) : ('Ecore' as const), taxonomyRelevant: taxonomy };
                    }),
                  };
                }),
              }))
              .concat(ci === 0 ? consumption.map((section) => ({ id: 9999, translations: [], order: 99, sections: [section] })) : []),
          })),
        };
      });
  });

/** An object in DE or AT with one to three classes, a BGF and a reporting year. */
export const scoringObject = (): fc.Arbitrary<ScoringObject> =>
  fc.record({ country: country(), assetAssetTypes: assetClassRows(), area: fc.integer({ min: 1, max: 100_000 }), reportingYear: reportingYear() });

/** Answers to some of the template's questions, with figures for the consumption section's value questions. */
export const scoringAnswers = (template: ScoringTemplate): fc.Arbitrary<ScoringAnswer[]> => {
  const consumption = allQuestions(template).filter((q) => q.id !== null && q.id > 9000 && q.type === 'ValueQuestion');
  return fc
    .tuple(
      storedAnswers({ clusters: template.clusters.map((c) => ({ ...c, categories: c.categories.filter((cat) => cat.id !== 9999) })) }),
      fc.tuple(...consumption.map(() => fc.option(fc.double({ min: 0, max: 500, noNaN: true, noDefaultInfinity: true }), { nil: null }))),
    )
    .map(([stored, figures]) => [
      ...stored.map(({ questionId, inputAnswer, multipleChoiceOption }) => ({ questionId, inputAnswer, multipleChoiceOption })),
      ...consumption.flatMap((q, i) => (figures[i] === null ? [] : [{ questionId: q.id!, inputAnswer: figures[i]!, multipleChoiceOption: [] }])),
    ]);
};

/** Complete reference data most of the time, none at all sometimes (every virtual question refused). */
export const someReferenceData = (): fc.Arbitrary<ReferenceData> =>
  fc.oneof({ weight: 4, arbitrary: referenceData() }, { weight: 1, arbitrary: fc.constant<ReferenceData>({ values: [], emissionFactors: [] }) });

/** Everything one score needs. */
export const scoringCase = (withConsumption = true) =>
  scoringTemplate(withConsumption).chain((template) =>
    fc.record({ template: fc.constant(template), object: scoringObject(), answers: scoringAnswers(template), data: someReferenceData() }),
  );
