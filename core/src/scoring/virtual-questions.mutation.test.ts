// The virtual questions DW, DK and Year at their edges, with the "why" line each one shows (DOMAIN.md §5,
// docs/scoring.md "Decisions"; issue 15: the mutation score of the scoring module).
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import type { Question } from '../questionnaires/template.ts';
import { valueQuestion, virtualQuestion } from './arbitraries/scoring.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { score, type ScoringAnswer, type ScoringObject, type ScoringTemplate } from './score.ts';
import { flatStranding, noEnergy } from './stranding.ts';
import { deviationFactor, directProjection, yearFactor, type VirtualResult } from './virtual-questions.ts';

/**
 * Germany by hand: energy averages 180 (OFF) and 260 (HOT); carbon pathway OFF 0 in 2024 (a pathway already
 * at zero), then 60 − 2n in 2024 + n; energy pathway OFF 200 − 3n; grid factor 0.4; gas 0.2.
 */
const values: ReferenceValue[] = [];
const emissionFactors: EmissionFactor[] = [{ carrier: 'gas', country: '', year: 0, value: 0.2 }];
for (let n = 0; n <= 26; n += 1) {
  const year = 2024 + n;
  values.push({ kind: 'average', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 180 });
  values.push({ kind: 'average', metric: 'energy', country: 'DE', assetClass: 'HOT', year, value: 260 });
  values.push({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'OFF', year, value: n === 0 ? 0 : 60 - 2 * n });
  values.push({ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 200 - 3 * n });
  emissionFactors.push({ carrier: 'gridElectricity', country: 'DE', year, value: 0.4 });
}
const DATA: ReferenceData = { values, emissionFactors };
const OFFICE: ScoringObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2024 };
const MIXED: ScoringObject = { ...OFFICE, assetAssetTypes: [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 2, percentage: 40 }] };

const energyTotal = valueQuestion(1, 'finalEnergyTotal', { staticTitle: 'E-1.1' });
const co2 = valueQuestion(2, 'co2', { staticTitle: 'C-1.1' });
const noKpi: Question = { ...valueQuestion(3, 'water', { staticTitle: 'N-1.1' }), kpiKey: null };
const water = valueQuestion(4, 'water', { staticTitle: 'W-1.1' });
const templateWith = (virtual: Question): ScoringTemplate => ({
  scoredAmbitionLevels: ['A1'],
  clusters: [
    {
      id: 1,
      clusterIdentifier: 'II',
      weight: 1,
      financeWeight: 1,
      isTaxonomyCluster: false,
      categories: [{ id: 1, translations: [], order: 1, sections: [{ id: 1, translations: [], weight: 1, financeWeight: 1, order: 1, questions: [energyTotal, co2, noKpi, water, virtual] }] }],
    },
  ],
});
const figure = (q: Question, value: number): ScoringAnswer => ({ questionId: q.id!, inputAnswer: value, multipleChoiceOption: [] });
const run = (virtual: Question, answers: ScoringAnswer[], object: ScoringObject = OFFICE): VirtualResult => score(templateWith(virtual), object, answers, DATA).virtualQuestions[0]!;

describe('the deviation factor at its limits', () => {
  it.each<[string, number, number, number | null, { deviation: number | null; factor: number }]>([
    ['below the reference without a variator: all', 90, 100, null, { deviation: -0.1, factor: 1 }],
    ['at the reference without a variator: half', 100, 100, null, { deviation: 0, factor: 0.5 }],
    ['above the reference without a variator: nothing', 110, 100, null, { deviation: 0.1, factor: 0 }],
    ['a variator of 0 is no variator', 90, 100, 0, { deviation: -0.1, factor: 1 }],
    ['a negative variator is no variator', 110, 100, -0.3, { deviation: 0.1, factor: 0 }],
    ['at the reference with a variator of 0: half', 100, 100, 0, { deviation: 0, factor: 0.5 }],
    ['exactly one variator below: all', 70, 100, 0.3, { deviation: -0.3, factor: 1 }],
    ['half a variator above: a quarter', 115, 100, 0.3, { deviation: 0.15, factor: 0.25 }],
    ['below a negative reference: all, no deviation', -5, -2, 0.3, { deviation: null, factor: 1 }],
    ['at a negative reference: half', -2, -2, 0.3, { deviation: null, factor: 0.5 }],
  ])('%s', (_, value, reference, variator, expected) => {
    const result = deviationFactor(value, reference, variator);
    expect(result.factor).toBeCloseTo(expected.factor, 12);
    if (expected.deviation === null) expect(result.deviation).toBeNull();
    else expect(result.deviation).toBeCloseTo(expected.deviation, 12);
  });
});

