import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { Provenance } from '../answering/provenance.ts';
import type { ReferenceData } from '../scoring/reference-lookup.ts';
import type { EpcFields } from './epc.ts';
import { averageCarbonIntensity, bankReference } from './evidence.ts';
import { loanFigures, type LoanFigures } from './financed-emissions.ts';
import type { StoredLoan } from './loan-tape.ts';
import { taxonomyAlignment } from './taxonomy.ts';

/**
 * One loan of the portfolio call (DOMAIN.md §11), decided from what the portal holds of its object: the object's form
 * fields and certificate, the carbon figure of its latest closed (else latest) questionnaire with its provenances, its
 * label, and the reference data. The server loads these; this decides.
 */
export interface BankObjectFacts {
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  /** Gross floor area (BGF), m². */
  assetTotalArea: number | null;
  constructionYear: number | null;
  epc: EpcFields;
  /** Carbon of the questionnaire's reporting year, kg CO2e/m²a, as §5 reads it; null: none answered. */
  consumption: { intensity: number; provenances: readonly Provenance[]; reportingYear: number } | null;
  /** The last day of the object's ECORE label; null: none. */
  labelValidUntil: string | null;
}

export const yearOf = (isoDate: string): number => Number(isoDate.slice(0, 4));

export const loanOnObject = (loan: StoredLoan, object: BankObjectFacts, data: ReferenceData): LoanFigures => {
  const year = yearOf(loan.reportingDate);
  const consumptionYear = object.consumption?.reportingYear ?? year;
  return loanFigures({
    loanId: loan.loanId,
    outstandingAmount: loan.outstandingAmount,
    propertyValueAtOrigination: loan.propertyValueAtOrigination,
    evidence: {
      area: object.assetTotalArea,
      consumption: object.consumption,
      epcFinalEnergyDemand: object.epc.epcFinalEnergyDemand,
      carbonPerKwh: bankReference(data, 'carbonPerKwh', object.country, object.assetAssetTypes, year),
      averageIntensity: averageCarbonIntensity(data, object.country, object.assetAssetTypes, consumptionYear),
    },
    taxonomy: taxonomyAlignment({
      reportingDate: loan.reportingDate,
      constructionYear: object.constructionYear,
      epc: object.epc,
      top15Threshold: bankReference(data, 'taxonomyTop15', object.country, object.assetAssetTypes, year),
      nearlyZeroEnergyThreshold: bankReference(data, 'taxonomyNearlyZero', object.country, object.assetAssetTypes, year),
    }),
    labelValid: object.labelValidUntil !== null && object.labelValidUntil >= loan.reportingDate,
  });
};
