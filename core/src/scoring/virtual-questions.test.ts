// The virtual questions DW, DK and Year of DOMAIN.md §5, each with a worked example computed by hand, their
// one-line "why", and the consumption values and projections of the results overview.
import { describe, expect, it } from 'vitest';
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import type { Cluster, Question } from '../questionnaires/template.ts';
import { valueQuestion, virtualQuestion } from './arbitraries/scoring.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { score, type ScoringAnswer, type ScoringObject } from './score.ts';
import { deviationFactor, yearFactor, type VirtualResult } from './virtual-questions.ts';

/**
 * Reference data for Germany, by hand: energy averages 180 (OFF) and 260 (HOT), carbon average 45 (OFF);
 * carbon pathway OFF 60 − 2n and energy pathway OFF 200 − 3n in the year 2024 + n; grid factor 0.4 − 0.01n;
 * gas 0.2 kg CO2e/kWh.
 */
const values: ReferenceValue[] = [];
const emissionFactors: EmissionFactor[] = [{ carrier: 'gas', country: '', year: 0, value: 0.2 }];
for (let n = 0; n <= 26; n += 1) {
  const year = 2024 + n;
  values.push({ kind: 'average', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 180 });
  values.push({ kind: 'average', metric: 'energy', country: 'DE', assetClass: 'HOT', year, value: 260 });
  values.push({ kind: 'average', metric: 'carbon', country: 'DE', assetClass: 'OFF', year, value: 45 });
  values.push({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'OFF', year, value: 60 - 2 * n });
  values.push({ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 200 - 3 * n });
  emissionFactors.push({ carrier: 'gridElectricity', country: 'DE', year, value: 0.4 - 0.01 * n });
}
const DATA: ReferenceData = { values, emissionFactors };
const OFFICE: ScoringObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2024 };

// The demo template's shape: E-1.1 total energy, E-1.2 grid, E-1.3 gas, C-1.1 CO2, W-1.1 water; virtual questions on them.
const energyTotal = valueQuestion(1, 'finalEnergyTotal', { staticTitle: 'E-1.1' });
const grid = valueQuestion(2, 'finalEnergyGridElectricity', { staticTitle: 'E-1.2' });
const gas = valueQuestion(3, 'finalEnergyGas', { staticTitle: 'E-1.3' });
const co2 = valueQuestion(4, 'co2', { staticTitle: 'C-1.1' });
const water = valueQuestion(5, 'water', { staticTitle: 'W-1.1' });
const hotelOnly = valueQuestion(6, 'waste', { staticTitle: 'A-1.1', assetTypes: ['HOT'] });

const templateWith = (...virtuals: Question[]) => ({
  scoredAmbitionLevels: ['A1' as const],
  clusters: [
    {
      id: 1,
      clusterIdentifier: 'II',
      weight: 100,
      financeWeight: 100,
      isTaxonomyCluster: false,
      categories: [{ id: 10, translations: [], order: 1, sections: [{ id: 100, translations: [], weight: 1, financeWeight: 1, order: 1, questions: [energyTotal, grid, gas, co2, water, hotelOnly, ...virtuals] }] }],
    } satisfies Cluster,
  ],
});
const figure = (q: Question, value: number): ScoringAnswer => ({ questionId: q.id!, inputAnswer: value, multipleChoiceOption: [] });

/** The one virtual question's result and the score it gives alone. */
const run = (virtual: Question, answers: ScoringAnswer[], object: ScoringObject = OFFICE, data: ReferenceData = DATA): { result: VirtualResult; ecore: number | null } => {
  const scored = score(templateWith(virtual), object, answers, data);
  return { result: scored.virtualQuestions[0]!, ecore: scored.ecore };
};

