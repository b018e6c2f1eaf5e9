/** The numeric role enumeration of spec 01 §3; the numbers travel in the token's `role` claim. */
export const Role = {
  AccountAdministrator: 0,
  BillingManager: 1,
  Evaluator: 2,
  ScoringModelManager: 3,
  ObjectAdministrator: 4,
  ObjectDataCollector: 5,
  ObjectAnalyst: 6,
  InternalTester: 7,
  ExternalAccreditedTester: 8,
  ImportAdmin: 9,
  AccountManager: 10,
  ProspectiveBuyer: 11,
} as const;

export type Role = (typeof Role)[keyof typeof Role];
export type RoleName = keyof typeof Role;

export const ALL_ROLES: readonly Role[] = Object.values(Role);

export const roleName = (role: Role): RoleName =>
  (Object.keys(Role) as RoleName[]).find((name) => Role[name] === role) as RoleName;

export const isRole = (n: unknown): n is Role =>
  typeof n === 'number' && (ALL_ROLES as readonly number[]).includes(n);

/** The token carries roles as a comma-separated list of numbers ("0,3"); unknown entries are dropped. */
export const parseRoleClaim = (claim: string | undefined | null): Role[] =>
  (claim ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter(isRole);

export const formatRoleClaim = (roles: readonly Role[]): string =>
  [...new Set(roles)].sort((a, b) => a - b).join(',');

export const hasAnyRole = (held: readonly Role[], wanted: readonly Role[]): boolean =>
  wanted.some((role) => held.includes(role));

/** The roles' names in both languages (GLOSSARY.md), for exports and mails; the client's catalogue holds the same. */
export const ROLE_LABELS: Record<RoleName, { de: string; en: string }> = {
  AccountAdministrator: { de: 'Kontoadministrator', en: 'Account administrator' },
  BillingManager: { de: 'Abrechnungsmanager', en: 'Billing manager' },
  Evaluator: { de: 'Gutachter', en: 'Evaluator' },
  ScoringModelManager: { de: 'Scoring-Modell-Manager', en: 'Scoring model manager' },
  ObjectAdministrator: { de: 'Objektadministrator', en: 'Object administrator' },
  ObjectDataCollector: { de: 'Datenerfasser', en: 'Data collector' },
  ObjectAnalyst: { de: 'Objektanalyst', en: 'Object analyst' },
  InternalTester: { de: 'interner Prüfer', en: 'Internal tester' },
  ExternalAccreditedTester: { de: 'externer akkreditierter Prüfer', en: 'External accredited tester' },
  ImportAdmin: { de: 'Import-Administrator', en: 'Import administrator' },
  AccountManager: { de: 'Account-Manager', en: 'Account manager' },
  ProspectiveBuyer: { de: 'Kaufinteressent', en: 'Prospective buyer' },
};

export const roleLabel = (role: Role, language: 'de' | 'en'): string => ROLE_LABELS[roleName(role)][language];
