// DOMAIN.md §5, "Figures given twice, and reference data that is missing": laws a reader of the rules can check
// against the score — answering never makes a question drop out, a missing reference takes points and maximum
// away together, the carriers are the figure whatever total stands beside them, a class without data at no share
// changes nothing, and the finance score reads only Finance questions.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// Property tests that score whole templates many times: a loaded machine takes longer than vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000 });
import type { Question, ScoreType } from '../questionnaires/template.ts';
import { allQuestions } from '../questionnaires/template.ts';
import { scoringCase, valueQuestion, virtualQuestion } from './arbitraries/scoring.ts';
import { energyUse, referenceData } from './arbitraries/reference-data.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { score, type ScoreResult, type ScoringAnswer, type ScoringObject, type ScoringTemplate } from './score.ts';
import { ENERGY_CARRIERS } from './stranding.ts';
import { CARRIER_KPIS, figureWarnings } from './figures.ts';

const questionsOf = (r: ScoreResult) => r.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
const virtualOf = (r: ScoreResult, id: number) => questionsOf(r).find((q) => q.questionId === id);
const consumptionFigure = (a: ScoringAnswer) => a.questionId > 9000;

/** Reference data with some series taken away: a kind × metric (every class), or every row of some classes. */
const holedData = () =>
  fc
    .tuple(referenceData(), fc.subarray(['average|energy', 'average|carbon', 'pathway|energy', 'pathway|carbon']), fc.subarray(['OFF', 'HOT', 'RESI', 'MIX', 'DWH']))
    .map(([data, series, classes]): ReferenceData => ({
      ...data,
      values: data.values.filter((v) => !series.includes(`${v.kind}|${v.metric}`) && !classes.includes(v.assetClass)),
    }));

