// The ECORE score, the finance score and taxonomy conformity of DOMAIN.md §5, as examples computed by hand and
// as properties a domain expert can check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '../questionnaires/editing.ts';
import { allQuestions, type Cluster, type Question, type QuestionOption, type Section } from '../questionnaires/template.ts';
import { questionApplies } from '../answering/applicability.ts';
import { assetClassesOf } from '../assets/asset-classes.ts';
import { scoringCase, scoringObject, valueQuestion } from './arbitraries/scoring.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { choicePoints, classify, formatScore, groupResult, groupScore, roundForDisplay, score, scoreSummary, weightedRatio, type ScoreSummary, type ScoringAnswer, type ScoringObject, type ScoringTemplate } from './score.ts';

const NO_DATA: ReferenceData = { values: [], emissionFactors: [] };
const OFFICE: ScoringObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2024 };

let nextOption = 1;
const option = (score: number, isExclusive = false): QuestionOption => ({ id: nextOption++, text: `o${score}`, score, order: nextOption, isExclusive, translations: [] });

/** A single-choice question with options of these scores; option ids are handed out in order. */
const single = (id: number, scores: number[], over: Partial<Question> = {}): Question => ({ ...blankQuestion(id, `q-${id}`, 'en', id), type: 'SingleChoice', options: scores.map((s) => option(s)), ...over });
const multiple = (id: number, options: QuestionOption[], over: Partial<Question> = {}): Question => ({ ...blankQuestion(id, `q-${id}`, 'en', id), type: 'MultipleChoice', options, ...over });
const section = (id: number, weight: number, questions: Question[], financeWeight = weight): Section => ({ id, translations: [], weight, financeWeight, order: id, questions });
const cluster = (id: number, weight: number, sections: Section[], financeWeight = weight): Cluster => ({
  id,
  clusterIdentifier: ['I', 'II', 'III', 'IV'][id - 1] ?? String(id),
  weight,
  financeWeight,
  isTaxonomyCluster: false,
  categories: [{ id: id * 10, translations: [], order: 1, sections }],
});
const template = (clusters: Cluster[], scoredAmbitionLevels: ScoringTemplate['scoredAmbitionLevels'] = ['A1']): ScoringTemplate => ({ clusters, scoredAmbitionLevels });
const choose = (q: Question, ...scores: number[]): ScoringAnswer => ({
  questionId: q.id!,
  inputAnswer: null,
  multipleChoiceOption: scores.map((s) => q.options.find((o) => o.score === s)!.id!),
});

describe('the points of a question', () => {
  const a = single(1, [0, 1, 3]);
  const m = multiple(2, [option(1), option(2), option(-1), option(0, true)]);

  it.each<[string, Question, number[], number | null]>([
    ['single choice: the chosen option', a, [a.options[2]!.id!], 3],
    ['multiple choice: the sum of the chosen options', m, [m.options[0]!.id!, m.options[1]!.id!], 3],
    ['multiple choice: an option with a negative score lowers the sum', m, [m.options[0]!.id!, m.options[2]!.id!], 0],
    ['multiple choice: an exclusive option stands alone', m, [m.options[3]!.id!], 0],
    ['no option of the question: not answered', a, [999_999], null],
  ])('%s', (_, q, chosen, expected) => {
    expect(choicePoints(q, chosen)).toBe(expected);
  });

  it('a question earns between 0 and its maximum, even with a negative option', () => {
    const q = single(3, [-2, 2]);
    const result = score(template([cluster(1, 100, [section(1, 1, [q, single(4, [0, 2])])])]), OFFICE, [choose(q, -2)], NO_DATA);
    const scored = result.clusters[0]!.categories[0]!.sections[0]!.questions[0]!;
    expect(scored).toMatchObject({ points: 0, maximum: 2, ratio: 0, classification: 'Negative', answered: true, counted: true });
  });
});

