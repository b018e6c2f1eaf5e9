import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleSet } from './arbitraries/users.ts';
import { formatRoleClaim, parseRoleClaim, Role, roleLabel, roleName } from './roles.ts';

describe('role claim of the session token', () => {
  it('carries the numbers of spec 01 §3', () => {
    expect(Role.AccountAdministrator).toBe(0);
    expect(Role.AccountManager).toBe(10);
    expect(Role.ProspectiveBuyer).toBe(11);
    expect(roleName(8)).toBe('ExternalAccreditedTester');
  });

  it('reads back every set of roles it writes', () => {
    fc.assert(fc.property(roleSet(), (roles) => {
      expect(parseRoleClaim(formatRoleClaim(roles)).sort()).toEqual([...roles].sort());
    }));
  });

  it('drops what is not a role', () => {
    expect(parseRoleClaim('0, 3,42,x,-1,')).toEqual([0, 3]);
    expect(parseRoleClaim(undefined)).toEqual([]);
  });
});

describe('a forged role claim', () => {
  it('gives no role for numbers written otherwise (1e1, 0x1, +2, 1.5, 3x, x3)', () => {
    expect(parseRoleClaim('1e1,0x1,+2,1.5,3x,x3')).toEqual([]);
    expect(parseRoleClaim(null)).toEqual([]);
  });
});

describe('the roles’ names in both languages (GLOSSARY.md)', () => {
  it.each([
    [Role.AccountAdministrator, 'Kontoadministrator', 'Account administrator'],
    [Role.BillingManager, 'Abrechnungsmanager', 'Billing manager'],
    [Role.Evaluator, 'Gutachter', 'Evaluator'],
    [Role.ScoringModelManager, 'Scoring-Modell-Manager', 'Scoring model manager'],
    [Role.ObjectAdministrator, 'Objektadministrator', 'Object administrator'],
    [Role.ObjectDataCollector, 'Datenerfasser', 'Data collector'],
    [Role.ObjectAnalyst, 'Objektanalyst', 'Object analyst'],
    [Role.InternalTester, 'interner Prüfer', 'Internal tester'],
    [Role.ExternalAccreditedTester, 'externer akkreditierter Prüfer', 'External accredited tester'],
    [Role.ImportAdmin, 'Import-Administrator', 'Import administrator'],
    [Role.AccountManager, 'Account-Manager', 'Account manager'],
    [Role.ProspectiveBuyer, 'Kaufinteressent', 'Prospective buyer'],
  ])('role %i is "%s" in German and "%s" in English', (role, de, en) => {
    expect(roleLabel(role, 'de')).toBe(de);
    expect(roleLabel(role, 'en')).toBe(en);
  });
});
