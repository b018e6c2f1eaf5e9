import type { Provenance } from '../answering/provenance.ts';
import { ALIGNMENTS, type Alignment, type TaxonomyResult } from './taxonomy.ts';

/**
 * Financed emissions by the PCAF standard (DOMAIN.md §11): per loan the share of the object the bank finances
 * (attribution), the object's yearly emissions, their attributed part, and the data quality score (PCAF's 1–5 scale
 * for real estate, lower is better) of the figure they rest on; per portfolio their sums and outstanding-weighted means.
 */

/** PCAF data quality scores the portal can reach (score 1 needs supplier-specific factors it does not hold). */
export const DATA_QUALITY_SCORES = [2, 3, 4, 5] as const;
export type DataQualityScore = (typeof DATA_QUALITY_SCORES)[number];

/** What the object's emissions rest on: consumption answered, the certificate, the reference average, or nothing usable. */
export const EMISSION_BASES = ['consumption', 'epc', 'average', 'none'] as const;
export type EmissionBasis = (typeof EMISSION_BASES)[number];

/** Attribution = min(1, outstanding amount / property value at origination). */
export const attribution = (outstandingAmount: number, propertyValueAtOrigination: number): number => Math.min(1, outstandingAmount / propertyValueAtOrigination);

/** What the portal knows of one object for its emissions. */
export interface EmissionEvidence {
  /** Gross floor area (BGF) in m²; null or 0: none known. */
  area: number | null;
  /**
   * The carbon intensity of the reporting year of the object's latest closed (else latest) questionnaire as §5 reads
   * it (carriers before the total), kg CO2e/m²a, with the provenance of every figure it rests on; null: none answered.
   */
  consumption: { intensity: number; provenances: readonly Provenance[] } | null;
  /** The certificate's final energy demand, kWh/m²a. */
  epcFinalEnergyDemand: number | null;
  /** Reference data of the object's country × class: average carbon per kWh (kg CO2e/kWh) and average carbon intensity (kg CO2e/m²a). */
  carbonPerKwh: number | null;
  averageIntensity: number | null;
}

export interface ObjectEmissions {
  /** t CO2e a year; null where nothing usable is known. */
  emissions: number | null;
  /** kg CO2e/m²a the emissions rest on. */
  intensity: number | null;
  dataQualityScore: DataQualityScore;
  basis: EmissionBasis;
}

/** t CO2e a year from kg CO2e/m²a over an area in m². */
export const tonnesOf = (intensity: number, area: number): number => (intensity * area) / 1000;

/**
 * An object's emissions and their data quality score:
 * 5 — no floor area; 2 — consumption answered, every figure measured; 4 — consumption answered with any figure
 * estimated or calculated; 3 — no consumption, the certificate's final energy demand × the average carbon per kWh;
 * 4 — nothing known but class, country and area: the reference average intensity.
 */
export const objectEmissions = (evidence: EmissionEvidence): ObjectEmissions => {
  const { area, consumption } = evidence;
  if (area === null || !(area > 0)) return { emissions: null, intensity: null, dataQualityScore: 5, basis: 'none' };
  const at = (intensity: number, dataQualityScore: DataQualityScore, basis: EmissionBasis): ObjectEmissions => ({ emissions: tonnesOf(intensity, area), intensity, dataQualityScore, basis });
  if (consumption !== null) return at(consumption.intensity, consumption.provenances.every((p) => p === 'measured') ? 2 : 4, 'consumption');
  if (evidence.epcFinalEnergyDemand !== null && evidence.carbonPerKwh !== null) return at(evidence.epcFinalEnergyDemand * evidence.carbonPerKwh, 3, 'epc');
  if (evidence.averageIntensity !== null) return at(evidence.averageIntensity, 4, 'average');
  return { emissions: null, intensity: null, dataQualityScore: 4, basis: 'none' };
};

/** Financed emissions = attribution × object emissions (null where the object's are unknown). */
export const financedEmissions = (loanAttribution: number, emissions: number | null): number | null => (emissions === null ? null : loanAttribution * emissions);

