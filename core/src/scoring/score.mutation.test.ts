// The corners of the score (DOMAIN.md §5, docs/scoring.md "Decisions") that the main examples pass by, each
// as a small example computed by hand (issue 15: the mutation score of the scoring module).
import { describe, expect, it } from 'vitest';
import { blankQuestion } from '../questionnaires/editing.ts';
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import type { Cluster, Question, QuestionOption, Section } from '../questionnaires/template.ts';
import { valueQuestion, virtualQuestion } from './arbitraries/scoring.ts';
import { Role } from '../identity/roles.ts';
import { formatFigure } from './display.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { mayViewScore } from './score-access.ts';
import { choicePoints, classify, formatScore, groupResult, groupScore, roundForDisplay, score, weightedRatio, type ScoreResult, type ScoringAnswer, type ScoringObject, type ScoringTemplate } from './score.ts';

const NO_DATA: ReferenceData = { values: [], emissionFactors: [] };
const OFFICE: ScoringObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2024 };

/**
 * Germany, offices, by hand: carbon pathway 60 − 2n and energy pathway 200 − 3n in the year 2024 + n, energy
 * average 180, carbon average 45; grid factor 0.4 every year; gas 0.2 kg CO2e/kWh.
 */
const values: ReferenceValue[] = [];
const emissionFactors: EmissionFactor[] = [{ carrier: 'gas', country: '', year: 0, value: 0.2 }];
for (let n = 0; n <= 26; n += 1) {
  const year = 2024 + n;
  values.push({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'OFF', year, value: 60 - 2 * n });
  values.push({ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 200 - 3 * n });
  values.push({ kind: 'average', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 180 });
  values.push({ kind: 'average', metric: 'carbon', country: 'DE', assetClass: 'OFF', year, value: 45 });
  emissionFactors.push({ carrier: 'gridElectricity', country: 'DE', year, value: 0.4 });
}
const DATA: ReferenceData = { values, emissionFactors };

let nextOption = 1000;
const option = (score: number, isExclusive = false): QuestionOption => ({ id: nextOption++, text: `o${score}`, score, order: nextOption, isExclusive, translations: [] });
const single = (id: number, options: QuestionOption[], over: Partial<Question> = {}): Question => ({ ...blankQuestion(id, `q-${id}`, 'en', id), type: 'SingleChoice', options, ...over });
const multiple = (id: number, options: QuestionOption[], over: Partial<Question> = {}): Question => ({ ...blankQuestion(id, `q-${id}`, 'en', id), type: 'MultipleChoice', options, ...over });
const section = (id: number, weight: number, questions: Question[], financeWeight = weight): Section => ({ id, translations: [], weight, financeWeight, order: id, questions });
const cluster = (id: number, weight: number, sections: Section[], financeWeight = weight): Cluster => ({
  id,
  clusterIdentifier: ['I', 'II', 'III'][id - 1] ?? String(id),
  weight,
  financeWeight,
  isTaxonomyCluster: false,
  categories: [{ id: id * 10, translations: [], order: 1, sections }],
});
const oneSection = (...questions: Question[]): ScoringTemplate => ({ clusters: [cluster(1, 100, [section(1, 1, questions)])], scoredAmbitionLevels: ['A1'] });
const pick = (q: Question, ...options: QuestionOption[]): ScoringAnswer => ({ questionId: q.id!, inputAnswer: null, multipleChoiceOption: options.map((o) => o.id!) });
const figure = (q: Question, value: number): ScoringAnswer => ({ questionId: q.id!, inputAnswer: value, multipleChoiceOption: [] });
const questionsOf = (r: ScoreResult) => r.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));

