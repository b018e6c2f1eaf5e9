import { BANK_ROLES } from '../banks/bank-access.ts';
import { mayUseImports } from '../imports/import-access.ts';
import { Role, hasAnyRole } from './roles.ts';

/** The parts of a user that decide which routes and cards they see. */
export interface AccessSubject {
  roles: readonly Role[];
  orgFinance: boolean;
}

/** The top navigation entries of spec 01 §2 "Shell", in their order. */
export const NAVIGATION = [
  'home',
  'score',
  'accountManagement',
  'assetManagement',
  'evidence',
  'jobManagement',
  'analysisAndBenchmark',
  'export',
  'financedEmissions',
  'import',
] as const;
export type NavigationEntry = (typeof NAVIGATION)[number];

/** Logged-in areas that have their own role rules (spec 01 §6 "Route access", spec 02 §2). */
export type Area = NavigationEntry | 'certificate';

const AREA_ROLES: Record<Exclude<Area, 'home' | 'export' | 'financedEmissions'>, readonly Role[]> = {
  score: [Role.ScoringModelManager],
  accountManagement: [Role.AccountAdministrator, Role.ScoringModelManager, Role.AccountManager, Role.ProspectiveBuyer],
  assetManagement: [
    Role.ObjectAdministrator,
    Role.AccountAdministrator,
    Role.ObjectDataCollector,
    Role.ObjectAnalyst,
    Role.ProspectiveBuyer,
  ],
  // The organisation's evidence library (docs/evidence.md): those who read it (core answering/evidence.ts mayReadLibrary).
  evidence: [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ObjectAnalyst, Role.ProspectiveBuyer],
  jobManagement: [Role.InternalTester, Role.ExternalAccreditedTester, Role.Evaluator, Role.AccountAdministrator],
  analysisAndBenchmark: [Role.ObjectAdministrator, Role.AccountManager],
  certificate: [Role.ObjectAdministrator, Role.Evaluator],
  // DOMAIN.md §10 (core/src/imports/import-access.ts mayUseImports): objects and answers, answers only for collectors.
  import: [Role.ImportAdmin, Role.ObjectAdministrator, Role.ObjectDataCollector, Role.AccountAdministrator],
};

/** The roles a route names; `null` where any logged-in user may enter. */
export const rolesOfArea = (area: Area): readonly Role[] | null =>
  area === 'home' || area === 'export' ? null : area === 'financedEmissions' ? BANK_ROLES : AREA_ROLES[area];

/**
 * May this user enter the area? Spec 01 §6: finance-partner organisations see only export
 * (and the home page, the certificate of single objects and account management of their buyers);
 * analysis-benchmark sends finance partners home; export is for finance-partner users only.
 */
export const canAccessArea = (subject: AccessSubject, area: Area, opts: { isGroup?: boolean } = {}): boolean => {
  switch (area) {
    case 'home':
      return true;
    case 'export':
      return subject.orgFinance;
    case 'analysisAndBenchmark':
      return !subject.orgFinance && hasAnyRole(subject.roles, AREA_ROLES.analysisAndBenchmark);
    case 'certificate':
      return hasAnyRole(subject.roles, AREA_ROLES.certificate) || (subject.orgFinance && opts.isGroup !== true);
    case 'accountManagement':
      return hasAnyRole(subject.roles, AREA_ROLES.accountManagement);
    case 'import':
      return mayUseImports(subject);
    // DOMAIN.md §11 (core/src/banks/bank-access.ts): a finance partner's account managers and object administrators.
    case 'financedEmissions':
      return subject.orgFinance && hasAnyRole(subject.roles, BANK_ROLES);
    default:
      return !subject.orgFinance && hasAnyRole(subject.roles, AREA_ROLES[area]);
  }
};

/** The top navigation entries this user sees, in the order of the shell. */
export const visibleNavigation = (subject: AccessSubject): NavigationEntry[] =>
  NAVIGATION.filter((entry) => canAccessArea(subject, entry));

/** Quick-link cards of the home page (spec 01 §2 "Home page quick-link cards"). */
export const HOME_CARDS = [
  'createOrganisation',
  'createUser',
  'createObject',
  'createObjectGroup',
  'answerQuestionnaire',
  'editQuestionnaire',
  'reviewQuestionnaire',
  'readObjects',
] as const;
export type HomeCard = (typeof HOME_CARDS)[number];

const CARD_ROLES: Record<HomeCard, readonly Role[]> = {
  createOrganisation: [Role.AccountAdministrator],
  createUser: [Role.AccountAdministrator, Role.ScoringModelManager, Role.AccountManager],
  createObject: [Role.AccountAdministrator, Role.ObjectAdministrator],
  createObjectGroup: [Role.AccountAdministrator, Role.ObjectAdministrator],
  answerQuestionnaire: [Role.ObjectDataCollector],
  editQuestionnaire: [Role.ScoringModelManager],
  reviewQuestionnaire: [Role.Evaluator],
  // The object analyst reads its organisation's objects, questionnaires, answers and documents (spec 02 §6 gives it
  // neither the score nor the dashboard): its card says so, so that its home shows what it can do.
  readObjects: [Role.ObjectAnalyst],
};

/** Finance-partner users do not see the object and object-group cards. */
export const visibleHomeCards = (subject: AccessSubject): HomeCard[] =>
  HOME_CARDS.filter((card) => {
    if (subject.orgFinance && (card === 'createObject' || card === 'createObjectGroup' || card === 'readObjects')) return false;
    return hasAnyRole(subject.roles, CARD_ROLES[card]);
  });

/** /account-management redirects to users; administrators and finance-partner account managers land on organisations. */
export const accountManagementLanding = (subject: AccessSubject): 'users' | 'organisations' =>
  subject.roles.includes(Role.AccountAdministrator) || (subject.orgFinance && subject.roles.includes(Role.AccountManager))
    ? 'organisations'
    : 'users';
