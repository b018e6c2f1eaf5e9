import type { HomeCard, NavigationEntry } from '@ecore/core/identity/route-access.ts';

/** The path of each top navigation entry (spec 01 §2, spec 02 §2). */
export const NAVIGATION_PATHS: Record<NavigationEntry, string> = {
  home: '/',
  score: '/score',
  accountManagement: '/account-management',
  assetManagement: '/asset-management',
  jobManagement: '/job-management',
  analysisAndBenchmark: '/analysis-benchmark',
  export: '/export',
};

/** Where each quick-link card of the home page leads. */
export const HOME_CARD_PATHS: Record<HomeCard, string> = {
  createOrganisation: '/account-management/organisations',
  createUser: '/account-management/users',
  createObject: '/asset-management/objects',
  createObjectGroup: '/asset-management/object-groups',
  answerQuestionnaire: '/asset-management/objects',
  editQuestionnaire: '/score',
  reviewQuestionnaire: '/job-management',
};

export const FOOTER_PATHS = {
  faq: '/faq',
  contact: '/contact',
  imprint: '/impressum',
  dataProtection: '/data-protection',
} as const;