describe('the points of a choice', () => {
  it('single choice with two ids (never stored so) takes the first one named, not the first option', () => {
    const low = option(1);
    const high = option(3);
    const q = single(1, [low, high]);
    expect(choicePoints(q, [high.id!, low.id!])).toBe(3);
    expect(choicePoints(q, [low.id!, high.id!])).toBe(1);
    expect(choicePoints(q, [123_456, high.id!])).toBe(3);
  });

  it('several exclusive options chosen: the best of them alone, the others ignored', () => {
    const none = option(1, true);
    const best = option(2, true);
    const plain = option(5);
    const q = multiple(1, [none, best, plain]);
    expect(choicePoints(q, [none.id!, best.id!, plain.id!])).toBe(2);
    expect(choicePoints(q, [plain.id!])).toBe(5);
  });

  it('an option without id is never chosen, and a single choice naming no option is unanswered', () => {
    const q = multiple(1, [{ ...option(4), id: null }, option(2)]);
    expect(choicePoints(q, [])).toBeNull();
    expect(choicePoints(single(2, [option(1)]), [123_456])).toBeNull();
  });

  it('a multiple choice whose options add up below 0 earns 0, never less', () => {
    const a = option(-3);
    const b = option(1);
    const q = multiple(1, [a, b]);
    const result = score(oneSection(q), OFFICE, [pick(q, a, b)], NO_DATA);
    expect(questionsOf(result)[0]).toMatchObject({ points: 0, maximum: 1, ratio: 0, classification: 'Negative', answered: true });
  });
});

describe('what counts in a section', () => {
  it('a virtual question whose parent is missing counts neither points nor maximum; the value question counts nothing either', () => {
    const q = single(1, [option(0), option(2)]);
    const orphan = virtualQuestion(2, 'DW', 999, 6);
    const water = valueQuestion(3, 'water');
    const result = score(oneSection(q, orphan, water), OFFICE, [pick(q, q.options[1]!), figure(water, 2)], NO_DATA);
    const s = result.clusters[0]!.categories[0]!.sections[0]!;
    expect(s).toMatchObject({ points: 2, maximum: 2, ratio: 1 });
    expect(s.questions[1]).toMatchObject({ counted: false, countedInFinance: false, points: 0, maximum: 6, ratio: null, classification: 'Neutral', answered: false });
    expect(s.questions[2]).toMatchObject({ counted: false, points: 0, maximum: 0, ratio: null, answered: true, answer: { inputAnswer: 2, multipleChoiceOption: [] } });
  });

  it('a question’s ratio is its points over its maximum: 2 of 4 is 0.5', () => {
    const q = single(1, [option(0), option(2), option(4)]);
    expect(questionsOf(score(oneSection(q), OFFICE, [pick(q, q.options[1]!)], NO_DATA))[0]).toMatchObject({ points: 2, maximum: 4, ratio: 0.5, classification: 'Intermediate' });
  });

  it('a stored answer to a virtual question is not its answer', () => {
    const energyTotal = valueQuestion(1, 'finalEnergyTotal');
    const dw = virtualQuestion(2, 'DW', 1, 6);
    const result = score(oneSection(energyTotal, dw), OFFICE, [figure(energyTotal, 180), { questionId: 2, inputAnswer: 5, multipleChoiceOption: [] }], DATA);
    expect(questionsOf(result)[1]).toMatchObject({ answer: null, answered: true, points: 3 });
  });

  it('a figure stored on a choice question is no consumption value, even where the question names a KPI key', () => {
    const q = single(1, [option(0), option(1)], { kpiKey: 'water' });
    const result = score(oneSection(q), OFFICE, [{ questionId: 1, inputAnswer: 7, multipleChoiceOption: [q.options[1]!.id!] }], NO_DATA);
    expect(result.consumption.water).toBeNull();
  });

  it('a value question with a figure that is not a number is unanswered', () => {
    const water = valueQuestion(1, 'water');
    const result = score(oneSection(water, single(2, [option(1)])), OFFICE, [figure(water, Number.NaN)], NO_DATA);
    expect(questionsOf(result)[0]!.answered).toBe(false);
    expect(result.consumption.water).toBeNull();
  });

  it('only counted questions of score type Finance count in the finance score', () => {
    const finance = single(1, [option(0), option(2)], { scoreType: 'Finance' });
    const orphan = virtualQuestion(2, 'DW', 999, 6, { scoreType: 'Finance' });
    const ecoreOnly = single(3, [option(0), option(4)]);
    const result = score(oneSection(finance, orphan, ecoreOnly), OFFICE, [pick(finance, finance.options[1]!)], NO_DATA);
    expect(questionsOf(result).map((q) => q.countedInFinance)).toEqual([true, false, false]);
    const s = result.clusters[0]!.categories[0]!.sections[0]!;
    expect(s.finance).toMatchObject({ points: 2, maximum: 2, ratio: 1, classification: 'Positive', weight: 1, share: 1 });
    expect(result.clusters[0]!.categories[0]!.finance).toMatchObject({ points: 2, maximum: 2, ratio: 1, classification: 'Positive' });
    expect(result.clusters[0]!.finance).toMatchObject({ points: 2, maximum: 2, ratio: 1, classification: 'Positive', share: 1 });
    expect(result).toMatchObject({ ecore: (2 / 6) * 100, ecoreClassification: 'Intermediate', finance: 100, financeClassification: 'Positive' });
  });

  it('a category’s ratio is its own sections’ weighted ratio, not the cluster’s: 1 and 0 beside each other', () => {
    const a = single(1, [option(0), option(1)], { scoreType: 'Finance' });
    const b = single(2, [option(0), option(1)], { scoreType: 'Finance' });
    const t: ScoringTemplate = {
      scoredAmbitionLevels: ['A1'],
      clusters: [
        {
          ...cluster(1, 100, []),
          categories: [
            { id: 10, translations: [], order: 1, sections: [section(1, 1, [a])] },
            { id: 20, translations: [], order: 2, sections: [section(2, 3, [b])] },
          ],
        },
      ],
    };
    const result = score(t, OFFICE, [pick(a, a.options[1]!), pick(b, b.options[0]!)], NO_DATA);
    const [full, none] = result.clusters[0]!.categories;
    expect(full).toMatchObject({ id: 10, points: 1, maximum: 1, ratio: 1, classification: 'Positive', finance: { points: 1, maximum: 1, ratio: 1, classification: 'Positive' } });
    expect(none).toMatchObject({ id: 20, points: 0, maximum: 1, ratio: 0, classification: 'Negative', finance: { ratio: 0, classification: 'Negative' } });
    expect(result.clusters[0]).toMatchObject({ points: 1, maximum: 2, ratio: 0.25, classification: 'Negative', finance: { points: 1, maximum: 2, ratio: 0.25 } });
    expect(result.clusters[0]!.categories[1]!.sections[0]!.share).toBe(0.75);
  });
});

