import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-handle.ts';
import { RedirectIfLoggedIn, RequireArea, RequireSession } from '../features/identity/guards.tsx';
import { LoginPage } from '../features/identity/login-page.tsx';
import { AccountManagementPage } from '../features/accounts/account-management-page.tsx';
import { AssetManagementPage } from '../features/assets/asset-management-page.tsx';
import { lazyArea, preloadArea } from '../components/lazy-area.tsx';
import { loadCoreMessages } from '../lib/core-messages.ts';

// Every page but the login page loads when first opened (spec 01 §8, §9), the signed-in shell too (its menus
// weigh 30 KB gzip): their code stays out of the first download, which must stay within 200 KB gzip (issue 11;
// `npm run bench` prints it). Only the login page, the guards and two redirects are in it.
// Each page loads with the catalogues of the features whose texts it shows (those of the components it uses, such
// as the status badges of the kinds of state it shows, and the names of its routes); router-catalogues.test.ts checks
// that none is missing. German and English texts of the shell are in the first download or (English) load when chosen.
// Each list loads only the catalogues it shows (issue 23): a list of objects needs no user or template texts.
const ACCOUNT_LISTS = ['accounts', 'data-table'] as const;
const ASSET_LISTS = ['assets', 'data-table'] as const;
const TEMPLATE_LISTS = ['data-table', 'questionnaires'] as const;
const TEMPLATES = ['accounts', 'assets', 'questionnaires'] as const;
const ANSWERING = ['accounts', 'answering', 'assets', 'certificates', 'questionnaires', 'review', 'scoring'] as const;
const REVIEWING = ['accounts', 'answering', 'assets', 'questionnaires', 'review'] as const;
const REVIEW = ['answering', 'assets', 'certificates', 'data-table', 'review'] as const;
const GROUP_LIST = ['analysis', 'answering', 'assets', 'certificates', 'data-table', 'review', 'scoring'] as const;
const RESULTS = ['accounts', 'answering', 'assets', 'questionnaires', 'review', 'scoring'] as const;