describe('a score computed by hand', () => {
  // Cluster I (weight 60): section A (weight 2) with q1 (max 3) and q2 (max 2), section B (weight 1) with q3 (max 4).
  // Cluster II (weight 40): section C (weight 1) with q4 (max 5, Finance) and a value question.
  // Cluster III (weight 30 on paper): only a value question, so it drops out and I and II share its weight.
  const q1 = single(1, [0, 1, 3]);
  const q2 = single(2, [0, 2], { scoreType: 'Finance' });
  const q3 = single(3, [0, 2, 4]);
  const q4 = single(4, [0, 5], { scoreType: 'Finance' });
  const t = template([
    cluster(1, 60, [section(11, 2, [q1, q2]), section(12, 1, [q3])], 50),
    cluster(2, 40, [section(21, 1, [q4, valueQuestion(5, 'water')])], 50),
    cluster(3, 30, [section(31, 1, [valueQuestion(6, 'waste')])]),
  ]);
  // q1 = 1 of 3, q2 = 2 of 2, q3 = 4 of 4, q4 = 0 of 5.
  const answers = [choose(q1, 1), choose(q2, 2), choose(q3, 4), choose(q4, 0)];
  const result = score(t, OFFICE, answers, NO_DATA);

  it('section ratios are points over the maximum of their counted questions', () => {
    const [a, b] = result.clusters[0]!.categories[0]!.sections;
    expect(a).toMatchObject({ points: 3, maximum: 5, ratio: 0.6, classification: 'Intermediate', share: 2 / 3 });
    expect(b).toMatchObject({ points: 4, maximum: 4, ratio: 1, classification: 'Positive', share: 1 / 3 });
  });

  it('a cluster’s ratio is its sections’ weighted ratio: 2/3 × 0.6 + 1/3 × 1', () => {
    expect(result.clusters[0]!.ratio).toBeCloseTo((2 / 3) * 0.6 + (1 / 3) * 1, 12);
    expect(result.clusters[0]!.categories[0]!.ratio).toBeCloseTo(result.clusters[0]!.ratio!, 12);
  });

  it('a cluster with nothing counted drops out and its weight is shared in proportion', () => {
    expect(result.clusters[2]).toMatchObject({ maximum: 0, ratio: null, classification: 'Neutral', share: 0 });
    expect(result.clusters[0]!.share).toBeCloseTo(0.6, 12);
    expect(result.clusters[1]!.share).toBeCloseTo(0.4, 12);
  });

  it('the ECORE score is 100 × Σ cluster share × cluster ratio', () => {
    expect(result.ecore).toBeCloseTo(100 * (0.6 * (0.4 + 1 / 3) + 0.4 * 0), 10);
    expect(result.ecoreClassification).toBe('Intermediate');
  });

  it('the finance score counts only questions of score type Finance, with the finance weights', () => {
    // Cluster I: only q2 (2 of 2) counts, ratio 1; cluster II: q4 (0 of 5), ratio 0; finance weights 50 / 50.
    expect(result.finance).toBeCloseTo(50, 10);
    expect(result.clusters[0]!.finance).toMatchObject({ points: 2, maximum: 2, ratio: 1, share: 0.5 });
    expect(result.clusters[1]!.finance).toMatchObject({ points: 0, maximum: 5, ratio: 0, share: 0.5 });
  });

  it('an unanswered question earns 0 of its maximum', () => {
    const unanswered = score(t, OFFICE, answers.slice(1), NO_DATA);
    expect(unanswered.clusters[0]!.categories[0]!.sections[0]).toMatchObject({ points: 2, maximum: 5 });
    expect(unanswered.clusters[0]!.categories[0]!.sections[0]!.questions[0]).toMatchObject({ answered: false, counted: true, points: 0, maximum: 3 });
  });

  it('nothing answered scores 0; a template with nothing to count scores nothing (Neutral)', () => {
    expect(score(t, OFFICE, [], NO_DATA).ecore).toBe(0);
    const empty = score(template([cluster(1, 100, [section(1, 1, [valueQuestion(1, 'water')])])]), OFFICE, [], NO_DATA);
    expect(empty).toMatchObject({ ecore: null, ecoreClassification: 'Neutral', finance: null, financeClassification: 'Neutral' });
  });
});

