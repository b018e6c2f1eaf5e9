import fc from 'fast-check';
import { PROVENANCES } from '../../answering/provenance.ts';
import { EPC_CLASSES, addYears, type EpcFields } from '../epc.ts';
import type { EmissionEvidence, LoanFacts } from '../financed-emissions.ts';
import { ALIGNMENTS, TAXONOMY_RULES, type TaxonomyResult } from '../taxonomy.ts';

/** A positive amount in EUR, from a few euros to a billion. */
export const amount = fc.double({ min: 1, max: 1e9, noNaN: true, noDefaultInfinity: true });

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

/** What the portal may know of an object: any mix of area, answered consumption, certificate and reference data. */
export const emissionEvidence: fc.Arbitrary<EmissionEvidence> = fc.record({
  area: maybe(fc.double({ min: 0, max: 200_000, noNaN: true })),
  consumption: maybe(fc.record({ intensity: fc.double({ min: 0, max: 1000, noNaN: true }), provenances: fc.array(fc.constantFrom(...PROVENANCES), { minLength: 1, maxLength: 7 }) })),
  epcFinalEnergyDemand: maybe(fc.double({ min: 0, max: 1000, noNaN: true })),
  carbonPerKwh: maybe(fc.double({ min: 0, max: 1, noNaN: true })),
  averageIntensity: maybe(fc.double({ min: 0, max: 500, noNaN: true })),
});

export const taxonomyResult: fc.Arbitrary<TaxonomyResult> = fc.record({ result: fc.constantFrom(...ALIGNMENTS), rule: fc.constantFrom(...TAXONOMY_RULES), threshold: fc.constant(null) });

export const loanFacts: fc.Arbitrary<LoanFacts> = fc.record({
  loanId: fc.string({ minLength: 1, maxLength: 10 }),
  outstandingAmount: amount,
  propertyValueAtOrigination: amount,
  evidence: emissionEvidence,
  taxonomy: taxonomyResult,
  labelValid: fc.boolean(),
});

/** A calendar date between 2000 and 2040, `YYYY-MM-DD`. */
export const isoDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

/** A certificate, valid for up to ten years after its issue (or without dates). */
export const certificate: fc.Arbitrary<Pick<EpcFields, 'epcClass' | 'epcPrimaryEnergyDemand' | 'epcIssuedAt' | 'epcValidUntil' | 'largeNonResidential' | 'energyMonitoring'>> = fc
  .record({
    epcClass: maybe(fc.constantFrom(...EPC_CLASSES)),
    epcPrimaryEnergyDemand: maybe(fc.double({ min: 0, max: 600, noNaN: true })),
    issued: maybe(isoDate),
    years: fc.integer({ min: 1, max: 10 }),
    largeNonResidential: fc.boolean(),
    energyMonitoring: fc.boolean(),
  })
  .map(({ issued, years, ...rest }) => ({ ...rest, epcIssuedAt: issued, epcValidUntil: issued === null ? null : addYears(issued, years) }));