const ShellLayout = lazyArea(() => import('./shell-layout.tsx').then((m) => m.ShellLayout));
// The set-password form checks its fields with core's texts before anything is sent (the page is opened from a mailed
// link, so nothing has loaded them yet): they come with its code.
const SetPasswordPage = lazyArea(() =>
  Promise.all([import('../features/identity/set-password-page.tsx'), loadCoreMessages()]).then(([m]) => m.SetPasswordPage),
);
// The return from an organisation's sign-in service shows core's texts for its refusals.
const SsoReturnPage = lazyArea(() =>
  Promise.all([import('../features/identity/sso-return-page.tsx'), loadCoreMessages()]).then(([m]) => m.SsoReturnPage),
);
const LoginStep2Page = lazyArea(() => import('../features/identity/login-step2-page.tsx').then((m) => m.LoginStep2Page));
const InvalidLinkPage = lazyArea(() => import('../features/identity/invalid-link-page.tsx').then((m) => m.InvalidLinkPage));
const AccessPermissionPage = lazyArea(() => import('../features/assets/access-permission-page.tsx').then((m) => m.AccessPermissionPage), ['assets']);
const HomePage = lazyArea(() => import('../features/home/home-page.tsx').then((m) => m.HomePage), ['home']);
const FaqPage = lazyArea(() => import('../features/info-pages/faq-page.tsx').then((m) => m.FaqPage), ['info-pages']);
const ContactPage = lazyArea(() => import('../features/info-pages/contact-page.tsx').then((m) => m.ContactPage), ['info-pages']);
const ImpressumPage = lazyArea(() => import('../features/info-pages/impressum-page.tsx').then((m) => m.ImpressumPage), ['info-pages']);
const DataProtectionPage = lazyArea(() => import('../features/info-pages/data-protection-page.tsx').then((m) => m.DataProtectionPage), ['info-pages']);
const JobManagementPage = lazyArea(() => import('../features/review/job-management-page.tsx').then((m) => m.JobManagementPage), REVIEW);
const AnalysisBenchmarkPage = lazyArea(() => import('../features/analysis/analysis-benchmark-page.tsx').then((m) => m.AnalysisBenchmarkPage), ['analysis', 'scoring']);
// The dashboards of a group and of an object (issue 17); their charts load in a chunk of their own.
const GroupDashboardPage = lazyArea(() => import('../features/analysis/dashboard-page.tsx').then((m) => m.GroupDashboardPage), ['analysis', 'scoring']);
const ObjectDashboardPage = lazyArea(() => import('../features/analysis/dashboard-page.tsx').then((m) => m.ObjectDashboardPage), ['analysis', 'scoring']);
// The stranding calculator (issue 15): the object form's asset-class rows, and the charts in a chunk of their own.
const StrandingCalculatorPage = lazyArea(() => import('../features/scoring/stranding-calculator-page.tsx').then((m) => m.StrandingCalculatorPage), ['assets', 'scoring']);
// The finance partners' export area (issue 17): its lists and the export dialog.
const SignInMethodsPage = lazyArea(() => import('../features/identity/sign-in-methods-page.tsx').then((m) => m.SignInMethodsPage));
const ApiTokensPage = lazyArea(() => import('../features/api-tokens/api-tokens-page.tsx').then((m) => m.ApiTokensPage), ['data-table', 'api-tokens']);
// Imports (issue 20): templates, preview and import of objects, history.
const ImportPage = lazyArea(() => import('../features/imports/import-page.tsx').then((m) => m.ImportPage), ['imports']);
// A bank's financed emissions (DOMAIN.md §11): totals, charts, loans, the loan tape import.
const FinancedEmissionsPage = lazyArea(() => import('../features/banks/financed-emissions-page.tsx').then((m) => m.FinancedEmissionsPage), ['banks', 'imports']);
const ExportPage = lazyArea(() => import('../features/exports/export-page.tsx').then((m) => m.ExportPage), ['data-table', 'exports']);
const ScorePage = lazyArea(() => import('../features/questionnaires/score-page.tsx').then((m) => m.ScorePage), TEMPLATE_LISTS);
const QuestionnaireEditorPage = lazyArea(() =>
  import('../features/questionnaires/questionnaire-editor-page.tsx').then((m) => m.QuestionnaireEditorPage),
  TEMPLATES,
);
const editorPanels = () => import('../features/questionnaires/editor-panels.tsx');
const MetadataPanel = lazyArea(() => editorPanels().then((m) => m.MetadataPanel), TEMPLATES);
const ClusterPanel = lazyArea(() => editorPanels().then((m) => m.ClusterPanel), TEMPLATES);
const CategoryPanel = lazyArea(() => editorPanels().then((m) => m.CategoryPanel), TEMPLATES);
const SectionPanel = lazyArea(() => editorPanels().then((m) => m.SectionPanel), TEMPLATES);
const QuestionPanel = lazyArea(() => editorPanels().then((m) => m.QuestionPanel), TEMPLATES);
const AccountUsersPage = lazyArea(() => import('../features/accounts/account-users-page.tsx').then((m) => m.AccountUsersPage), ACCOUNT_LISTS);
const webhooksPages = () => import('../features/webhooks/webhooks-page.tsx');
const WebhooksPage = lazyArea(() => webhooksPages().then((m) => m.WebhooksPage), ['accounts', 'data-table', 'webhooks']);
const AccountWebhooksPage = lazyArea(() => webhooksPages().then((m) => m.AccountWebhooksPage), ['accounts', 'data-table', 'webhooks']);
const AccountOrganisationsPage = lazyArea(() =>
  import('../features/accounts/account-organisations-page.tsx').then((m) => m.AccountOrganisationsPage),
  ACCOUNT_LISTS,
);
const AssetObjectsPage = lazyArea(() => import('../features/assets/asset-objects-page.tsx').then((m) => m.AssetObjectsPage), ASSET_LISTS);
const AssetObjectGroupsPage = lazyArea(() => import('../features/object-groups/object-groups-page.tsx').then((m) => m.AssetObjectGroupsPage), GROUP_LIST);
const AccessRequestPage = lazyArea(() => import('../features/assets/access-request-page.tsx').then((m) => m.AccessRequestPage), ASSET_LISTS);
const AccessRequestsPage = lazyArea(() => import('../features/assets/access-requests-page.tsx').then((m) => m.AccessRequestsPage), ASSET_LISTS);
const NewObjectPage = lazyArea(() => import('../features/assets/object-page.tsx').then((m) => m.NewObjectPage), ANSWERING);
const ObjectPage = lazyArea(() => import('../features/assets/object-page.tsx').then((m) => m.ObjectPage), ANSWERING);
// Answering (issue 13): the object's questionnaire, its panels, and the file and reference-image viewers.
const QuestionnairePage = lazyArea(() => import('../features/answering/questionnaire-page.tsx').then((m) => m.QuestionnairePage), ANSWERING);
const answeringPanels = () => import('../features/answering/answering-panels.tsx');
const AnsweringDataPanel = lazyArea(() => import('../features/answering/data-panel.tsx').then((m) => m.DataPanel), RESULTS);
const MetadataOverviewPanel = lazyArea(() => answeringPanels().then((m) => m.MetadataOverviewPanel), REVIEWING);
const MetadataDetailsPanel = lazyArea(() => answeringPanels().then((m) => m.MetadataDetailsPanel), REVIEWING);
const AnsweringClusterPanel = lazyArea(() => answeringPanels().then((m) => m.ClusterPanel), REVIEWING);
const AnsweringCategoryPanel = lazyArea(() => answeringPanels().then((m) => m.CategoryPanel), REVIEWING);
const AnsweringSectionPanel = lazyArea(() => answeringPanels().then((m) => m.SectionPanel), REVIEWING);
// Review (issue 14): the check screen, on answering's panels.
const LibraryPage = lazyArea(() => import('../features/answering/library-page.tsx').then((m) => m.LibraryPage), ['answering', 'assets']);
const CheckPage = lazyArea(() => import('../features/review/check-page.tsx').then((m) => m.CheckPage), REVIEWING);
const CheckDataPanel = lazyArea(() => import('../features/review/check-data-panel.tsx').then((m) => m.CheckDataPanel), REVIEWING);
// Scoring (issue 15): the results of an object's questionnaire and of a group, each with overview and details.
const ObjectResultsPage = lazyArea(() => import('../features/scoring/object-results-page.tsx').then((m) => m.ObjectResultsPage), RESULTS);
const ObjectResultsOverview = lazyArea(() => import('../features/scoring/object-results-overview.tsx').then((m) => m.ObjectResultsOverview), RESULTS);
const ObjectResultsDetails = lazyArea(() => import('../features/scoring/object-results-details.tsx').then((m) => m.ObjectResultsDetails), RESULTS);
const GroupResultsPage = lazyArea(() => import('../features/scoring/group-results-page.tsx').then((m) => m.GroupResultsPage), RESULTS);
const groupResultsPanels = () => import('../features/scoring/group-results-panels.tsx');
const GroupResultsOverview = lazyArea(() => groupResultsPanels().then((m) => m.GroupResultsOverview), RESULTS);
const GroupResultsDetails = lazyArea(() => groupResultsPanels().then((m) => m.GroupResultsDetails), RESULTS);
const filePreviews = () => import('../features/answering/file-preview-page.tsx');
const FilePreviewPage = lazyArea(() => filePreviews().then((m) => m.FilePreviewPage), ['answering']);
const ReferenceImagePage = lazyArea(() => filePreviews().then((m) => m.ReferenceImagePage), ['answering']);
// Certificates (issue 16): the certificate view of an object or group, and the public verification of a label's code.
const CertificatePage = lazyArea(() => import('../features/certificates/certificate-page.tsx').then((m) => m.CertificatePage), ['certificates', 'data-table']);
const CertificateVerifyPage = lazyArea(() => import('../features/certificates/verify-page.tsx').then((m) => m.CertificateVerifyPage), ['certificates']);