describe('the year factor at its limits', () => {
  it.each<[string, { misalignmentYear: number | null; beyond2050: boolean }, number, number]>([
    ['leaving the path in 2050 from 2024: all', { misalignmentYear: 2050, beyond2050: false }, 2024, 1],
    ['leaving it in the reporting year: nothing', { misalignmentYear: 2024, beyond2050: false }, 2024, 0],
    ['a stranding year before the reporting year counts as nothing, never less', { misalignmentYear: 2020, beyond2050: false }, 2024, 0],
    ['no stranding year: all', { misalignmentYear: null, beyond2050: false }, 2024, 1],
    ['reporting 2049, leaving in 2050: all', { misalignmentYear: 2050, beyond2050: false }, 2049, 1],
    ['reporting in 2050 itself and leaving then: nothing', { misalignmentYear: 2050, beyond2050: false }, 2050, 0],
  ])('%s', (_, stranding, reportingYear, expected) => {
    expect(yearFactor(stranding, reportingYear)).toBeCloseTo(expected, 12);
  });
});

describe('projections computed directly', () => {
  it('energy from the carriers is their sum held flat', () => {
    const subject = { reportingYear: 2024, country: 'DE', assetAssetTypes: OFFICE.assetAssetTypes };
    const energy = { ...noEnergy(), gridElectricity: 50, gas: 100, renewablesExported: 30 };
    expect(directProjection(DATA, subject, energy)('energy', { carriers: true })).toEqual(flatStranding(DATA, subject, 'energy', 150));
    expect(E.isRight(directProjection(DATA, subject, energy)('carbon', { carriers: true }))).toBe(true);
  });
});

