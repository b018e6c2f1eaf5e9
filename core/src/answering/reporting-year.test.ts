// Changing the reporting year on the data tab (DOMAIN.md §5): who, when, which years.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { AssetActor, AssetFacts } from '../assets/asset-access.ts';
import { ALL_ROLES, Role, roleName } from '../identity/roles.ts';
import { ASSET_QUESTIONNAIRE_STATES } from './answers.ts';
import { changeReportingYear, mayChangeReportingYear, reportingYearBodySchema, reportingYearRange } from './reporting-year.ts';

const actor = (roles: Role[], changes: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...changes });
const asset = (changes: Partial<AssetFacts> = {}): AssetFacts => ({ id: 10, organisationId: 1, assetGroupId: 5, isBuyerAsset: false, testerUserId: null, grantedOrganisationIds: [], ...changes });
const DAY = Date.UTC(2026, 10, 29, 12);

describe('who changes the reporting year', () => {
  it.each(ALL_ROLES.map((role) => [roleName(role), role] as const))('%s of the owning organisation', (_, role) => {
    expect(mayChangeReportingYear(actor([role]), asset())).toBe(role === Role.ObjectAdministrator || role === Role.ProspectiveBuyer);
  });

  it('never for another organisation’s object, nor by the account administrator’s view of everything', () => {
    expect(mayChangeReportingYear(actor([Role.ObjectAdministrator], { orgId: 2 }), asset())).toBe(false);
    expect(mayChangeReportingYear(actor([Role.AccountAdministrator], { orgId: 2 }), asset())).toBe(false);
  });
});

describe('which years, and when', () => {
  it('takes 2015 up to the year before today, on an Active or Declined questionnaire', () => {
    expect(reportingYearRange(DAY)).toEqual({ from: 2015, to: 2025 });
    expect(changeReportingYear({ state: 'Active', current: 2025 }, 2024, DAY)).toEqual(E.right({ from: 2025, to: 2024, changed: true }));
    expect(changeReportingYear({ state: 'Declined', current: 2024 }, 2024, DAY)).toEqual(E.right({ from: 2024, to: 2024, changed: false }));
    expect(changeReportingYear({ state: 'Active', current: 2025 }, 2015, DAY)).toEqual(E.right({ from: 2025, to: 2015, changed: true }));
  });

  it.each([2014, 2026, 2050, 2024.5])('refuses %s, naming the range', (year) => {
    expect(changeReportingYear({ state: 'Active', current: 2025 }, year, DAY)).toEqual(E.left({ _tag: 'questionnaire-reporting-year-range', from: 2015, to: 2025 }));
  });

  it('refuses every state in which the answers are not edited, whatever the year', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), fc.integer({ min: 2015, max: 2025 }), (state, year) => {
        const outcome = changeReportingYear({ state, current: 2025 }, year, DAY);
        expect(E.isRight(outcome)).toBe(state === 'Active' || state === 'Declined');
        if (E.isLeft(outcome)) expect(outcome.left).toEqual({ _tag: 'questionnaire-reporting-year-not-editable', state });
      }),
    );
  });

  it('the body is one whole number', () => {
    expect(reportingYearBodySchema.safeParse({ reportingYear: 2024 }).success).toBe(true);
    for (const body of [{}, { reportingYear: '2024' }, { reportingYear: null }]) expect(reportingYearBodySchema.safeParse(body).success).toBe(false);
  });
});