describe('questions that apply', () => {
  const forHotels = single(2, [0, 4], { assetTypes: ['HOT'] });
  const ambitious = single(3, [0, 4], { ambitionLevel: 'A2' });
  const base = single(1, [0, 4]);
  const t = template([cluster(1, 100, [section(1, 1, [base, forHotels, ambitious])])]);
  const answers = [choose(base, 0), choose(forHotels, 4), choose(ambitious, 4)];

  it('a question for other asset classes counts neither points nor maximum', () => {
    const result = score(t, OFFICE, answers, NO_DATA);
    expect(result.clusters[0]!.categories[0]!.sections[0]).toMatchObject({ points: 0, maximum: 4 });
    expect(result.ecore).toBe(0);
  });

  it('from 2023_03 only the scored ambition levels count (A1 by default)', () => {
    const hotel = { ...OFFICE, assetAssetTypes: [{ assetTypeId: 2, percentage: 100 }] };
    expect(score(t, hotel, answers, NO_DATA).ecore).toBeCloseTo(50, 10);
    expect(score({ ...t, scoredAmbitionLevels: ['A1', 'A2'] }, hotel, answers, NO_DATA).ecore).toBeCloseTo(((4 + 4) / 12) * 100, 10);
    expect(score({ ...t, scoredAmbitionLevels: [] }, hotel, answers, NO_DATA).ecore).toBeCloseTo(50, 10);
  });

  it('a mixed-use object answers the questions of each of its classes', () => {
    const mixed = { ...OFFICE, assetAssetTypes: [{ assetTypeId: 1, percentage: 70 }, { assetTypeId: 2, percentage: 30 }] };
    expect(score(t, mixed, answers, NO_DATA).ecore).toBeCloseTo(50, 10);
  });
});

describe('taxonomy conformity', () => {
  const t1 = single(1, [0, 2], { taxonomyRelevant: true });
  const t2 = single(2, [0, 1, 2], { taxonomyRelevant: true });
  const other = single(3, [0, 2], { taxonomyRelevant: true, assetTypes: ['HOT'] });
  const t = template([cluster(1, 100, [section(1, 1, [t1, t2, other, single(4, [0, 1])])])]);

  it('is the share of applicable taxonomy-relevant questions at full points', () => {
    expect(score(t, OFFICE, [choose(t1, 2), choose(t2, 1)], NO_DATA).taxonomy).toEqual({ relevant: 2, atFullPoints: 1, share: 0.5, conforms: false });
  });

  it('the object conforms when every one is at full points', () => {
    expect(score(t, OFFICE, [choose(t1, 2), choose(t2, 2)], NO_DATA).taxonomy).toEqual({ relevant: 2, atFullPoints: 2, share: 1, conforms: true });
  });

  it('without taxonomy-relevant questions there is no share, and no conformity', () => {
    expect(score(template([cluster(1, 100, [section(1, 1, [single(1, [0, 1])])])]), OFFICE, [], NO_DATA).taxonomy).toEqual({ relevant: 0, atFullPoints: 0, share: null, conforms: false });
  });
});

