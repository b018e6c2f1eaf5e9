import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role } from '../identity/roles.ts';
import { bankScope } from './bank-access.ts';
import { loanMatches, pageOf, portfolioDate, type PortfolioLoan } from './loan-list.ts';

describe('who works with loans', () => {
  it("is a finance partner's account manager or object administrator, scoped to that bank; nobody else", () => {
    for (const role of ALL_ROLES) {
      const expected = role === Role.AccountManager || role === Role.ObjectAdministrator ? { financePartnerId: 7 } : null;
      expect(bankScope({ roles: [role], orgId: 7, orgFinance: true })).toEqual(expected);
      expect(bankScope({ roles: [role], orgId: 7, orgFinance: false })).toBeNull();
    }
  });
});

const loan = (loanId: string, over: Partial<PortfolioLoan> = {}): PortfolioLoan =>
  ({ loanId, assetGroupId: 1, dataQualityScore: 4, reportingDate: '2025-12-31', taxonomy: { result: 'unknown', rule: 'epcMissing', threshold: null }, ...over }) as PortfolioLoan;

describe('the loan list', () => {
  it('filters by group, alignment, data quality and reporting date together', () => {
    const a = loan('A', { assetGroupId: 2, dataQualityScore: 2, taxonomy: { result: 'aligned', rule: 'classA', threshold: null } });
    const b = loan('B');
    expect([a, b].filter((l) => loanMatches({ alignment: 'unknown' }, l))).toEqual([b]);
    expect([a, b].filter((l) => loanMatches({ assetGroupId: 2, dataQualityScore: 2 }, l))).toEqual([a]);
    expect([a, b].filter((l) => loanMatches({ assetGroupId: 2, dataQualityScore: 4 }, l))).toEqual([]);
    expect([a, b].filter((l) => loanMatches({ reportingDate: '2024-12-31' }, l))).toEqual([]);
  });

  it('pages by loan id and takes the newest reporting date where none is asked', () => {
    const loans = ['C', 'A', 'B'].map((id) => loan(id));
    expect(pageOf(loans, 1, 2).map((l) => l.loanId)).toEqual(['A', 'B']);
    expect(pageOf(loans, 2, 2).map((l) => l.loanId)).toEqual(['C']);
    expect(portfolioDate([{ reportingDate: '2024-12-31' }, { reportingDate: '2025-06-30' }], undefined)).toBe('2025-06-30');
    expect(portfolioDate([{ reportingDate: '2024-12-31' }], '2023-12-31')).toBe('2023-12-31');
    expect(portfolioDate([], undefined)).toBeNull();
  });
});
