import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amount, emissionEvidence, loanFacts } from './arbitraries/loans.ts';
import { attribution, financedEmissions, loanFigures, objectEmissions, portfolioTotals, type EmissionEvidence, type LoanFacts } from './financed-emissions.ts';
import type { TaxonomyResult } from './taxonomy.ts';

const NOTHING: EmissionEvidence = { area: null, consumption: null, epcFinalEnergyDemand: null, carbonPerKwh: null, averageIntensity: null };
const UNKNOWN: TaxonomyResult = { result: 'unknown', rule: 'epcMissing', threshold: null };

describe('attribution and financed emissions (DOMAIN.md §11)', () => {
  it('attribution never exceeds 1 and is never 0 for a loan with money outstanding', () => {
    fc.assert(
      fc.property(amount, amount, (outstanding, value) => {
        const share = attribution(outstanding, value);
        expect(share).toBeLessThanOrEqual(1);
        expect(share).toBeGreaterThan(0);
      }),
    );
  });

  it('financed emissions scale linearly with the outstanding amount while it stays below the property value', () => {
    fc.assert(
      fc.property(amount, fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 0.01, max: 1, noNaN: true }), emissionEvidence, (value, share, factor, evidence) => {
        const emissions = objectEmissions(evidence).emissions;
        const whole = financedEmissions(attribution(share * value, value), emissions);
        const part = financedEmissions(attribution(factor * share * value, value), emissions);
        if (whole === null || part === null) expect(whole).toBe(part);
        else expect(Math.abs(part - factor * whole)).toBeLessThanOrEqual(1e-9 * Math.max(1, whole));
      }),
    );
  });

  it('a loan above the property value finances the whole object, never more', () => {
    fc.assert(
      fc.property(amount, fc.double({ min: 1, max: 100, noNaN: true }), emissionEvidence, (value, factor, evidence) => {
        const emissions = objectEmissions(evidence).emissions;
        expect(financedEmissions(attribution(factor * value, value), emissions)).toBe(emissions);
      }),
    );
  });
});