const named = (titleKey: string, crumbLink = false): RouteHandle => ({ titleKey, crumbLink });

/** The routes of spec 01 §2 (and the areas of spec 02 that later issues fill). */
export const routes: RouteObject[] = [
  // Public routes. /asset-access-permission is exempt from the 401 rule (spec 01 §4, api-setup.ts).
  { path: '/login', element: <RedirectIfLoggedIn><LoginPage /></RedirectIfLoggedIn> },
  { path: '/login/sso', element: <RedirectIfLoggedIn><SsoReturnPage /></RedirectIfLoggedIn> },
  { path: '/login-step2', element: <RedirectIfLoggedIn><LoginStep2Page /></RedirectIfLoggedIn> },
  { path: '/set-password', element: <SetPasswordPage /> },
  { path: '/invalid-link', element: <InvalidLinkPage /> },
  { path: '/asset-access-permission', element: <AccessPermissionPage /> },
  // Public (docs/certificates.md): a label's QR code leads here; the call sends no session, so no 401 can log out.
  { path: '/certificate/verify', element: <CertificateVerifyPage /> },
  { path: '/certificate/verify/:code', element: <CertificateVerifyPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        path: '/',
        element: <ShellLayout />,
        handle: named('shell.navigation.home'),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'faq', element: <FaqPage />, handle: named('infoPages.faq.title') },
          { path: 'contact', element: <ContactPage />, handle: named('infoPages.contact.title') },
          { path: 'impressum', element: <ImpressumPage />, handle: named('infoPages.impressum.title') },
          { path: 'data-protection', element: <DataProtectionPage />, handle: named('infoPages.dataProtection.title') },
          // Under the profile menu (issue 21): the user's access tokens for backend callers.
          { path: 'api-tokens', element: <ApiTokensPage />, handle: named('apiTokens.page.title') },
          // Under the profile menu of those who manage webhooks (docs/webhooks.md); the calls refuse anybody else.
          { path: 'webhooks', element: <WebhooksPage />, handle: named('webhooks.page.title') },
          // Under the profile menu: password, authenticator app and their last use (docs/sign-in.md).
          { path: 'sign-in-methods', element: <SignInMethodsPage />, handle: named('identity.signInMethods.title') },
          // Viewers of evidence and reference images (spec 02 §2), behind login.
          { path: 'file-preview/:extension/:url', element: <FilePreviewPage />, handle: named('answering.preview.title') },
          { path: 'reference-image', element: <ReferenceImagePage />, handle: named('answering.referenceImage.title') },
          // Spec 02 §2 "certificate": beside asset management, whose roles it does not share (evaluators, finance partners);
          // the page asks core canAccessArea('certificate') with the route's isGroup.
          {
            path: 'asset-management/download/:assetId/group/:isGroup',
            element: <CertificatePage />,
            handle: named('certificates.view.title'),
          },
          {
            path: 'score',
            element: <RequireArea area="score" />,
            handle: named('shell.navigation.score'),
            children: [
              { index: true, element: <Navigate to="admin/active" replace /> },
              { path: 'admin/:list', element: <ScorePage />, handle: named('questionnaires.list.title') },
              {
                path: 'questionnaire/:questionnaireId',
                element: <QuestionnaireEditorPage />,
                handle: named('questionnaires.editor.title'),
                children: [
                  { index: true, element: <Navigate to="metadata" replace /> },
                  { path: 'metadata', element: <MetadataPanel /> },
                  { path: 'cluster/:clusterNum', element: <ClusterPanel /> },
                  { path: 'category/:categoryId', element: <CategoryPanel /> },
                  { path: 'section/:sectionId', element: <SectionPanel /> },
                  { path: 'question/:questionId', element: <QuestionPanel /> },
                ],
              },
            ],
          },
          {
            path: 'account-management',
            element: <RequireArea area="accountManagement" />,
            handle: named('shell.navigation.accountManagement'),
            children: [
              { index: true, element: <AccountManagementPage /> },
              { path: 'users', element: <AccountUsersPage />, handle: named('accounts.users.title') },
              { path: 'organisations', element: <AccountOrganisationsPage />, handle: named('accounts.organisations.title') },
              // docs/webhooks.md: the account administrator's webhooks (the calls refuse anybody else).
              { path: 'webhooks', element: <AccountWebhooksPage />, handle: named('webhooks.page.title') },
            ],
          },
          {
            path: 'asset-management',
            element: <RequireArea area="assetManagement" />,
            handle: named('shell.navigation.assetManagement'),
            children: [
              { index: true, element: <AssetManagementPage /> },
              {
                path: 'objects',
                handle: named('assets.objects.title', true),
                children: [
                  { index: true, element: <AssetObjectsPage /> },
                  { path: 'new', element: <NewObjectPage />, handle: named('assets.object.newTitle') },
                  {
                    path: ':assetId/:isBuyerAsset',
                    handle: named('assets.object.title'),
                    children: [
                      { index: true, element: <Navigate to="edit/data" replace /> },
                      { path: 'edit/data', element: <ObjectPage />, handle: named('assets.object.dataTitle') },
                      {
                        // Spec 02 §2: the results of a filled questionnaire, overview and details (issue 15).
                        path: 'edit/results/:questionnaireId',
                        element: <ObjectResultsPage />,
                        handle: named('scoring.results.title'),
                        children: [
                          { index: true, element: <Navigate to="overview" replace /> },
                          { path: 'overview', element: <ObjectResultsOverview /> },
                          { path: 'details', element: <ObjectResultsDetails /> },
                        ],
                      },
                      {
                        // Spec 02 §2: the object's questionnaire with data, metadata and the answering tree (issue 13).
                        path: 'questionnaire/:questionnaireId',
                        element: <QuestionnairePage />,
                        handle: named('answering.page.title'),
                        children: [
                          { index: true, element: <Navigate to="data" replace /> },
                          { path: 'data', element: <AnsweringDataPanel /> },
                          { path: 'metadata', element: <Navigate to="overview" replace /> },
                          { path: 'metadata/overview', element: <MetadataOverviewPanel /> },
                          { path: 'metadata/details', element: <MetadataDetailsPanel /> },
                          { path: 'cluster/:clusterNum', element: <AnsweringClusterPanel /> },
                          { path: 'cluster/:clusterNum/category/:categoryId', element: <AnsweringCategoryPanel /> },
                          { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId', element: <AnsweringSectionPanel /> },
                          { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId/question/:questionId', element: <AnsweringSectionPanel /> },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: 'object-groups',
                handle: named('assets.objectGroups.title', true),
                children: [
                  { index: true, element: <AssetObjectGroupsPage /> },
                  {
                    // docs/scoring.md: a group's results, overview and details (issue 15).
                    path: ':groupId/results',
                    element: <GroupResultsPage />,
                    handle: named('scoring.results.groupTitle'),
                    children: [
                      { index: true, element: <Navigate to="overview" replace /> },
                      { path: 'overview', element: <GroupResultsOverview /> },
                      { path: 'details', element: <GroupResultsDetails /> },
                    ],
                  },
                ],
              },
              { path: 'access-request', element: <AccessRequestPage />, handle: named('assets.accessRequest.title') },
              // docs/access-requests.md: the owner decides the buyers' requests inside the portal.
              { path: 'access-requests', element: <AccessRequestsPage />, handle: named('assets.accessRequests.title') },
            ],
          },
          {
            // docs/evidence.md: the organisation's evidence library.
            path: 'evidence',
            element: <RequireArea area="evidence" />,
            handle: named('shell.navigation.evidence'),
            children: [{ index: true, element: <LibraryPage /> }],
          },
          {
            path: 'job-management',
            element: <RequireArea area="jobManagement" />,
            handle: named('shell.navigation.jobManagement', true),
            // Spec 02 §2: the object-groups and objects lists, and the check screen with data, metadata and the tree.
            children: [
              { index: true, element: <Navigate to="object-groups" replace /> },
              { path: 'object-groups', element: <JobManagementPage />, handle: named('review.jobs.groupsTitle') },
              { path: 'objects', element: <JobManagementPage />, handle: named('review.jobs.objectsTitle') },
              { path: 'closed', element: <JobManagementPage />, handle: named('review.jobs.closedTitle') },
              {
                path: 'check/:assetId/:isBuyerAsset',
                element: <CheckPage />,
                handle: named('review.check.title'),
                children: [
                  { index: true, element: <Navigate to="data" replace /> },
                  { path: 'data', element: <CheckDataPanel /> },
                  { path: 'metadata', element: <Navigate to="overview" replace /> },
                  { path: 'metadata/overview', element: <MetadataOverviewPanel /> },
                  { path: 'metadata/details', element: <MetadataDetailsPanel /> },
                  { path: 'cluster/:clusterNum', element: <AnsweringClusterPanel /> },
                  { path: 'cluster/:clusterNum/category/:categoryId', element: <AnsweringCategoryPanel /> },
                  { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId', element: <AnsweringSectionPanel /> },
                  { path: 'cluster/:clusterNum/category/:categoryId/section/:sectionId/question/:questionId', element: <AnsweringSectionPanel /> },
                ],
              },
            ],
          },
          {
            path: 'analysis-benchmark',
            element: <RequireArea area="analysisAndBenchmark" />,
            handle: named('shell.navigation.analysisAndBenchmark', true),
            children: [
              { index: true, element: <AnalysisBenchmarkPage /> },
              { path: 'stranding', element: <StrandingCalculatorPage />, handle: named('scoring.calculator.title') },
              { path: 'object-groups', element: <Navigate to="/analysis-benchmark" replace /> },
              { path: 'group/:groupId', element: <GroupDashboardPage />, handle: named('analysis.dashboard.groupTitle') },
              { path: 'object/:assetId', element: <ObjectDashboardPage />, handle: named('analysis.dashboard.objectTitle') },
            ],
          },
          {
            path: 'export',
            element: <RequireArea area="export" />,
            handle: named('shell.navigation.export', true),
            // Spec 02 §2: the tabs object, object-group and customer-data; /export opens object-group.
            children: [
              { index: true, element: <Navigate to="object-group" replace /> },
              { path: 'object', element: <ExportPage />, handle: named('exports.tabs.object') },
              { path: 'object-group', element: <ExportPage />, handle: named('exports.tabs.object-group') },
              { path: 'customer-data', element: <ExportPage />, handle: named('exports.tabs.customer-data') },
            ],
          },
          {
            path: 'financed-emissions',
            element: <RequireArea area="financedEmissions" />,
            handle: named('shell.navigation.financedEmissions'),
            children: [{ index: true, element: <FinancedEmissionsPage /> }],
          },
          {
            path: 'import',
            element: <RequireArea area="import" />,
            handle: named('shell.navigation.import'),
            children: [{ index: true, element: <ImportPage /> }],
          },
        ],
      },
    ],
  },
  // Any unknown path goes home (spec 01 §2).
  { path: '*', element: <Navigate to="/" replace /> },
];

export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;

/**
 * The lazily loaded parts of the opened address (the shell, the page) start loading together, beside the first
 * render, instead of one after the other. Only with a session kept from an earlier visit: without one the guard
 * sends the visitor to the login page.
 */
export const preloadOpenedAreas = (router: AppRouter): void => {
  for (const { route } of router.state.matches) preloadArea(route.element);
};
