import { describe, expect, it } from 'vitest';
import type { ReferenceValue } from '../questionnaires/reference-data.ts';
import type { KpiKey } from '../questionnaires/template.ts';
import type { KpiFigure } from '../scoring/figures.ts';
import { averageCarbonIntensity, bankReference, carbonProvenances } from './evidence.ts';

const value = (kind: ReferenceValue['kind'], metric: ReferenceValue['metric'], assetClass: string, year: number, v: number): ReferenceValue => ({ kind, metric, country: 'DE', assetClass, year, value: v });
const data = {
  values: [
    value('taxonomyTop15', 'energy', 'OFF', 2020, 120),
    value('taxonomyTop15', 'energy', 'OFF', 2024, 110),
    value('taxonomyTop15', 'energy', 'HOT', 2020, 200),
    value('carbonPerKwh', 'carbon', 'OFF', 2020, 0.3),
    value('average', 'carbon', 'OFF', 2024, 40),
  ],
  emissionFactors: [],
};
// Office is class id 1, hotel 2.
const OFFICE = [{ assetTypeId: 1, percentage: 100 }];

describe('bank reference values of an object', () => {
  it('a threshold holds from its year until a later one replaces it, and is unknown before', () => {
    expect(bankReference(data, 'taxonomyTop15', 'DE', OFFICE, 2023)).toBe(120);
    expect(bankReference(data, 'taxonomyTop15', 'DE', OFFICE, 2025)).toBe(110);
    expect(bankReference(data, 'taxonomyTop15', 'DE', OFFICE, 2019)).toBeNull();
    expect(bankReference(data, 'taxonomyTop15', 'AT', OFFICE, 2023)).toBeNull();
  });

  it('mixed use blends by area share: 60 % office at 120, 40 % hotel at 200 read 152', () => {
    expect(bankReference(data, 'taxonomyTop15', 'DE', [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 2, percentage: 40 }], 2023)).toBeCloseTo(152, 12);
  });

  it('classes without a value weigh nothing while the others cover half the area; below that none', () => {
    expect(bankReference(data, 'carbonPerKwh', 'DE', [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 2, percentage: 40 }], 2023)).toBeCloseTo(0.3, 12);
    expect(bankReference(data, 'carbonPerKwh', 'DE', [{ assetTypeId: 1, percentage: 40 }, { assetTypeId: 2, percentage: 60 }], 2023)).toBeNull();
  });

  it('the average carbon intensity is the reference average of the reporting year', () => {
    expect(averageCarbonIntensity(data, 'DE', OFFICE, 2024)).toBe(40);
    expect(averageCarbonIntensity(data, 'DE', OFFICE, 2023)).toBeNull();
  });
});

describe('what the carbon figure rests on', () => {
  const kpi = (entries: [KpiKey, number][]) => new Map<KpiKey, KpiFigure>(entries.map(([key, questionId]) => [key, { value: 1, questionId }]));
  const provenance = (id: number) => (id === 2 ? 'estimated' : 'measured');

  it('the carriers where any is answered, never the total beside them', () => {
    expect(carbonProvenances(kpi([['co2', 2], ['finalEnergyGas', 3], ['finalEnergyGridElectricity', 4]]), provenance)).toEqual(['measured', 'measured']);
  });

  it('the reported total where no carrier is answered; nothing where neither is', () => {
    expect(carbonProvenances(kpi([['co2', 2], ['finalEnergyTotal', 5]]), provenance)).toEqual(['estimated']);
    expect(carbonProvenances(kpi([['water', 6]]), provenance)).toEqual([]);
  });
});