describe('what each virtual question shows and why', () => {
  it('DW of a mixed office and hotel against the blended average 212, naming both classes', () => {
    const result = run(virtualQuestion(10, 'DW', 1, 6), [figure(energyTotal, 200)], MIXED);
    expect(result).toMatchObject({ status: 'computed', metric: 'energy', value: 200, reference: { value: 212, year: 2024, source: 'reference' } });
    expect(result.points).toBeCloseTo(6 * (0.5 + 12 / 212 / 0.6), 12);
    expect(result.why).toEqual({
      de: '200 kWh/m²/a gegenüber dem Durchschnitt von 212 kWh/m²/a (Referenzdaten DE, OFF 60 % / HOT 40 %): Abweichung -5,66 % bei ±30 % → 3,6 von 6,0 Punkten',
      en: '200 kWh/m²/a against the average of 212 kWh/m²/a (reference data DE, OFF 60 % / HOT 40 %): deviation -5.66 % at ±30 % → 3.6 of 6.0 points',
    });
  });

  it('DK against a pathway value of 0 without a variator: any emission is infinitely above it', () => {
    const result = run(virtualQuestion(10, 'DK', 2, 8, { averageVariator: null }), [figure(co2, 5)]);
    expect(result).toMatchObject({ status: 'computed', deviation: null, factor: 0, points: 0, reference: { value: 0, source: 'reference' } });
    expect(result.why.en).toBe('5 kg CO2e/m²/a against the 2024 pathway value of 0 kg CO2e/m²/a (reference data DE, OFF): deviation ∞ % at ±0 % → 0.0 of 8.0 points');
  });

  it('DW whose parent names no KPI key uses the question’s own average', () => {
    const result = run(virtualQuestion(10, 'DW', 3, 4, { averageValue: 2 }), [figure(noKpi, 1)]);
    expect(result).toMatchObject({ status: 'computed', metric: null, reference: { value: 2, year: 2024, source: 'question' }, deviation: -0.5, factor: 1, points: 4 });
    expect(result.why.en).toMatch(/^1 +against the average of 2 +\(the question’s own average\): deviation -50 % at ±30 % → 4\.0 of 4\.0 points$/);
  });

  it('DK whose parent names no KPI key is refused, naming the question (DK never falls back)', () => {
    const result = run(virtualQuestion(10, 'DK', 3, 4, { averageValue: 2 }), [figure(noKpi, 1)]);
    expect(result).toMatchObject({ status: 'refused', refusal: { _tag: 'scoring-reference-missing', missing: [{ kind: 'kpiKey', question: 'N-1.1' }] } });
  });

  it('a virtual question without a type is a DW', () => {
    expect(run({ ...virtualQuestion(10, 'DW', 1, 6), virtualQuestionType: null }, [figure(energyTotal, 180)])).toMatchObject({ type: 'DW', points: 3 });
  });

  it('energy Year reads the carriers where any is answered, like carbon: grid 50 beside a total of 150 never leaves 200 − 3n', () => {
    const grid = valueQuestion(5, 'finalEnergyGridElectricity');
    const t = templateWith(virtualQuestion(10, 'Year', 1, 8));
    t.clusters[0]!.categories[0]!.sections[0]!.questions.push(grid);
    const result = score(t, OFFICE, [figure(energyTotal, 150), figure(grid, 50)], DATA).virtualQuestions[0]!;
    expect(result.stranding).toMatchObject({ misalignmentYear: null, beyond2050: true, source: 'carriers' });
    expect(result).toMatchObject({ value: 50, points: 8 });
    // Without the carriers the total of 150 held flat leaves it in 2041 (150 > 200 − 3 × 17).
    const total = score(t, OFFICE, [figure(energyTotal, 150)], DATA).virtualQuestions[0]!;
    expect(total.stranding).toMatchObject({ misalignmentYear: 2041, source: 'reported' });
  });

  it('DK at a pathway value of 0 met exactly: no deviation, half the points', () => {
    const result = run(virtualQuestion(10, 'DK', 2, 8, { averageVariator: null }), [figure(co2, 0)]);
    expect(result).toMatchObject({ deviation: null, factor: 0.5, points: 4 });
    expect(result.why.en).toContain('deviation 0 % at ±0 %');
  });

  it('Year whose parent names no KPI key is refused, naming the question', () => {
    const result = run(virtualQuestion(10, 'Year', 3, 4), [figure(noKpi, 1)]);
    expect(result).toMatchObject({ status: 'refused', metric: null, value: 1, points: 0, refusal: { _tag: 'scoring-reference-missing', missing: [{ kind: 'kpiKey', question: 'N-1.1' }] } });
    expect(result.why).toEqual({ de: 'Nicht gezählt: in den Referenzdaten fehlt die Kennzahl der Frage N-1.1', en: 'Not counted: the reference data lacks the KPI key of question N-1.1' });
  });

  it('Year of water is refused: there is no water pathway', () => {
    const result = run(virtualQuestion(10, 'Year', 4, 4), [figure(water, 1)]);
    expect(result.refusal).toEqual({ _tag: 'scoring-reference-missing', missing: [{ kind: 'pathway', metric: 'water', country: 'DE', assetClass: 'OFF', years: [2024, 2050] }] });
    expect(result.why.en).toBe('Not counted: the reference data lacks decarbonisation pathway water DE OFF 2024–2050');
  });

  it('Year of a reporting year after 2050 is refused, saying so', () => {
    const result = run(virtualQuestion(10, 'Year', 2, 4), [figure(co2, 1)], { ...OFFICE, reportingYear: 2051 });
    expect(result).toMatchObject({ status: 'refused', refusal: { _tag: 'scoring-reporting-year', reportingYear: 2051 } });
    expect(result.why).toEqual({ de: 'Nicht gezählt: für das Berichtsjahr 2051 gibt es keine Projektion bis 2050', en: 'Not counted: there is no projection to 2050 for the reporting year 2051' });
  });

  it('energy Year leaving the energy pathway: the why names the flat projection, the year and the points', () => {
    const result = run(virtualQuestion(10, 'Year', 1, 8), [figure(energyTotal, 150)]);
    expect(result).toMatchObject({ status: 'computed', stranding: { misalignmentYear: 2041, source: 'reported' }, factor: 17 / 26 });
    expect(result.why.en).toContain('150 kWh/m²/a in 2024');
    expect(result.why.en).toContain('leaves the pathway in 2041 → 5.2 of 8.0 points');
  });

  it('unanswered and without parent, in both languages', () => {
    expect(run(virtualQuestion(10, 'DW', 1, 6), []).why).toEqual({ de: 'E-1.1 ist nicht beantwortet → 0 von 6,0 Punkten', en: 'E-1.1 is not answered → 0 of 6.0 points' });
    expect(run(virtualQuestion(10, 'DW', 99, 6), []).why).toEqual({
      de: 'Nicht gezählt: die Frage, aus der sie berechnet wird, gilt für dieses Objekt nicht',
      en: 'Not counted: the question it is computed from does not apply to this object',
    });
  });

  it('DK where the country has no pathway names the year missing', () => {
    const result = run(virtualQuestion(10, 'DK', 2, 8), [figure(co2, 5)], { ...OFFICE, country: 'AT' });
    expect(result.why.de).toBe('Nicht gezählt: in den Referenzdaten fehlt Dekarbonisierungspfad CO2 AT OFF 2024');
  });
});