describe('the weighted ratio of a level', () => {
  it('a weight that is not a positive number drops out like a level with nothing counted', () => {
    expect(weightedRatio([{ weight: Number.NaN, ratio: 0 }, { weight: -2, ratio: 0 }, { weight: 2, ratio: 0.5 }])).toEqual({ ratio: 0.5, shares: [0, 0, 1] });
    expect(weightedRatio([])).toEqual({ ratio: null, shares: [] });
  });

  it('with no weight left every part’s share is 0, and a part without weight adds nothing, whatever its ratio', () => {
    expect(weightedRatio([{ weight: 0, ratio: 1 }, { weight: 5, ratio: null }])).toEqual({ ratio: null, shares: [0, 0] });
    expect(weightedRatio([{ weight: 0, ratio: Number.POSITIVE_INFINITY }, { weight: 1, ratio: 0.5 }])).toEqual({ ratio: 0.5, shares: [0, 1] });
  });
});

describe('classification and display at the edges', () => {
  it.each<[number, string]>([
    [2 / 3 - 1e-9, 'Positive'],
    [1 / 3 - 1e-9, 'Intermediate'],
    [2 / 3 - 1e-10, 'Positive'],
    [2 / 3 - 1e-8, 'Intermediate'],
    [1 / 3 - 1e-10, 'Intermediate'],
    [1 / 3 - 1e-8, 'Negative'],
    [Number.NaN, 'Neutral'],
    [Number.POSITIVE_INFINITY, 'Neutral'],
  ])('a ratio of %s is %s (a tolerance of 1e-9 only)', (ratio, expected) => {
    expect(classify(ratio)).toBe(expected);
  });

  it('rounding leaves what is not a number as it is and never shows −0', () => {
    expect(roundForDisplay(Number.NaN)).toBeNaN();
    expect(roundForDisplay(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(roundForDisplay(-0.04), 0)).toBe(true);
    expect(roundForDisplay(-72.25)).toBe(-72.3);
  });

  it('figures of the "why" lines show up to two decimals in the language', () => {
    expect(formatFigure(1234.567, 'de')).toBe('1.234,57');
    expect(formatFigure(1234.5, 'en')).toBe('1,234.5');
  });

  it('a score that is not a number shows as a dash, like no score', () => {
    expect(formatScore(Number.NaN, 'de')).toBe('–');
    expect(formatScore(Number.POSITIVE_INFINITY, 'en')).toBe('–');
    expect(formatScore(-0.04, 'en')).toBe('0.0');
  });
});

describe('who sees a score', () => {
  it('anyone holding a role that sees scores, whatever other roles they hold', () => {
    expect(mayViewScore({ roles: [Role.ObjectAnalyst, Role.ObjectAdministrator] })).toBe(true);
    expect(mayViewScore({ roles: [Role.ObjectAnalyst] })).toBe(false);
  });
});

describe('parents of virtual questions', () => {
  const co2 = valueQuestion(1, 'co2', { staticTitle: 'C-1.1' });
  const forHotels = valueQuestion(2, 'co2', { staticTitle: 'C-1.2', assetTypes: ['HOT'] });

  it('a parent named only by its static title is found by it', () => {
    const dk = virtualQuestion(3, 'DK', 0, 8, { parentQuestionId: null, parentStaticTitle: 'C-1.1', averageVariator: 0.5 });
    const result = score(oneSection(co2, dk), OFFICE, [figure(co2, 60)], DATA);
    // 60 against the 2024 pathway value 60: half of 8 points.
    expect(result.virtualQuestions[0]).toMatchObject({ status: 'computed', value: 60, points: 4 });
  });

  it('a parent named by id that does not apply is missing, even where the static title would find another', () => {
    const dk = virtualQuestion(3, 'DK', 2, 8, { parentStaticTitle: 'C-1.1' });
    const result = score(oneSection(co2, forHotels, dk), OFFICE, [figure(co2, 60)], DATA);
    expect(result.virtualQuestions[0]!.status).toBe('no-parent');
  });
});

describe('the consumption values and projections', () => {
  const energyTotal = valueQuestion(1, 'finalEnergyTotal');
  const grid = valueQuestion(2, 'finalEnergyGridElectricity');
  const gas = valueQuestion(3, 'finalEnergyGas');
  const co2 = valueQuestion(4, 'co2');
  const co2Again = valueQuestion(5, 'co2');
  const water = valueQuestion(6, 'water');
  const waste = valueQuestion(7, 'waste');
  const t = oneSection(energyTotal, grid, gas, co2, co2Again, water, waste, single(8, [option(1)]));

  it('the first answered question of a KPI key in tree order is the figure', () => {
    const result = score(t, OFFICE, [figure(co2Again, 30), figure(co2, 20), figure(water, 1.5), figure(waste, 4)], DATA);
    expect(result.consumption).toMatchObject({ co2: 20, co2Source: 'reported', water: 1.5, waste: 4, finalEnergy: null, finalEnergySource: null, carriersReported: false });
    // CO2 20 held flat against 60 − 2n: above it from n = 21, the year 2045.
    expect(result.stranding.carbon).toMatchObject({ status: 'computed', result: { source: 'reported', misalignmentYear: 2045 } });
    expect(result.stranding.energy).toEqual({ status: 'not-reported' });
  });

  it('carbon and energy totals are projected each against their own pathway', () => {
    const result = score(t, OFFICE, [figure(co2, 40), figure(energyTotal, 150)], DATA);
    // 40 against 60 − 2n: 2035; 150 against 200 − 3n: 2041.
    expect(result.stranding.carbon).toMatchObject({ status: 'computed', result: { source: 'reported', misalignmentYear: 2035 } });
    expect(result.stranding.energy).toMatchObject({ status: 'computed', result: { source: 'reported', misalignmentYear: 2041 } });
    expect(result.consumption).toMatchObject({ finalEnergy: 150, finalEnergySource: 'reported' });
  });

  it('from the carriers: final energy their sum, CO2 the reporting year’s 50 × 0.4 + 100 × 0.2 = 40, both projected', () => {
    const result = score(t, OFFICE, [figure(grid, 50), figure(gas, 100)], DATA);
    expect(result.consumption).toMatchObject({ finalEnergy: 150, finalEnergySource: 'carriers', co2Source: 'carriers', carriersReported: true });
    expect(result.consumption.co2).toBeCloseTo(40, 12);
    expect(result.consumption.carriers).toMatchObject({ gridElectricity: 50, gas: 100, oil: 0 });
    expect(result.stranding.carbon).toMatchObject({ status: 'computed', result: { source: 'carriers', misalignmentYear: 2035 } });
    expect(result.stranding.energy).toMatchObject({ status: 'computed', result: { source: 'carriers', misalignmentYear: 2041 } });
  });

  it('carriers before a reported CO2 figure: the carriers’ 50 × 0.4 = 20 is the figure, and the total of 12 beside it is a warning naming both', () => {
    const result = score(t, OFFICE, [figure(grid, 50), figure(co2, 12)], DATA);
    expect(result.consumption).toMatchObject({ co2: 20, co2Source: 'carriers' });
    expect(result.stranding.carbon).toMatchObject({ status: 'computed', result: { source: 'carriers' } });
    expect(result.figureWarnings).toEqual([{ metric: 'carbon', total: 12, carriers: 20, totalQuestionId: 4, carrierQuestionIds: [2] }]);
  });

  it('carriers before a reported energy total: grid 50 is the figure and is projected, the total 100 only warned about', () => {
    const result = score(t, OFFICE, [figure(energyTotal, 100), figure(grid, 50)], DATA);
    expect(result.consumption).toMatchObject({ finalEnergy: 50, finalEnergySource: 'carriers' });
    // 50 against 200 − 3n never leaves the pathway before 2051.
    expect(result.stranding.energy).toMatchObject({ status: 'computed', result: { source: 'carriers', misalignmentYear: null, beyond2050: true } });
    expect(result.figureWarnings).toEqual([{ metric: 'energy', total: 100, carriers: 50, totalQuestionId: 1, carrierQuestionIds: [2] }]);
  });

  it('a total within 2 % of its carriers is no warning; just beyond it is one', () => {
    expect(score(t, OFFICE, [figure(energyTotal, 153), figure(grid, 50), figure(gas, 100)], DATA).figureWarnings).toEqual([]);
    expect(score(t, OFFICE, [figure(energyTotal, 147), figure(grid, 50), figure(gas, 100)], DATA).figureWarnings).toEqual([]);
    expect(score(t, OFFICE, [figure(energyTotal, 153.1), figure(grid, 50), figure(gas, 100)], DATA).figureWarnings).toMatchObject([{ metric: 'energy', total: 153.1, carriers: 150 }]);
  });

  it('projections the reference data cannot give are refused, and what is missing is listed once', () => {
    const austria = { ...OFFICE, country: 'AT' };
    const result = score(t, austria, [figure(co2, 40), figure(energyTotal, 150)], DATA);
    expect(result.stranding.carbon.status).toBe('refused');
    expect(result.stranding.energy.status).toBe('refused');
    expect(result.referenceMissing).toEqual([
      { kind: 'pathway', metric: 'carbon', country: 'AT', assetClass: 'OFF', years: [2024, 2050] },
      { kind: 'pathway', metric: 'energy', country: 'AT', assetClass: 'OFF', years: [2024, 2050] },
    ]);
    expect(result.consumption).toMatchObject({ co2: 40, co2Source: 'reported' });
  });

  it('a reporting year after 2050 refuses the projections without naming reference data', () => {
    const result = score(t, { ...OFFICE, reportingYear: 2051 }, [figure(co2, 40), figure(energyTotal, 150)], DATA);
    expect(result.stranding.carbon).toEqual({ status: 'refused', refusal: { _tag: 'scoring-reporting-year', reportingYear: 2051 } });
    expect(result.referenceMissing).toEqual([]);
  });

  it('carriers give the CO2 figure of the reporting year even where no pathway lets them be projected', () => {
    const result = score(t, { ...OFFICE, country: 'AT' }, [figure(gas, 100)], DATA);
    expect(result.consumption).toMatchObject({ co2: 100 * 0.2, co2Source: 'carriers', finalEnergy: 100, finalEnergySource: 'carriers' });
    expect(result.stranding.carbon.status).toBe('refused');
  });

  it('carriers whose factor is missing give no CO2 figure, and never fall back to a reported one', () => {
    const result = score(t, { ...OFFICE, country: 'AT' }, [figure(grid, 100), figure(co2, 30)], DATA);
    expect(result.consumption).toMatchObject({ co2: null, co2Source: null, finalEnergy: 100, finalEnergySource: 'carriers' });
  });
});
describe('the "why" lines of a score', () => {
  const energyTotal = valueQuestion(1, 'finalEnergyTotal');
  const dw = virtualQuestion(2, 'DW', 1, 6);
  const t = oneSection(energyTotal, dw);

  it('are written unless asked not to', () => {
    const explained = score(t, OFFICE, [figure(energyTotal, 153)], DATA);
    expect(explained.virtualQuestions[0]!.why.en).not.toBe('');
    expect(explained.virtualQuestions[0]!.why.de).not.toBe('');
    expect(score(t, OFFICE, [figure(energyTotal, 153)], DATA, { explain: true }).virtualQuestions[0]!.why).toEqual(explained.virtualQuestions[0]!.why);
    expect(score(t, OFFICE, [figure(energyTotal, 153)], DATA, { explain: false }).virtualQuestions[0]!.why).toEqual({ de: '', en: '' });
  });
});

describe('taxonomy conformity at the edges', () => {
  it('a taxonomy question that cannot be computed is relevant but not at full points; one without points is not relevant', () => {
    const energyTotal = valueQuestion(1, 'finalEnergyTotal', { taxonomyRelevant: true });
    const dk = virtualQuestion(2, 'DK', 1, 4, { taxonomyRelevant: true });
    const full = single(3, [option(0), option(2)], { taxonomyRelevant: true });
    const result = score(oneSection(energyTotal, dk, full), { ...OFFICE, country: 'AT' }, [figure(energyTotal, 100), pick(full, full.options[1]!)], DATA);
    expect(result.virtualQuestions[0]!.status).toBe('refused');
    expect(result.taxonomy).toEqual({ relevant: 2, atFullPoints: 1, share: 0.5, conforms: false });
  });
});

describe('the score of a group at the edges', () => {
  it('a score or an area that is not a finite number weighs nothing', () => {
    expect(groupScore([{ area: 1000, score: 40 }, { area: 1000, score: Number.NaN }, { area: Number.POSITIVE_INFINITY, score: 90 }, { area: -5, score: 90 }])).toBe(40);
    expect(groupScore([{ area: 0, score: 40 }])).toBeNull();
  });

  const q = single(1, [option(0), option(3)], { taxonomyRelevant: true });
  const two: ScoringTemplate = { scoredAmbitionLevels: ['A1'], clusters: [cluster(1, 50, [section(1, 1, [q])]), cluster(2, 50, [section(2, 1, [single(2, [option(0), option(1)])])])] };
  const noTaxonomy = score(oneSection(single(3, [option(0), option(1)])), OFFICE, [], NO_DATA);

  it('clusters by position over every object that has them; the classification of a group’s score is that of score / 100', () => {
    const high = score(two, OFFICE, [pick(q, q.options[1]!), { questionId: 2, inputAnswer: null, multipleChoiceOption: [two.clusters[1]!.categories[0]!.sections[0]!.questions[0]!.options[1]!.id!] }], NO_DATA);
    const group = groupResult([
      { area: 1000, result: noTaxonomy },
      { area: 3000, result: high },
    ]);
    expect(group.clusters).toEqual([
      { clusterIdentifier: 'I', ratio: 0.25 * 0 + 0.75 * 1, classification: 'Positive' },
      { clusterIdentifier: 'II', ratio: 1, classification: 'Positive' },
    ]);
    expect(group).toMatchObject({ ecore: 75, ecoreClassification: 'Positive', finance: null, financeClassification: 'Neutral' });
    // Only the object with taxonomy questions counts, and it conforms.
    expect(group.taxonomy).toEqual({ share: 1, conforms: true });
  });

  it('the finance score of a group and its classification: 50 is Intermediate', () => {
    const f = single(1, [option(0), option(2)], { scoreType: 'Finance' });
    const half = score(oneSection(f), OFFICE, [pick(f, f.options[1]!)], NO_DATA);
    const none = score(oneSection(f), OFFICE, [pick(f, f.options[0]!)], NO_DATA);
    expect(groupResult([{ area: 1000, result: half }, { area: 1000, result: none }])).toMatchObject({ finance: 50, financeClassification: 'Intermediate', ecore: 50, ecoreClassification: 'Intermediate' });
  });

  it('a cluster position no object names is numbered; no object with taxonomy questions: no share, not conforming', () => {
    const unnamed = { ...noTaxonomy, clusters: noTaxonomy.clusters.map((c) => ({ ...c, clusterIdentifier: undefined as unknown as string })) };
    const group = groupResult([{ area: 1000, result: unnamed }]);
    expect(group.clusters.map((c) => c.clusterIdentifier)).toEqual(['1']);
    expect(group.taxonomy).toEqual({ share: null, conforms: false });
    expect(groupResult([])).toMatchObject({ ecore: null, ecoreClassification: 'Neutral', financeClassification: 'Neutral', clusters: [], taxonomy: { share: null, conforms: false }, stranding: { carbon: { status: 'not-reported' }, energy: { status: 'not-reported' } } });
  });

  it('projections of a group: any refusal is the group’s; objects of both sources make it mixed; none reported, none', () => {
    const co2 = valueQuestion(1, 'co2');
    const grid = valueQuestion(2, 'finalEnergyGridElectricity');
    const t = oneSection(co2, grid, single(3, [option(1)]));
    const reported = score(t, OFFICE, [figure(co2, 40)], DATA);
    const carriers = score(t, OFFICE, [figure(grid, 100)], DATA);
    const refused = score(t, { ...OFFICE, country: 'AT' }, [figure(co2, 40)], DATA);
    const silent = score(t, OFFICE, [], DATA);
    const mixed = groupResult([{ area: 1000, result: reported }, { area: 1000, result: carriers }, { area: 1000, result: silent }]);
    expect(mixed.stranding.carbon).toMatchObject({ status: 'computed', result: { source: 'mixed' } });
    // Intensities 40 and 100 × 0.4 = 40 in equal parts: 40 against 60 − 2n leaves it in 2035.
    expect(mixed.stranding.carbon).toMatchObject({ result: { misalignmentYear: 2035 } });
    expect(groupResult([{ area: 1000, result: reported }, { area: 500, result: reported }]).stranding.carbon).toMatchObject({ result: { source: 'reported' } });
    expect(groupResult([{ area: 1000, result: reported }, { area: 1000, result: refused }]).stranding.carbon).toEqual(refused.stranding.carbon);
    expect(groupResult([{ area: 1000, result: silent }]).stranding.carbon).toEqual({ status: 'not-reported' });
  });
});
