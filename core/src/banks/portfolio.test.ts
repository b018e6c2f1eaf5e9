import { describe, expect, it } from 'vitest';
import type { ReferenceValue } from '../questionnaires/reference-data.ts';
import { NO_EPC } from './epc.ts';
import type { StoredLoan } from './loan-tape.ts';
import { loanOnObject, type BankObjectFacts } from './portfolio.ts';

const v = (kind: ReferenceValue['kind'], metric: ReferenceValue['metric'], year: number, value: number): ReferenceValue => ({ kind, metric, country: 'DE', assetClass: 'OFF', year, value });
const DATA = { values: [v('taxonomyTop15', 'energy', 2020, 100), v('taxonomyNearlyZero', 'energy', 2020, 50), v('carbonPerKwh', 'carbon', 2020, 0.2), v('average', 'carbon', 2025, 60)], emissionFactors: [] };
const LOAN: StoredLoan = { loanId: 'L-1', assetId: 1, outstandingAmount: 300_000, propertyValueAtOrigination: 1_200_000, originationDate: '2019-01-01', reportingDate: '2025-12-31' };
const OFFICE: BankObjectFacts = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], assetTotalArea: 2000, constructionYear: 1990, epc: NO_EPC, consumption: null, labelValidUntil: null };

describe('a loan on its object, worked by hand', () => {
  it('certificate only: 150 kWh/m²a × 0.2 kg/kWh × 2 000 m² = 60 t, a quarter financed = 15 t, score 3; class B at 95 ≤ 100 aligned', () => {
    const epc = { ...NO_EPC, epcClass: 'B' as const, epcPrimaryEnergyDemand: 95, epcFinalEnergyDemand: 150, epcIssuedAt: '2020-06-01', epcValidUntil: '2030-05-31' };
    const figures = loanOnObject(LOAN, { ...OFFICE, epc, labelValidUntil: '2026-03-31' }, DATA);
    expect(figures).toMatchObject({ attribution: 0.25, dataQualityScore: 3, basis: 'epc', labelValid: true, taxonomy: { result: 'aligned', rule: 'top15Percent', threshold: 100 } });
    expect(figures.objectEmissions).toBeCloseTo(60, 9);
    expect(figures.financedEmissions).toBeCloseTo(15, 9);
  });

  it('nothing but class, country and area: the average 60 kg/m²a gives 120 t, 30 t financed, score 4, unknown without a certificate', () => {
    const figures = loanOnObject(LOAN, { ...OFFICE, labelValidUntil: '2025-12-30' }, DATA);
    expect(figures).toMatchObject({ objectEmissions: 120, financedEmissions: 30, dataQualityScore: 4, basis: 'average', labelValid: false, taxonomy: { result: 'unknown', rule: 'epcMissing' } });
  });
});
