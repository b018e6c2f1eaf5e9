import { epcValidOn, type EpcFields } from './epc.ts';

/**
 * EU taxonomy activity 7.7 (acquisition and ownership of buildings), the bank's test on the energy performance
 * certificate (DOMAIN.md §11), on the loan's reporting date:
 * - built before 2021: aligned when a valid certificate has class A or A+, or its primary energy demand is at or below
 *   the top-15 % threshold of the object's country × class;
 * - built 2021 or later: aligned when the primary energy demand is at or below the nearly-zero-energy threshold of
 *   country × class less 10 %;
 * - a large non-residential building also needs energy monitoring;
 * - without a valid certificate the answer is `unknown`, with the reason.
 * The ECORE label's own taxonomy conformity (§5) is another thing and is shown beside it.
 */
export const ALIGNMENTS = ['aligned', 'notAligned', 'unknown'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** The first year whose buildings are held to the nearly-zero-energy threshold. */
export const NEW_BUILDING_YEAR = 2021;
/** New buildings must stay this fraction below the nearly-zero-energy threshold. */
export const NZEB_MARGIN = 0.1;

/** The rule that decided the result. */
export const TAXONOMY_RULES = [
  'epcMissing',
  'epcNotYetValid',
  'epcExpired',
  'constructionYearMissing',
  'classA',
  'top15Percent',
  'nearlyZeroEnergy',
  'primaryEnergyDemandMissing',
  'thresholdMissing',
  'energyMonitoringMissing',
] as const;
export type TaxonomyRule = (typeof TAXONOMY_RULES)[number];

export interface TaxonomyResult {
  result: Alignment;
  rule: TaxonomyRule;
  /** The threshold compared with (kWh/m²a; for new buildings already less 10 %), where one was. */
  threshold: number | null;
}

export interface TaxonomyInput {
  /** The loan's reporting date, `YYYY-MM-DD`. */
  reportingDate: string;
  constructionYear: number | null;
  epc: Pick<EpcFields, 'epcClass' | 'epcPrimaryEnergyDemand' | 'epcIssuedAt' | 'epcValidUntil' | 'largeNonResidential' | 'energyMonitoring'>;
  /** Reference data of the object's country × class (kWh/m²a primary energy), null where it has none. */
  top15Threshold: number | null;
  nearlyZeroEnergyThreshold: number | null;
}

const decided = (result: Alignment, rule: TaxonomyRule, threshold: number | null = null): TaxonomyResult => ({ result, rule, threshold });

/** Before the monitoring requirement: the certificate's own test. */
const certificateTest = (input: TaxonomyInput): TaxonomyResult => {
  const { epc } = input;
  if (epc.epcIssuedAt === null || epc.epcValidUntil === null) return decided('unknown', 'epcMissing');
  if (!epcValidOn(epc, input.reportingDate)) return decided('unknown', epc.epcIssuedAt >= input.reportingDate ? 'epcNotYetValid' : 'epcExpired');
  if (input.constructionYear === null) return decided('unknown', 'constructionYearMissing');
  if (input.constructionYear < NEW_BUILDING_YEAR) {
    if (epc.epcClass === 'A' || epc.epcClass === 'A+') return decided('aligned', 'classA');
    if (input.top15Threshold === null) return decided('unknown', 'thresholdMissing');
    if (epc.epcPrimaryEnergyDemand === null) return decided('unknown', 'primaryEnergyDemandMissing', input.top15Threshold);
    return decided(epc.epcPrimaryEnergyDemand <= input.top15Threshold ? 'aligned' : 'notAligned', 'top15Percent', input.top15Threshold);
  }
  if (input.nearlyZeroEnergyThreshold === null) return decided('unknown', 'thresholdMissing');
  const threshold = input.nearlyZeroEnergyThreshold * (1 - NZEB_MARGIN);
  if (epc.epcPrimaryEnergyDemand === null) return decided('unknown', 'primaryEnergyDemandMissing', threshold);
  return decided(epc.epcPrimaryEnergyDemand <= threshold ? 'aligned' : 'notAligned', 'nearlyZeroEnergy', threshold);
};

/** The 7.7 result of one object on a reporting date, with the rule that decided it. */
export const taxonomyAlignment = (input: TaxonomyInput): TaxonomyResult => {
  const test = certificateTest(input);
  if (test.result === 'aligned' && input.epc.largeNonResidential && !input.epc.energyMonitoring) return decided('notAligned', 'energyMonitoringMissing', test.threshold);
  return test;
};