describe('answering a figure never makes a virtual question drop out or come in', () => {
  it('whether each virtual question counts, and its maximum, are the same with the consumption figures answered or not', () => {
    fc.assert(
      fc.property(scoringCase(), holedData(), ({ template, object, answers }, data) => {
        const answered = score(template, object, answers, data);
        const unanswered = score(template, object, answers.filter((a) => !consumptionFigure(a)), data);
        for (const v of answered.virtualQuestions) {
          const before = virtualOf(unanswered, v.questionId!)!;
          const after = virtualOf(answered, v.questionId!)!;
          expect({ counted: after.counted, maximum: after.maximum }).toEqual({ counted: before.counted, maximum: before.maximum });
          // A question that does not apply earns nothing, whatever figure was typed.
          if (!before.counted) expect(after.points).toBe(0);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('a question whose reference value is missing counts neither points nor maximum', () => {
  it('the score is that of the template without the questions that do not apply', () => {
    fc.assert(
      fc.property(scoringCase(), holedData(), ({ template, object, answers }, data) => {
        const result = score(template, object, answers, data);
        const dropped = new Set(result.virtualQuestions.filter((v) => v.status === 'refused').map((v) => v.questionId));
        for (const id of dropped) expect(virtualOf(result, id!)).toMatchObject({ counted: false, points: 0, ratio: null });
        const without: ScoringTemplate = {
          ...template,
          clusters: template.clusters.map((c) => ({
            ...c,
            categories: c.categories.map((cat) => ({ ...cat, sections: cat.sections.map((s) => ({ ...s, questions: s.questions.filter((q) => !dropped.has(q.id)) })) })),
          })),
        };
        const other = score(without, object, answers, data);
        expect(result.ecore).toBe(other.ecore);
        expect(result.finance).toBe(other.finance);
      }),
      { numRuns: 60 },
    );
  });

  it('a DW question of water without an average and without averageValue does not apply: water 4/8 → 4/4 never happens by typing a figure', () => {
    const water = valueQuestion(1, 'water');
    const dw = virtualQuestion(2, 'DW', 1, 4);
    const template: ScoringTemplate = {
      scoredAmbitionLevels: ['A1'],
      clusters: [{ id: 1, clusterIdentifier: 'II', weight: 1, financeWeight: 1, isTaxonomyCluster: false, categories: [{ id: 1, translations: [], order: 1, sections: [{ id: 1, translations: [], weight: 1, financeWeight: 1, order: 1, questions: [water, dw] }] }] }],
    };
    const object: ScoringObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1, reportingYear: 2025 };
    const none: ReferenceData = { values: [], emissionFactors: [] };
    for (const answers of [[], [{ questionId: 1, inputAnswer: 0.8, multipleChoiceOption: [] }]]) {
      const result = score(template, object, answers, none);
      expect(virtualOf(result, 2)).toMatchObject({ counted: false, maximum: 4, points: 0 });
      expect(result.virtualQuestions[0]!.refusal).toEqual({ _tag: 'scoring-reference-missing', missing: [{ kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', years: [2025, 2025] }] });
      expect(result.referenceMissing).toEqual([{ kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', years: [2025, 2025] }]);
      expect(result.ecore).toBeNull();
    }
    // With a water average the question applies, answered or not: 0 of 4 unanswered, half at the average.
    const withAverage: ReferenceData = { values: [{ kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', year: 2025, value: 0.8 }], emissionFactors: [] };
    expect(virtualOf(score(template, object, [], withAverage), 2)).toMatchObject({ counted: true, points: 0, maximum: 4 });
    expect(virtualOf(score(template, object, [{ questionId: 1, inputAnswer: 0.8, multipleChoiceOption: [] }], withAverage), 2)).toMatchObject({ counted: true, points: 2, maximum: 4 });
  });
});

describe('carriers before totals', () => {
  const total = valueQuestion(1, 'finalEnergyTotal');
  const co2 = valueQuestion(2, 'co2');
  const carriers = ENERGY_CARRIERS.map((c, i) => valueQuestion(10 + i, CARRIER_KPIS[c]));
  const virtuals: Question[] = [
    virtualQuestion(31, 'DW', 1, 6),
    virtualQuestion(32, 'DK', 1, 6),
    virtualQuestion(33, 'Year', 1, 8),
    virtualQuestion(34, 'DW', 2, 6),
    virtualQuestion(35, 'DK', 2, 8),
    virtualQuestion(36, 'Year', 2, 10),
  ];
  const template: ScoringTemplate = {
    scoredAmbitionLevels: ['A1'],
    clusters: [
      {
        id: 1,
        clusterIdentifier: 'II',
        weight: 1,
        financeWeight: 1,
        isTaxonomyCluster: false,
        categories: [{ id: 1, translations: [], order: 1, sections: [{ id: 1, translations: [], weight: 1, financeWeight: 1, order: 1, questions: [total, co2, ...carriers, ...virtuals] }] }],
      },
    ],
  };
  const office = (country: 'DE' | 'AT', reportingYear: number): ScoringObject => ({ country, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1, reportingYear });

  it('carbon and energy of the same carriers give the same stranding years and points whether the totals are also given or not', () => {
    fc.assert(
      fc.property(
        referenceData(),
        energyUse().filter((e) => Object.values(e).some((v) => v > 0)),
        fc.option(fc.double({ min: 0, max: 500, noNaN: true }), { nil: null }),
        fc.option(fc.double({ min: 0, max: 200, noNaN: true }), { nil: null }),
        fc.constantFrom<'DE' | 'AT'>('DE', 'AT'),
        fc.integer({ min: 2015, max: 2050 }),
        (data, energy, energyTotal, co2Total, country, year) => {
          const carrierAnswers: ScoringAnswer[] = ENERGY_CARRIERS.flatMap((c, i) => (energy[c] > 0 ? [{ questionId: 10 + i, inputAnswer: energy[c], multipleChoiceOption: [] }] : []));
          const totals: ScoringAnswer[] = [
            ...(energyTotal === null ? [] : [{ questionId: 1, inputAnswer: energyTotal, multipleChoiceOption: [] }]),
            ...(co2Total === null ? [] : [{ questionId: 2, inputAnswer: co2Total, multipleChoiceOption: [] }]),
          ];
          const alone = score(template, office(country, year), carrierAnswers, data);
          const both = score(template, office(country, year), [...totals, ...carrierAnswers], data);
          expect(both.stranding).toEqual(alone.stranding);
          expect(both.consumption.finalEnergy).toBe(alone.consumption.finalEnergy);
          expect(both.consumption.co2).toBe(alone.consumption.co2);
          expect(both.virtualQuestions.map((v) => [v.status, v.points, v.stranding?.misalignmentYear])).toEqual(alone.virtualQuestions.map((v) => [v.status, v.points, v.stranding?.misalignmentYear]));
          expect(both.ecore).toBe(alone.ecore);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('demo object 1 read as the rules say: total 100 beside grid 50 is projected as 50, and the warning names both', () => {
    const data: ReferenceData = {
      values: Array.from({ length: 26 }, (_, n) => ({ kind: 'pathway' as const, metric: 'energy' as const, country: 'DE', assetClass: 'OFF', year: 2025 + n, value: 153 - 3 * n })),
      emissionFactors: [],
    };
    const answers: ScoringAnswer[] = [
      { questionId: 1, inputAnswer: 100, multipleChoiceOption: [] },
      { questionId: 10, inputAnswer: 50, multipleChoiceOption: [] },
    ];
    const result = score(template, office('DE', 2025), answers, data);
    // 50 against 153 − 3n: below it to 2050; the total 100 held flat would leave it in 2043 (100 > 153 − 3 × 18).
    expect(result.stranding.energy).toMatchObject({ status: 'computed', result: { source: 'carriers', beyond2050: true, misalignmentYear: null } });
    expect(score(template, office('DE', 2025), [answers[0]!], data).stranding.energy).toMatchObject({ result: { source: 'reported', misalignmentYear: 2043 } });
    expect(result.figureWarnings).toEqual([{ metric: 'energy', total: 100, carriers: 50, totalQuestionId: 1, carrierQuestionIds: [10] }]);
    expect(figureWarnings(template, answers, null)).toEqual(result.figureWarnings);
  });
});

describe('mixed use with a class that has no reference data', () => {
  const shares = (rows: [number, number][]) => rows.map(([assetTypeId, percentage]) => ({ assetTypeId, percentage }));
  /** The template with every question for every class, so that only the reference data tells the objects apart. */
  const forEveryClass = (template: ScoringTemplate): ScoringTemplate => ({
    ...template,
    clusters: template.clusters.map((c) => ({
      ...c,
      categories: c.categories.map((cat) => ({ ...cat, sections: cat.sections.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, assetTypes: [] })) })) })),
    })),
  });
  /** The reference data without any row of MIX (asset type 11). */
  const withoutMix = () => referenceData().map((data): ReferenceData => ({ ...data, values: data.values.filter((v) => v.assetClass !== 'MIX') }));

  it('one class at 100 % beside a class without data at 0 % scores like the single class', () => {
    fc.assert(
      fc.property(scoringCase(), withoutMix(), ({ template: t, object, answers }, data) => {
        const template = forEveryClass(t);
        const single = { ...object, assetAssetTypes: shares([[1, 100]]) };
        const mixed = { ...object, assetAssetTypes: shares([[1, 100], [11, 0]]) };
        expect(score(template, mixed, answers, data)).toEqual(score(template, single, answers, data));
      }),
      { numRuns: 60 },
    );
  });

  it('a 10 % share without data never switches consumption scoring off: the virtual questions score as the 90 % class alone', () => {
    fc.assert(
      fc.property(scoringCase(), withoutMix(), ({ template: t, object, answers }, data) => {
        const template = forEveryClass(t);
        const single = score(template, { ...object, assetAssetTypes: shares([[1, 100]]) }, answers, data);
        const mixed = score(template, { ...object, assetAssetTypes: shares([[1, 90], [11, 10]]) }, answers, data);
        expect(mixed.virtualQuestions.map((v) => [v.questionId, v.status, v.points])).toEqual(single.virtualQuestions.map((v) => [v.questionId, v.status, v.points]));
        expect(mixed.stranding).toEqual(single.stranding);
      }),
      { numRuns: 60 },
    );
  });

  it('below half of the area covered the questions do not apply, naming the class without data', () => {
    fc.assert(
      fc.property(scoringCase(), withoutMix(), ({ template: t, object, answers }, data) => {
        const template = forEveryClass(t);
        const result = score(template, { ...object, assetAssetTypes: shares([[1, 40], [11, 60]]) }, answers, data);
        for (const v of result.virtualQuestions.filter((v) => v.metric === 'energy' || v.metric === 'carbon')) {
          expect(v.status).toBe('refused');
          expect(v.refusal).toMatchObject({ _tag: 'scoring-reference-missing' });
          expect(JSON.stringify(v.refusal)).toContain('"assetClass":"MIX"');
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the finance score', () => {
  /** The template with every question's score type replaced. */
  const retyped = (template: ScoringTemplate, typeOf: (q: Question) => ScoreType): ScoringTemplate => ({
    ...template,
    clusters: template.clusters.map((c) => ({
      ...c,
      categories: c.categories.map((cat) => ({ ...cat, sections: cat.sections.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, scoreType: typeOf(q) })) })) })),
    })),
  });

  it('uses only the Finance questions: it is the ECORE score of the Finance questions alone under the finance weights', () => {
    fc.assert(
      fc.property(scoringCase(), ({ template, object, answers, data }) => {
        const finance = score(template, object, answers, data).finance;
        const financeOnly: ScoringTemplate = {
          ...template,
          clusters: template.clusters.map((c) => ({
            ...c,
            weight: c.financeWeight,
            categories: c.categories.map((cat) => ({
              ...cat,
              sections: cat.sections.map((s) => ({ ...s, weight: s.financeWeight, questions: s.questions.filter((q) => q.scoreType === 'Finance' || q.type === 'ValueQuestion') })),
            })),
          })),
        };
        const expected = score(financeOnly, object, answers, data).ecore;
        if (finance === null || expected === null) expect(finance).toBe(expected);
        else expect(finance).toBeCloseTo(expected, 9);
      }),
      { numRuns: 60 },
    );
  });

  it('changes when one Finance question changes, and not when an Ecore question does', () => {
    fc.assert(
      fc.property(scoringCase(false), ({ template, object, data }) => {
        const everyQuestion = allQuestions(template).filter((q) => q.type === 'SingleChoice' && q.id !== null && q.options.length >= 2);
        fc.pre(everyQuestion.length > 0);
        const target = everyQuestion[0]!;
        const low = [...target.options].sort((a, b) => a.score - b.score)[0]!;
        const high = [...target.options].sort((a, b) => b.score - a.score)[0]!;
        fc.pre(high.score > Math.max(0, low.score));
        const answer = (o: typeof low): ScoringAnswer[] => [{ questionId: target.id!, inputAnswer: null, multipleChoiceOption: [o.id!] }];
        const asFinance = retyped(template, (q) => (q.id === target.id ? 'Finance' : 'Ecore'));
        const lowScore = score(asFinance, object, answer(low), data);
        const highScore = score(asFinance, object, answer(high), data);
        const counted = questionsOf(highScore).find((q) => q.questionId === target.id);
        fc.pre(counted?.countedInFinance === true);
        const weighs = highScore.clusters.some((c) => c.finance.share > 0 && c.categories.some((cat) => cat.sections.some((s) => s.finance.share > 0 && s.questions.includes(counted))));
        fc.pre(weighs);
        expect(highScore.finance!).toBeGreaterThan(lowScore.finance!);
        const asEcore = retyped(template, () => 'Ecore');
        expect(score(asEcore, object, answer(high), data).finance).toBeNull();
        expect(score(asEcore, object, answer(low), data).finance).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});
