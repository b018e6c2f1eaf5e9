import type { PortfolioTotals } from '@ecore/core/banks/financed-emissions.ts';
import type { PortfolioLoan } from '@ecore/core/banks/loan-list.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { downloadImportFile } from '../imports/imports-api.ts';

export type { PortfolioLoan, PortfolioTotals };

/** GET bank/portfolio: the loans of a reporting date (default the newest) with their figures, and the totals. */
export interface Portfolio {
  reportingDate: string | null;
  reportingDates: string[];
  loans: PortfolioLoan[];
  totals: PortfolioTotals;
}

export const fetchPortfolio = (reportingDate: string | null): Promise<Portfolio> =>
  apiRequest<Portfolio>('bank/portfolio', { query: reportingDate ? { reportingDate } : {} });

/** The portfolio as Excel (loans, totals, method), saved under the server's name. */
export const downloadPortfolio = (reportingDate: string | null, language: string): Promise<void> =>
  downloadImportFile('bank/portfolio/export', { language, ...(reportingDate ? { reportingDate } : {}) });
