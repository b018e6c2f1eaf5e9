import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessSubject } from './arbitraries/users.ts';
import { Role } from './roles.ts';
import { mayReadLibrary } from '../answering/evidence.ts';
import {
  accountManagementLanding,
  canAccessArea,
  HOME_CARDS,
  NAVIGATION,
  rolesOfArea,
  visibleHomeCards,
  visibleNavigation,
  type Area,
} from './route-access.ts';

const roleGuardedAreas: Area[] = ['score', 'accountManagement', 'assetManagement', 'evidence', 'jobManagement', 'analysisAndBenchmark'];

describe('route access (spec 01 §6)', () => {
  it('never lets in a user who holds no role of a role-guarded route', () => {
    fc.assert(
      fc.property(accessSubject(), fc.constantFrom(...roleGuardedAreas), (subject, area) => {
        const roles = rolesOfArea(area) ?? [];
        if (!subject.roles.some((r) => roles.includes(r))) expect(canAccessArea(subject, area)).toBe(false);
      }),
    );
  });

  it('opens the evidence library to exactly those of a portal organisation who may read it', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        expect(canAccessArea(subject, 'evidence')).toBe(!subject.orgFinance && mayReadLibrary(subject));
      }),
    );
  });

  it('lets every signed-in user onto the home page', () => {
    fc.assert(fc.property(accessSubject(), (subject) => {
      expect(canAccessArea(subject, 'home')).toBe(true);
    }));
  });

  it('shows export only to finance-partner users', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        expect(visibleNavigation(subject).includes('export')).toBe(subject.orgFinance);
      }),
    );
  });

  it('never shows analysisAndBenchmark to finance-partner users', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        if (subject.orgFinance) expect(canAccessArea(subject, 'analysisAndBenchmark')).toBe(false);
      }),
    );
  });

  it('finance-partner organisations see only home, export, (as account managers) account management and (as account managers or object administrators) financed emissions', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        if (!subject.orgFinance) return;
        for (const entry of visibleNavigation(subject)) expect(['home', 'export', 'accountManagement', 'financedEmissions']).toContain(entry);
        expect(visibleNavigation(subject).includes('financedEmissions')).toBe(subject.roles.includes(Role.AccountManager) || subject.roles.includes(Role.ObjectAdministrator));
      }),
    );
  });

  it('shows financed emissions to nobody outside a finance partner', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        if (subject.orgFinance) return;
        expect(canAccessArea(subject, 'financedEmissions')).toBe(false);
      }),
    );
  });

  it('keeps the navigation in the order of the shell', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        const shown = visibleNavigation(subject);
        expect(shown).toEqual(NAVIGATION.filter((entry) => shown.includes(entry)));
      }),
    );
  });

  it('lets a scoring model manager into score management and nobody else', () => {
    expect(canAccessArea({ roles: [Role.ScoringModelManager], orgFinance: false }, 'score')).toBe(true);
    expect(canAccessArea({ roles: [Role.AccountAdministrator, Role.ObjectAdministrator], orgFinance: false }, 'score')).toBe(false);
  });

  it('gives the certificate of a single object, not of a group, to finance-partner users', () => {
    const bank = { roles: [Role.AccountManager], orgFinance: true };
    expect(canAccessArea(bank, 'certificate', { isGroup: false })).toBe(true);
    expect(canAccessArea(bank, 'certificate', { isGroup: true })).toBe(false);
    expect(canAccessArea({ roles: [Role.Evaluator], orgFinance: false }, 'certificate', { isGroup: true })).toBe(true);
  });

  it('shows the administrator the account, asset and job areas', () => {
    expect(visibleNavigation({ roles: [Role.AccountAdministrator], orgFinance: false })).toEqual([
      'home',
      'accountManagement',
      'assetManagement',
      'jobManagement',
      'import',
    ]);
  });
});

describe('home page quick-link cards (spec 01 §2)', () => {
  it('never shows finance-partner users the object and object-group cards', () => {
    fc.assert(
      fc.property(accessSubject(), (subject) => {
        if (!subject.orgFinance) return;
        expect(visibleHomeCards(subject)).not.toContain('createObject');
        expect(visibleHomeCards(subject)).not.toContain('createObjectGroup');
      }),
    );
  });

  it('shows no card to a user without roles', () => {
    expect(visibleHomeCards({ roles: [], orgFinance: false })).toEqual([]);
  });

  it('shows each card to exactly the roles of the table', () => {
    const table: Record<(typeof HOME_CARDS)[number], Role[]> = {
      createOrganisation: [Role.AccountAdministrator],
      createUser: [Role.AccountAdministrator, Role.ScoringModelManager, Role.AccountManager],
      createObject: [Role.AccountAdministrator, Role.ObjectAdministrator],
      createObjectGroup: [Role.AccountAdministrator, Role.ObjectAdministrator],
      answerQuestionnaire: [Role.ObjectDataCollector],
      editQuestionnaire: [Role.ScoringModelManager],
      readObjects: [Role.ObjectAnalyst],
      reviewQuestionnaire: [Role.Evaluator],
    };
    for (const [card, roles] of Object.entries(table)) {
      for (const role of Object.values(Role)) {
        expect(visibleHomeCards({ roles: [role], orgFinance: false }).includes(card as never), `${card} for ${role}`).toBe(roles.includes(role));
      }
    }
  });
});

describe('account management landing', () => {
  it('sends administrators and finance-partner account managers to organisations, everyone else to users', () => {
    expect(accountManagementLanding({ roles: [Role.AccountAdministrator], orgFinance: false })).toBe('organisations');
    expect(accountManagementLanding({ roles: [Role.AccountManager, Role.ObjectAdministrator], orgFinance: true })).toBe('organisations');
    expect(accountManagementLanding({ roles: [Role.AccountManager], orgFinance: false })).toBe('users');
    expect(accountManagementLanding({ roles: [Role.ProspectiveBuyer], orgFinance: false })).toBe('users');
  });
});

describe('routes and home cards in examples (spec 01 §2, §6)', () => {
  it('names no roles for home and export, and the four roles of job management', () => {
    expect(rolesOfArea('home')).toBeNull();
    expect(rolesOfArea('export')).toBeNull();
    expect(rolesOfArea('jobManagement')).toEqual([Role.InternalTester, Role.ExternalAccreditedTester, Role.Evaluator, Role.AccountAdministrator]);
  });

  it('shows a finance partner’s account manager only the create-user card; an ordinary object administrator the object and group cards', () => {
    expect(visibleHomeCards({ roles: [Role.ObjectAdministrator, Role.AccountManager], orgFinance: true })).toEqual(['createUser']);
    expect(visibleHomeCards({ roles: [Role.ObjectAdministrator], orgFinance: false })).toEqual(['createObject', 'createObjectGroup']);
  });
});