describe('data quality score of an object, worked by hand', () => {
  it('2: consumption answered, every carrier measured: 2 000 m² at 50 kg/m²a are 100 t', () => {
    const result = objectEmissions({ ...NOTHING, area: 2000, consumption: { intensity: 50, provenances: ['measured', 'measured'] }, epcFinalEnergyDemand: 120, carbonPerKwh: 0.25, averageIntensity: 80 });
    expect(result).toEqual({ emissions: 100, intensity: 50, dataQualityScore: 2, basis: 'consumption' });
  });

  it('3: no consumption, certificate final energy 120 kWh/m²a × 0.25 kg/kWh = 30 kg/m²a, on 1 000 m² 30 t', () => {
    const result = objectEmissions({ ...NOTHING, area: 1000, epcFinalEnergyDemand: 120, carbonPerKwh: 0.25, averageIntensity: 80 });
    expect(result).toEqual({ emissions: 30, intensity: 30, dataQualityScore: 3, basis: 'epc' });
  });

  it('4: consumption answered with one carrier estimated: 1 500 m² at 40 kg/m²a are 60 t', () => {
    const result = objectEmissions({ ...NOTHING, area: 1500, consumption: { intensity: 40, provenances: ['measured', 'estimated'] }, averageIntensity: 80 });
    expect(result).toEqual({ emissions: 60, intensity: 40, dataQualityScore: 4, basis: 'consumption' });
  });

  it('4: a calculated carrier counts as estimated', () => {
    expect(objectEmissions({ ...NOTHING, area: 100, consumption: { intensity: 10, provenances: ['calculated'] } }).dataQualityScore).toBe(4);
  });

  it('4: nothing known but class, country and area: the reference average 80 kg/m²a on 500 m² is 40 t', () => {
    expect(objectEmissions({ ...NOTHING, area: 500, averageIntensity: 80 })).toEqual({ emissions: 40, intensity: 80, dataQualityScore: 4, basis: 'average' });
  });

  it('4 without a figure: no reference average either, so no emissions', () => {
    expect(objectEmissions({ ...NOTHING, area: 500, epcFinalEnergyDemand: 120 })).toEqual({ emissions: null, intensity: null, dataQualityScore: 4, basis: 'none' });
  });

  it('5: no floor area, whatever else is known', () => {
    fc.assert(
      fc.property(emissionEvidence, fc.constantFrom(null, 0), (evidence, area) => {
        expect(objectEmissions({ ...evidence, area })).toEqual({ emissions: null, intensity: null, dataQualityScore: 5, basis: 'none' });
      }),
    );
  });

  it('measured consumption always scores 2 and is never replaced by the certificate or the average', () => {
    fc.assert(
      fc.property(emissionEvidence, fc.double({ min: 1, max: 1e5, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), (evidence, area, intensity) => {
        const result = objectEmissions({ ...evidence, area, consumption: { intensity, provenances: ['measured'] } });
        expect(result.dataQualityScore).toBe(2);
        expect(result.intensity).toBe(intensity);
      }),
    );
  });
});

const loan = (loanId: string, outstandingAmount: number, propertyValueAtOrigination: number, evidence: EmissionEvidence, taxonomy: TaxonomyResult = UNKNOWN, labelValid = false): LoanFacts => ({
  loanId,
  outstandingAmount,
  propertyValueAtOrigination,
  evidence,
  taxonomy,
  labelValid,
});

describe('a portfolio, worked by hand', () => {
  const loans = [
    loan('L2', 600_000, 1_200_000, { ...NOTHING, area: 2000, consumption: { intensity: 50, provenances: ['measured'] } }, { result: 'aligned', rule: 'classA', threshold: null }, true),
    loan('L3', 900_000, 600_000, { ...NOTHING, area: 1000, epcFinalEnergyDemand: 120, carbonPerKwh: 0.25 }, { result: 'notAligned', rule: 'top15Percent', threshold: 100 }),
    loan('L4e', 250_000, 1_000_000, { ...NOTHING, area: 1500, consumption: { intensity: 40, provenances: ['estimated'] } }),
    loan('L4a', 100_000, 400_000, { ...NOTHING, area: 500, averageIntensity: 80 }),
    loan('L5', 200_000, 800_000, NOTHING),
  ].map(loanFigures);
  const totals = portfolioTotals(loans);

  it('each loan: attribution 0.5, 1 (capped), 0.25, 0.25, 0.25; financed 50, 30, 15, 10 t and none', () => {
    expect(loans.map((l) => l.attribution)).toEqual([0.5, 1, 0.25, 0.25, 0.25]);
    expect(loans.map((l) => l.financedEmissions)).toEqual([50, 30, 15, 10, null]);
    expect(loans.map((l) => l.dataQualityScore)).toEqual([2, 3, 4, 4, 5]);
  });

  it('totals: 105 t, data quality (600·2 + 900·3 + 250·4 + 100·4 + 200·5) / 2 050 ≈ 3.07, shares by outstanding amount', () => {
    expect(totals.financedEmissions).toBe(105);
    expect(totals.loansWithoutEmissions).toBe(1);
    expect(totals.outstandingAmount).toBe(2_050_000);
    expect(totals.dataQualityScore).toBeCloseTo(6300 / 2050, 12);
    expect(totals.alignmentShares.aligned).toBeCloseTo(600 / 2050, 12);
    expect(totals.alignmentShares.notAligned).toBeCloseTo(900 / 2050, 12);
    expect(totals.alignmentShares.unknown).toBeCloseTo(550 / 2050, 12);
    expect(totals.validLabelShare).toBe(1 / 5);
    expect(totals.byDataQuality[4]).toEqual({ financedEmissions: 25, outstandingAmount: 350_000, loans: 2 });
    expect(totals.byAlignment.unknown).toEqual({ financedEmissions: 25, outstandingAmount: 550_000, loans: 3 });
  });
});

describe('portfolio totals', () => {
  const portfolio = fc.array(loanFacts, { minLength: 1, maxLength: 20 }).map((facts) => facts.map(loanFigures));

  it("a portfolio's financed emissions are the sum of its loans'", () => {
    fc.assert(
      fc.property(portfolio, (loans) => {
        const sum = loans.reduce((s, l) => s + (l.financedEmissions ?? 0), 0);
        expect(Math.abs(portfolioTotals(loans).financedEmissions - sum)).toBeLessThanOrEqual(1e-9 * Math.max(1, sum));
      }),
    );
  });

  it("a portfolio's data quality score lies between its loans' best and worst", () => {
    fc.assert(
      fc.property(portfolio, (loans) => {
        const score = portfolioTotals(loans).dataQualityScore!;
        const scores = loans.map((l) => l.dataQualityScore);
        expect(score).toBeGreaterThanOrEqual(Math.min(...scores) - 1e-9);
        expect(score).toBeLessThanOrEqual(Math.max(...scores) + 1e-9);
      }),
    );
  });

  it('the aligned, not aligned and unknown shares add up to 100 %, and the chart slices to the totals', () => {
    fc.assert(
      fc.property(portfolio, (loans) => {
        const totals = portfolioTotals(loans);
        expect(totals.alignmentShares.aligned + totals.alignmentShares.notAligned + totals.alignmentShares.unknown).toBeCloseTo(1, 9);
        const byScore = Object.values(totals.byDataQuality).reduce((s, slice) => s + slice.financedEmissions, 0);
        const byAlignment = Object.values(totals.byAlignment).reduce((s, slice) => s + slice.financedEmissions, 0);
        const tolerance = 1e-9 * Math.max(1, totals.financedEmissions);
        expect(Math.abs(byScore - totals.financedEmissions)).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(byAlignment - totals.financedEmissions)).toBeLessThanOrEqual(tolerance);
        expect(Object.values(totals.byAlignment).reduce((s, slice) => s + slice.loans, 0)).toBe(loans.length);
      }),
    );
  });

  it('an empty portfolio has no score and no shares', () => {
    const totals = portfolioTotals([]);
    expect(totals).toMatchObject({ loans: 0, financedEmissions: 0, dataQualityScore: null, validLabelShare: 0, alignmentShares: { aligned: 0, notAligned: 0, unknown: 0 } });
  });
});
