import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { certificate, isoDate } from './arbitraries/loans.ts';
import { epcValidOn } from './epc.ts';
import { taxonomyAlignment, TAXONOMY_RULES, type TaxonomyInput, type TaxonomyRule } from './taxonomy.ts';

const VALID = { epcIssuedAt: '2020-03-01', epcValidUntil: '2030-02-28' };
const base = (over: Partial<Omit<TaxonomyInput, 'epc'>> & { epc?: Partial<TaxonomyInput['epc']> } = {}): TaxonomyInput => ({
  reportingDate: '2025-12-31',
  constructionYear: 1995,
  top15Threshold: 100,
  nearlyZeroEnergyThreshold: 50,
  ...over,
  epc: { epcClass: 'C', epcPrimaryEnergyDemand: 90, largeNonResidential: false, energyMonitoring: false, ...VALID, ...over.epc },
});

describe('EU taxonomy 7.7 on the certificate, one worked example per rule', () => {
  const cases: [TaxonomyRule, TaxonomyInput, 'aligned' | 'notAligned' | 'unknown'][] = [
    ['epcMissing', base({ epc: { epcIssuedAt: null, epcValidUntil: null } }), 'unknown'],
    ['epcNotYetValid', base({ epc: { epcIssuedAt: '2026-01-15', epcValidUntil: '2036-01-14' } }), 'unknown'],
    ['epcExpired', base({ epc: { epcIssuedAt: '2014-06-01', epcValidUntil: '2024-05-31' } }), 'unknown'],
    ['constructionYearMissing', base({ constructionYear: null }), 'unknown'],
    // Built 1995, class A, primary energy 300 kWh/m²a far above the threshold: class A decides.
    ['classA', base({ epc: { epcClass: 'A', epcPrimaryEnergyDemand: 300 } }), 'aligned'],
    // Built 1995, class C, 90 ≤ 100 (top 15 %): aligned.
    ['top15Percent', base(), 'aligned'],
    ['thresholdMissing', base({ top15Threshold: null }), 'unknown'],
    ['primaryEnergyDemandMissing', base({ epc: { epcPrimaryEnergyDemand: null } }), 'unknown'],
    // Built 2022, nearly-zero-energy 50 less 10 % = 45; 44 kWh/m²a: aligned.
    ['nearlyZeroEnergy', base({ constructionYear: 2022, epc: { epcPrimaryEnergyDemand: 44 } }), 'aligned'],
    // Aligned by class A, but large non-residential without energy monitoring.
    ['energyMonitoringMissing', base({ epc: { epcClass: 'A+', largeNonResidential: true, energyMonitoring: false } }), 'notAligned'],
  ];

  it('covers every rule', () => {
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(TAXONOMY_RULES));
  });

  for (const [rule, input, result] of cases) {
    it(`${rule}: ${result}`, () => {
      expect(taxonomyAlignment(input)).toMatchObject({ rule, result });
    });
  }

  it('top 15 %: 101 kWh/m²a above the threshold of 100 is not aligned, 100 is', () => {
    expect(taxonomyAlignment(base({ epc: { epcPrimaryEnergyDemand: 101 } }))).toEqual({ result: 'notAligned', rule: 'top15Percent', threshold: 100 });
    expect(taxonomyAlignment(base({ epc: { epcPrimaryEnergyDemand: 100 } })).result).toBe('aligned');
  });

  it('nearly zero energy less 10 %: 46 kWh/m²a against 50 − 5 = 45 is not aligned, even with class A', () => {
    expect(taxonomyAlignment(base({ constructionYear: 2021, epc: { epcClass: 'A', epcPrimaryEnergyDemand: 46 } }))).toEqual({ result: 'notAligned', rule: 'nearlyZeroEnergy', threshold: 45 });
  });

  it('a large non-residential building with energy monitoring keeps its alignment', () => {
    expect(taxonomyAlignment(base({ epc: { largeNonResidential: true, energyMonitoring: true } })).result).toBe('aligned');
  });
});

const anyInput = fc.record({
  reportingDate: isoDate,
  constructionYear: fc.option(fc.integer({ min: 1800, max: 2040 }), { nil: null }),
  epc: certificate,
  top15Threshold: fc.option(fc.double({ min: 0, max: 400, noNaN: true }), { nil: null }),
  nearlyZeroEnergyThreshold: fc.option(fc.double({ min: 0, max: 400, noNaN: true }), { nil: null }),
});

describe('EU taxonomy 7.7, properties', () => {
  it('a certificate that is not valid on the reporting date never makes a loan aligned, and says why it is unknown', () => {
    let seen = 0;
    fc.assert(
      fc.property(anyInput, (input) => {
        if (epcValidOn(input.epc, input.reportingDate)) return;
        seen += 1;
        const result = taxonomyAlignment(input);
        expect(result.result).toBe('unknown');
        expect(['epcMissing', 'epcNotYetValid', 'epcExpired']).toContain(result.rule);
      }),
    );
    expect(seen).toBeGreaterThan(0);
  });

  it('class A (or A+) of a building from before 2021 is aligned whatever its primary energy demand', () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom('A', 'A+' as const), fc.option(fc.double({ min: 0, max: 5000, noNaN: true }), { nil: null }), fc.integer({ min: 1800, max: 2020 }), (input, epcClass, demand, year) => {
        const issued = '2020-01-01';
        const result = taxonomyAlignment({
          ...input,
          reportingDate: '2024-06-30',
          constructionYear: year,
          epc: { ...input.epc, epcClass, epcPrimaryEnergyDemand: demand, epcIssuedAt: issued, epcValidUntil: '2029-12-31', energyMonitoring: true },
        });
        expect(result).toMatchObject({ result: 'aligned', rule: 'classA' });
      }),
    );
  });

  it('a lower primary energy demand is never less aligned', () => {
    const rank = { notAligned: 0, unknown: 1, aligned: 2 } as const;
    fc.assert(
      fc.property(anyInput, fc.double({ min: 0, max: 400, noNaN: true }), fc.double({ min: 0, max: 400, noNaN: true }), (input, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const at = (demand: number) => taxonomyAlignment({ ...input, epc: { ...input.epc, epcPrimaryEnergyDemand: demand } }).result;
        expect(rank[at(low)]).toBeGreaterThanOrEqual(rank[at(high)]);
      }),
    );
  });
});
