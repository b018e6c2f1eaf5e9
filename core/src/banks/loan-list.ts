import type { DataQualityScore, LoanFigures } from './financed-emissions.ts';
import type { Alignment } from './taxonomy.ts';

/**
 * A loan as the list and the portfolio answer it (DOMAIN.md §11): the bank's record, its object, the figures core
 * decided, and the object's ECORE and finance score with its label state beside the bank's own taxonomy test.
 */
export interface PortfolioLoan extends LoanFigures {
  propertyValueAtOrigination: number;
  originationDate: string;
  reportingDate: string;
  assetId: number;
  objectName: string;
  externalId: string | null;
  assetGroupId: number;
  groupName: string;
  ecoreScore: number | null;
  financeScore: number | null;
  /** The state of the questionnaire the figures come from (null: none). */
  questionnaireState: string | null;
  labelValidUntil: string | null;
}

/** The list's filters: the object's group, the 7.7 result, the data quality score, the reporting date. */
export interface LoanFilter {
  assetGroupId?: number;
  alignment?: Alignment;
  dataQualityScore?: DataQualityScore;
  reportingDate?: string;
}

export const loanMatches = (filter: LoanFilter, loan: PortfolioLoan): boolean =>
  (filter.assetGroupId === undefined || loan.assetGroupId === filter.assetGroupId) &&
  (filter.alignment === undefined || loan.taxonomy.result === filter.alignment) &&
  (filter.dataQualityScore === undefined || loan.dataQualityScore === filter.dataQualityScore) &&
  (filter.reportingDate === undefined || loan.reportingDate === filter.reportingDate);

/** The reporting dates of the bank's loans, newest first. */
export const reportingDates = (loans: readonly { reportingDate: string }[]): string[] => [...new Set(loans.map((l) => l.reportingDate))].sort().reverse();

/** The portfolio's reporting date: the one asked for, else the newest of the loans (null: no loans). */
export const portfolioDate = (loans: readonly { reportingDate: string }[], asked: string | undefined): string | null => asked ?? reportingDates(loans)[0] ?? null;

/** One page of the list, ordered by loan id. */
export const pageOf = <T extends { loanId: string }>(loans: readonly T[], page: number, pageSize: number): T[] =>
  [...loans].sort((a, b) => (a.loanId < b.loanId ? -1 : a.loanId > b.loanId ? 1 : 0)).slice((page - 1) * pageSize, page * pageSize);