describe('classification and display', () => {
  it.each<[number | null, string]>([
    [1, 'Positive'],
    [2 / 3, 'Positive'],
    [4 / 6, 'Positive'],
    [0.6666, 'Intermediate'],
    [1 / 3, 'Intermediate'],
    [0.3333, 'Negative'],
    [0, 'Negative'],
    [null, 'Neutral'],
  ])('a ratio of %s is %s', (ratio, expected) => {
    expect(classify(ratio)).toBe(expected);
  });

  it.each<[number, number]>([
    [72.25, 72.3],
    [72.24999, 72.2],
    [1.15, 1.2],
    [1.05, 1.1],
    [0.05, 0.1],
    [-0.05, -0.1],
    [-1.25, -1.3],
    [-0.04, 0],
    [100, 100],
    [66.66666666666667, 66.7],
  ])('%s shows as %s (one decimal, half away from zero)', (value, shown) => {
    expect(roundForDisplay(value)).toBe(shown);
  });

  it('display rounding moves a score by at most half a tenth', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (value) => {
        expect(Math.abs(roundForDisplay(value) - value)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });

  it('formats one decimal in the language, a dash for no score', () => {
    expect(formatScore(72.25, 'de')).toBe('72,3');
    expect(formatScore(72, 'en')).toBe('72.0');
    expect(formatScore(null, 'en')).toBe('–');
  });
});

describe('properties of the score', () => {
  it('one template scores each object by its own asset classes, whatever objects it scored before', () => {
    // score() keeps a template's applicable structure per set of asset classes: an object of other classes scored with
    // the same template object gets what a template seen for the first time gives.
    fc.assert(
      fc.property(scoringCase(), scoringObject(), ({ template, object, answers, data }, other) => {
        score(template, other, answers, data, { explain: false });
        const again = score(template, object, answers, data, { explain: false });
        expect(again).toEqual(score(structuredClone(template), object, answers, data, { explain: false }));
      }),
      { numRuns: 60 },
    );
  });

  it('the projections one set of reference data made for other figures before change no score, and are shared unchanged', () => {
    // score() keeps the stranding projections per reference data, subject and figures, frozen: scoring another object's
    // figures first, or the same ones again, gives what reference data seen for the first time gives.
    fc.assert(
      fc.property(scoringCase(), scoringObject(), ({ template, object, answers, data }, other) => {
        score(template, other, answers, data, { explain: false });
        const first = score(template, object, answers, data, { explain: false });
        const again = score(template, object, answers, data, { explain: false });
        expect(again).toEqual(score(template, object, answers, structuredClone(data), { explain: false }));
        expect(again.stranding).toBe(first.stranding);
        expect(Object.isFrozen(again.stranding)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('the score is always between 0 and 100', () => {
    fc.assert(
      fc.property(scoringCase(), ({ template: t, object, answers, data }) => {
        const result = score(t, object, answers, data);
        for (const value of [result.ecore, result.finance]) {
          if (value === null) continue;
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
        for (const q of result.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)))) {
          expect(q.points).toBeGreaterThanOrEqual(0);
          expect(q.points).toBeLessThanOrEqual(q.maximum);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('raising one answer’s points never lowers the score', () => {
    fc.assert(
      fc.property(scoringCase(false), fc.nat(), fc.nat(), ({ template: t, object, answers, data }, pick, other) => {
        const classes = assetClassesOf(object.assetAssetTypes);
        const choices = allQuestions(t).filter((q) => (q.type === 'SingleChoice' || q.type === 'MultipleChoice') && questionApplies(q, classes, t.scoredAmbitionLevels));
        fc.pre(choices.length > 0);
        const q = choices[pick % choices.length]!;
        const ids = q.options.map((o) => o.id!);
        const a = [ids[other % ids.length]!];
        const b = [ids[(other + 1) % ids.length]!];
        const [low, high] = choicePoints(q, a)! <= choicePoints(q, b)! ? [a, b] : [b, a];
        const rest = answers.filter((x) => x.questionId !== q.id);
        const lower = score(t, object, [...rest, { questionId: q.id!, inputAnswer: null, multipleChoiceOption: low }], data);
        const higher = score(t, object, [...rest, { questionId: q.id!, inputAnswer: null, multipleChoiceOption: high }], data);
        expect(higher.ecore ?? 0).toBeGreaterThanOrEqual((lower.ecore ?? 0) - 1e-9);
        expect(higher.finance ?? 0).toBeGreaterThanOrEqual((lower.finance ?? 0) - 1e-9);
      }),
      { numRuns: 150 },
    );
  });

  it('a question that does not apply never changes the score, whatever its answer', () => {
    fc.assert(
      fc.property(scoringCase(), ({ template: t, object, answers, data }) => {
        const classes = assetClassesOf(object.assetAssetTypes);
        const applies = (q: Question) => questionApplies(q, classes, t.scoredAmbitionLevels);
        const withoutThem: ScoringTemplate = {
          ...t,
          clusters: t.clusters.map((c) => ({
            ...c,
            categories: c.categories.map((cat) => ({ ...cat, sections: cat.sections.map((s) => ({ ...s, questions: s.questions.filter(applies) })) })),
          })),
        };
        const answeredApplicable = answers.filter((a) => allQuestions(withoutThem).some((q) => q.id === a.questionId));
        expect(score(t, object, answers, data)).toEqual(score(withoutThem, object, answeredApplicable, data));
      }),
      { numRuns: 100 },
    );
  });

  it('scaling all weights of a level by the same factor changes nothing', () => {
    fc.assert(
      fc.property(scoringCase(), fc.constantFrom(0.01, 0.5, 3, 1000), fc.nat(), ({ template: t, object, answers, data }, factor, which) => {
        const scaleClusters = (c: Cluster): Cluster => ({ ...c, weight: c.weight * factor, financeWeight: c.financeWeight * factor });
        const scaleSections = (c: Cluster): Cluster => ({
          ...c,
          categories: c.categories.map((cat) => ({ ...cat, sections: cat.sections.map((s) => ({ ...s, weight: s.weight * factor, financeWeight: s.financeWeight * factor })) })),
        });
        // Clusters all together, or the sections of one cluster.
        const index = which % t.clusters.length;
        const scaled: ScoringTemplate = which % 2 === 0 ? { ...t, clusters: t.clusters.map(scaleClusters) } : { ...t, clusters: t.clusters.map((c, i) => (i === index ? scaleSections(c) : c)) };
        const before = score(t, object, answers, data);
        const after = score(scaled, object, answers, data);
        for (const key of ['ecore', 'finance'] as const) {
          if (before[key] === null) expect(after[key]).toBeNull();
          else expect(after[key]).toBeCloseTo(before[key]!, 9);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the same input gives the same result (nothing but the arguments decides)', () => {
    fc.assert(
      fc.property(scoringCase(), ({ template: t, object, answers, data }) => {
        expect(score(t, object, answers, data)).toEqual(score(t, object, [...answers], data));
      }),
      { numRuns: 30 },
    );
  });
});

describe('the weighted ratio of a level', () => {
  it('shares the weight of parts with nothing counted among the rest in proportion', () => {
    const { ratio, shares } = weightedRatio([
      { weight: 30, ratio: 1 },
      { weight: 20, ratio: null },
      { weight: 10, ratio: 0.4 },
    ]);
    expect(shares).toEqual([0.75, 0, 0.25]);
    expect(ratio).toBeCloseTo(0.85, 12);
  });

  it('a level with no weight left counts nothing', () => {
    expect(weightedRatio([{ weight: 0, ratio: 1 }, { weight: 5, ratio: null }]).ratio).toBeNull();
  });
});

describe('the score of a group', () => {
  it('is the mean of its objects’ scores weighted by gross floor area', () => {
    expect(groupScore([{ area: 3000, score: 80 }, { area: 1000, score: 40 }])).toBeCloseTo(70, 12);
  });

  it('objects without a score or without area weigh nothing; none left, no score', () => {
    expect(groupScore([{ area: 1000, score: 50 }, { area: 5000, score: null }, { area: 0, score: 10 }])).toBe(50);
    expect(groupScore([])).toBeNull();
  });

  it('lies between its lowest and highest object score', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ area: fc.double({ min: 0.01, max: 1e6, noNaN: true }), score: fc.double({ min: 0, max: 100, noNaN: true }) }), { minLength: 1, maxLength: 30 }), (objects) => {
        const value = groupScore(objects)!;
        expect(value).toBeGreaterThanOrEqual(Math.min(...objects.map((o) => o.score)));
        expect(value).toBeLessThanOrEqual(Math.max(...objects.map((o) => o.score)));
      }),
    );
  });

  it('a group of one has that object’s results', () => {
    fc.assert(
      fc.property(scoringCase(), ({ template: t, object, answers, data }) => {
        const result = score(t, object, answers, data);
        const group = groupResult([{ area: object.area, result }]);
        expect(group.ecore).toBe(result.ecore);
        expect(group.finance).toBe(result.finance);
        expect(group.clusters.map((c) => c.ratio)).toEqual(result.clusters.map((c) => c.ratio));
        expect(group.taxonomy.conforms).toBe(result.taxonomy.conforms);
        for (const metric of ['carbon', 'energy'] as const) {
          const own = result.stranding[metric];
          if (own.status === 'computed') expect(group.stranding[metric]).toEqual(own);
          else expect(group.stranding[metric].status).toBe(own.status);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('is the same from the objects’ stored summaries (written as JSON and read back) as from their whole scores', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(scoringCase(), fc.double({ min: 1, max: 1e5, noNaN: true })), { minLength: 1, maxLength: 4 }), (cases) => {
        const objects = cases.map(([{ template: t, object, answers, data }, area]) => ({ area, result: score(t, object, answers, data, { explain: false }) }));
        const stored = objects.map((o) => ({ area: o.area, result: JSON.parse(JSON.stringify(scoreSummary(o.result))) as ScoreSummary }));
        expect(groupResult(stored)).toEqual(groupResult(objects));
      }),
      { numRuns: 50 },
    );
  });

  it('weighs cluster ratios and taxonomy shares by area too, and conforms only when every object does', () => {
    const q = single(1, [0, 4], { taxonomyRelevant: true });
    const t = template([cluster(1, 100, [section(1, 1, [q])])]);
    const full = score(t, OFFICE, [choose(q, 4)], NO_DATA);
    const none = score(t, OFFICE, [choose(q, 0)], NO_DATA);
    const group = groupResult([{ area: 1000, result: full }, { area: 3000, result: none }]);
    expect(group).toMatchObject({ ecore: 25, ecoreClassification: 'Negative', clusters: [{ clusterIdentifier: 'I', ratio: 0.25, classification: 'Negative' }], taxonomy: { share: 0.25, conforms: false } });
  });
});