describe('DW: deviation from the average', () => {
  it('153 kWh/m²/a against the office average of 180 with a 30 % variator earns 0.5 + 0.15 / 0.6 = 0.75 of 6 points', () => {
    const { result, ecore } = run(virtualQuestion(20, 'DW', 1, 6, { averageVariator: 0.3 }), [figure(energyTotal, 153)]);
    expect(result).toMatchObject({ status: 'computed', metric: 'energy', value: 153, reference: { value: 180, year: 2024, source: 'reference' } });
    expect(result.deviation).toBeCloseTo(-0.15, 12);
    expect(result.factor).toBeCloseTo(0.75, 12);
    expect(result.points).toBeCloseTo(4.5, 12);
    expect(ecore).toBeCloseTo(75, 10);
    expect(result.why.en).toBe('153 kWh/m²/a against the average of 180 kWh/m²/a (reference data DE, OFF): deviation -15 % at ±30 % → 4.5 of 6.0 points');
    expect(result.why.de).toBe('153 kWh/m²/a gegenüber dem Durchschnitt von 180 kWh/m²/a (Referenzdaten DE, OFF): Abweichung -15 % bei ±30 % → 4,5 von 6,0 Punkten');
  });

  it('a mixed office (60 %) and hotel (40 %) is held against the blended average 0.6 × 180 + 0.4 × 260 = 212: at it, half the points', () => {
    const mixed = { ...OFFICE, assetAssetTypes: [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 2, percentage: 40 }] };
    const { result } = run(virtualQuestion(20, 'DW', 1, 6, { averageVariator: 0.3 }), [figure(energyTotal, 212)], mixed);
    expect(result.reference!.value).toBeCloseTo(212, 12);
    expect(result.points).toBeCloseTo(3, 12);
    expect(result.why.en).toContain('reference data DE, OFF 60 % / HOT 40 %');
  });

  it('one variator below the average earns all, one above none, and beyond that no more and no less', () => {
    expect(deviationFactor(70, 100, 0.3).factor).toBeCloseTo(1, 12);
    expect(deviationFactor(130, 100, 0.3).factor).toBeCloseTo(0, 12);
    expect(deviationFactor(10, 100, 0.3).factor).toBe(1);
    expect(deviationFactor(500, 100, 0.3).factor).toBe(0);
  });

  it('water has no reference average: 1.5 m³/m²/a against the question’s own 1.2 with a 50 % variator earns 0.5 − 0.25 = 0.25 of 4 points', () => {
    const { result } = run(virtualQuestion(20, 'DW', 5, 4, { averageVariator: 0.5, averageValue: 1.2 }), [figure(water, 1.5)]);
    expect(result).toMatchObject({ status: 'computed', metric: 'water', reference: { value: 1.2, source: 'question' } });
    expect(result.points).toBeCloseTo(1, 12);
    expect(result.why.en).toBe('1.5 m³/m²/a against the average of 1.2 m³/m²/a (the question’s own average): deviation 25 % at ±50 % → 1.0 of 4.0 points');
  });

  it('without a reference average and without an own one, it is refused naming what is missing, and counts nowhere', () => {
    const scored = score(templateWith(virtualQuestion(20, 'DW', 5, 4)), OFFICE, [figure(water, 1.5)], DATA);
    expect(scored.virtualQuestions[0]).toMatchObject({ status: 'refused', points: 0, refusal: { _tag: 'scoring-reference-missing', missing: [{ kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', years: [2024, 2024] }] } });
    expect(scored.virtualQuestions[0]!.why.en).toBe('Not counted: the reference data lacks average water DE OFF 2024');
    expect(scored.ecore).toBeNull();
    expect(scored.referenceMissing).toEqual([{ kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', years: [2024, 2024] }]);
  });
});

describe('DK: deviation from the path', () => {
  it('50 kg CO2e/m²/a against the 2024 pathway value 60 with a 50 % variator earns 0.5 + (1/6) / 1 of 8 points', () => {
    const { result } = run(virtualQuestion(20, 'DK', 4, 8, { averageVariator: 0.5 }), [figure(co2, 50)]);
    expect(result).toMatchObject({ status: 'computed', metric: 'carbon', reference: { value: 60, year: 2024, source: 'reference' } });
    expect(result.points).toBeCloseTo(8 * (0.5 + 1 / 6), 12);
    expect(result.why.en).toBe('50 kg CO2e/m²/a against the 2024 pathway value of 60 kg CO2e/m²/a (reference data DE, OFF): deviation -16.67 % at ±50 % → 5.3 of 8.0 points');
  });

  it('uses the pathway value of the reporting year: 50 against 48 in 2030 earns 0.5 − (2/48) of 8 points', () => {
    const { result } = run(virtualQuestion(20, 'DK', 4, 8, { averageVariator: 0.5 }), [figure(co2, 50)], { ...OFFICE, reportingYear: 2030 });
    expect(result.reference).toEqual({ value: 48, year: 2030, source: 'reference' });
    expect(result.points).toBeCloseTo(8 * (0.5 - 2 / 48), 12);
  });

  it('never falls back to the question’s own average: a country without pathways is refused', () => {
    const { result } = run(virtualQuestion(20, 'DK', 4, 8, { averageVariator: 0.5, averageValue: 40 }), [figure(co2, 50)], { ...OFFICE, country: 'FR' });
    expect(result).toMatchObject({ status: 'refused', refusal: { missing: [{ kind: 'pathway', metric: 'carbon', country: 'FR', assetClass: 'OFF', years: [2024, 2024] }] } });
  });

  it('a pathway value of 0 is met by 0 (half the points) and exceeded by anything above (none)', () => {
    expect(deviationFactor(0, 0, 0.5)).toEqual({ deviation: null, factor: 0.5 });
    expect(deviationFactor(1, 0, 0.5)).toEqual({ deviation: null, factor: 0 });
  });
});

describe('Year: leaving the path (the stranding point)', () => {
  it('carbon from the carriers (50 grid, 100 gas): 40 in 2024 leaves the pathway 60 − 2n in 2038, earning 14 / 26 of 10 points', () => {
    const { result } = run(virtualQuestion(20, 'Year', 4, 10), [figure(co2, 40), figure(grid, 50), figure(gas, 100)]);
    expect(result).toMatchObject({ status: 'computed', metric: 'carbon', stranding: { misalignmentYear: 2038, beyond2050: false, source: 'carriers' } });
    expect(result.points).toBeCloseTo((10 * 14) / 26, 12);
    expect(result.why.en).toBe(
      '40 kg CO2e/m²/a in 2024 (projected from the energy carriers with the grid factors of DE) against the pathway of 60 kg CO2e/m²/a (reference data DE, OFF): leaves the pathway in 2038 → 5.4 of 10.0 points',
    );
  });

  it('where only the CO2 total is reported it is projected flat: 40 leaves 60 − 2n in 2035, earning 11 / 26 of 10 points', () => {
    const { result } = run(virtualQuestion(20, 'Year', 4, 10), [figure(co2, 40)]);
    expect(result.stranding).toMatchObject({ misalignmentYear: 2035, source: 'reported' });
    expect(result.points).toBeCloseTo((10 * 11) / 26, 12);
    expect(result.why.de).toContain('gleichbleibend fortgeschrieben');
  });

  it('energy: 150 kWh/m²/a leaves the energy pathway 200 − 3n in 2041, earning 17 / 26 of 8 points', () => {
    const { result } = run(virtualQuestion(20, 'Year', 1, 8), [figure(energyTotal, 150)]);
    expect(result).toMatchObject({ metric: 'energy', stranding: { misalignmentYear: 2041 } });
    expect(result.points).toBeCloseTo((8 * 17) / 26, 12);
  });

  it('never leaving the path before 2051 earns full points and reads "beyond 2050", never 2050', () => {
    const { result } = run(virtualQuestion(20, 'Year', 4, 10), [figure(co2, 5)]);
    expect(result.stranding).toMatchObject({ misalignmentYear: null, beyond2050: true });
    expect(result.points).toBe(10);
    expect(result.why.en).toContain('stays on the pathway beyond 2050 → 10.0 of 10.0 points');
    expect(result.why.en).not.toContain('leaves the pathway in 2050');
  });

  it('already above the path in the reporting year: the reporting year, no points', () => {
    const { result } = run(virtualQuestion(20, 'Year', 4, 10), [figure(co2, 70)]);
    expect(result.stranding!.misalignmentYear).toBe(2024);
    expect(result.points).toBe(0);
  });

  it('the fraction of the years to 2050 before leaving the path', () => {
    expect(yearFactor({ misalignmentYear: 2037, beyond2050: false }, 2024)).toBeCloseTo(0.5, 12);
    expect(yearFactor({ misalignmentYear: 2050, beyond2050: false }, 2050)).toBe(0);
    expect(yearFactor({ misalignmentYear: null, beyond2050: true }, 2050)).toBe(1);
  });

  it('a missing grid factor is named, never guessed', () => {
    const data = { ...DATA, emissionFactors: DATA.emissionFactors.filter((f) => !(f.carrier === 'gridElectricity' && f.year >= 2045)) };
    const { result } = run(virtualQuestion(20, 'Year', 4, 10), [figure(co2, 40), figure(grid, 50)], OFFICE, data);
    expect(result).toMatchObject({ status: 'refused', refusal: { missing: [{ kind: 'gridFactor', country: 'DE', years: [2045, 2050] }] } });
  });
});

describe('every virtual question', () => {
  it('whose parent is not answered counts with 0 of its maximum', () => {
    const { result, ecore } = run(virtualQuestion(20, 'DW', 1, 6), []);
    expect(result).toMatchObject({ status: 'unanswered', points: 0, maximum: 6 });
    expect(result.why.en).toBe('E-1.1 is not answered → 0 of 6.0 points');
    expect(ecore).toBe(0);
  });

  it('whose parent does not apply to the object counts nowhere', () => {
    const { result, ecore } = run(virtualQuestion(20, 'DW', 6, 6, { averageValue: 3 }), [figure(hotelOnly, 2)]);
    expect(result.status).toBe('no-parent');
    expect(ecore).toBeNull();
  });

  it('without explanations (lists of many objects) the numbers are the same and the "why" lines empty', () => {
    const t = templateWith(virtualQuestion(20, 'DW', 1, 6), virtualQuestion(21, 'Year', 4, 10));
    const answers = [figure(energyTotal, 153), figure(co2, 40), figure(grid, 50)];
    const full = score(t, OFFICE, answers, DATA);
    const bare = score(t, OFFICE, answers, DATA, { explain: false });
    expect(bare.virtualQuestions.map((v) => v.why)).toEqual([{ de: '', en: '' }, { de: '', en: '' }]);
    expect({ ...bare, virtualQuestions: [], clusters: [] }).toEqual({ ...full, virtualQuestions: [], clusters: [] });
    expect(bare.virtualQuestions.map((v) => v.points)).toEqual(full.virtualQuestions.map((v) => v.points));
  });

  it('is never answered by hand: a stored answer to it changes nothing', () => {
    const virtual = virtualQuestion(20, 'DW', 1, 6);
    const plain = score(templateWith(virtual), OFFICE, [figure(energyTotal, 153)], DATA);
    const withAnswer = score(templateWith(virtual), OFFICE, [figure(energyTotal, 153), { questionId: 20, inputAnswer: 1, multipleChoiceOption: [] }], DATA);
    expect(withAnswer.ecore).toBe(plain.ecore);
  });
});

describe('the consumption values and projections of the overview', () => {
  it('reads final energy, CO2, water and waste per m² from the KPI keys', () => {
    const scored = score(templateWith(), OFFICE, [figure(energyTotal, 150), figure(co2, 38), figure(water, 1.1)], DATA);
    expect(scored.consumption).toMatchObject({ finalEnergy: 150, finalEnergySource: 'reported', co2: 38, co2Source: 'reported', water: 1.1, waste: null, carriersReported: false });
  });

  it('without totals, final energy is the carriers’ sum and CO2 the reporting year’s projection from them', () => {
    const scored = score(templateWith(), OFFICE, [figure(grid, 50), figure(gas, 100)], DATA);
    expect(scored.consumption).toMatchObject({ finalEnergy: 150, finalEnergySource: 'carriers', co2Source: 'carriers', carriersReported: true });
    expect(scored.consumption.co2).toBeCloseTo(40, 12);
    expect(scored.stranding.carbon).toMatchObject({ status: 'computed', result: { misalignmentYear: 2038, source: 'carriers' } });
    expect(scored.stranding.energy).toMatchObject({ status: 'computed', result: { misalignmentYear: 2041, source: 'carriers' } });
  });

  it('answers to questions that do not apply are not consumption values', () => {
    expect(score(templateWith(), OFFICE, [figure(hotelOnly, 9)], DATA).consumption.waste).toBeNull();
  });

  it('nothing reported: no projection', () => {
    expect(score(templateWith(), OFFICE, [], DATA).stranding).toEqual({ carbon: { status: 'not-reported' }, energy: { status: 'not-reported' } });
  });
});
