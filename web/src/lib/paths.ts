import type { HomeCard, NavigationEntry } from '@ecore/core/identity/route-access.ts';

/** The path of each top navigation entry (spec 01 §2, spec 02 §2). */
export const NAVIGATION_PATHS: Record<NavigationEntry, string> = {
  home: '/',
  score: '/score',
  accountManagement: '/account-management',
  assetManagement: '/asset-management',
  evidence: '/evidence',
  jobManagement: '/job-management',
  analysisAndBenchmark: '/analysis-benchmark',
  export: '/export',
  financedEmissions: '/financed-emissions',
  import: '/import',
};

/** The query parameter with which a link asks a list page to open its create dialog at once. */
export const CREATE_PARAM = 'create';

/** A list page's path that opens its create dialog (the home page's "create …" cards). */
export const withCreateDialog = (path: string): string => `${path}?${CREATE_PARAM}=1`;

/**
 * Whether a page's query asks for the create dialog, and the query without that request: the page
 * opens the dialog once and puts the rest back, so that reload, back and a shared link do not reopen it.
 */
export const takeCreateRequest = (params: URLSearchParams): { requested: boolean; rest: URLSearchParams } => {
  const rest = new URLSearchParams(params);
  const requested = rest.get(CREATE_PARAM) === '1';
  rest.delete(CREATE_PARAM);
  return { requested, rest };
};

/** Where each quick-link card of the home page leads; the "create …" cards open the create dialog or page directly. */
export const HOME_CARD_PATHS: Record<HomeCard, string> = {
  createOrganisation: withCreateDialog('/account-management/organisations'),
  createUser: withCreateDialog('/account-management/users'),
  createObject: '/asset-management/objects/new',
  createObjectGroup: withCreateDialog('/asset-management/object-groups'),
  answerQuestionnaire: '/asset-management/objects',
  editQuestionnaire: '/score',
  reviewQuestionnaire: '/job-management',
  readObjects: '/asset-management/objects',
};

export const FOOTER_PATHS = {
  faq: '/faq',
  contact: '/contact',
  imprint: '/impressum',
  dataProtection: '/data-protection',
} as const;