/** One loan with everything the portfolio call answers about it. */
export interface LoanFigures {
  loanId: string;
  outstandingAmount: number;
  attribution: number;
  objectEmissions: number | null;
  financedEmissions: number | null;
  dataQualityScore: DataQualityScore;
  basis: EmissionBasis;
  taxonomy: TaxonomyResult;
  /** The object holds an ECORE label valid on the reporting date. */
  labelValid: boolean;
}

export interface LoanFacts {
  loanId: string;
  outstandingAmount: number;
  propertyValueAtOrigination: number;
  evidence: EmissionEvidence;
  taxonomy: TaxonomyResult;
  labelValid: boolean;
}

export const loanFigures = (loan: LoanFacts): LoanFigures => {
  const share = attribution(loan.outstandingAmount, loan.propertyValueAtOrigination);
  const object = objectEmissions(loan.evidence);
  return {
    loanId: loan.loanId,
    outstandingAmount: loan.outstandingAmount,
    attribution: share,
    objectEmissions: object.emissions,
    financedEmissions: financedEmissions(share, object.emissions),
    dataQualityScore: object.dataQualityScore,
    basis: object.basis,
    taxonomy: loan.taxonomy,
    labelValid: loan.labelValid,
  };
};

/** A slice of the portfolio for the chart: its financed emissions, outstanding amount and number of loans. */
export interface PortfolioSlice {
  financedEmissions: number;
  outstandingAmount: number;
  loans: number;
}

export interface PortfolioTotals {
  loans: number;
  outstandingAmount: number;
  /** t CO2e a year, the sum over the loans whose object's emissions are known. */
  financedEmissions: number;
  /** Loans whose object's emissions are unknown (they add nothing to the sum). */
  loansWithoutEmissions: number;
  /** Mean weighted by outstanding amount; null for an empty portfolio. */
  dataQualityScore: number | null;
  /** Outstanding-weighted shares from 0 to 1 (all 0 for an empty portfolio). */
  alignmentShares: Record<Alignment, number>;
  /** The share of loans (by number) on objects with a valid ECORE label. */
  validLabelShare: number;
  byDataQuality: Record<DataQualityScore, PortfolioSlice>;
  byAlignment: Record<Alignment, PortfolioSlice>;
}

const emptySlice = (): PortfolioSlice => ({ financedEmissions: 0, outstandingAmount: 0, loans: 0 });
const addTo = (slice: PortfolioSlice, loan: LoanFigures) => {
  slice.financedEmissions += loan.financedEmissions ?? 0;
  slice.outstandingAmount += loan.outstandingAmount;
  slice.loans += 1;
};

/** The portfolio's totals from its loans' figures. */
export const portfolioTotals = (loans: readonly LoanFigures[]): PortfolioTotals => {
  const byDataQuality = Object.fromEntries(DATA_QUALITY_SCORES.map((s) => [s, emptySlice()])) as Record<DataQualityScore, PortfolioSlice>;
  const byAlignment = Object.fromEntries(ALIGNMENTS.map((a) => [a, emptySlice()])) as Record<Alignment, PortfolioSlice>;
  let outstanding = 0;
  let weightedScore = 0;
  let financed = 0;
  for (const loan of loans) {
    outstanding += loan.outstandingAmount;
    weightedScore += loan.outstandingAmount * loan.dataQualityScore;
    financed += loan.financedEmissions ?? 0;
    addTo(byDataQuality[loan.dataQualityScore], loan);
    addTo(byAlignment[loan.taxonomy.result], loan);
  }
  const share = (amount: number) => (outstanding > 0 ? amount / outstanding : 0);
  return {
    loans: loans.length,
    outstandingAmount: outstanding,
    financedEmissions: financed,
    loansWithoutEmissions: loans.filter((l) => l.financedEmissions === null).length,
    dataQualityScore: outstanding > 0 ? weightedScore / outstanding : null,
    alignmentShares: Object.fromEntries(ALIGNMENTS.map((a) => [a, share(byAlignment[a].outstandingAmount)])) as Record<Alignment, number>,
    validLabelShare: loans.length === 0 ? 0 : loans.filter((l) => l.labelValid).length / loans.length,
    byDataQuality,
    byAlignment,
  };
};
