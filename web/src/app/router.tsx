import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-handle.ts';
import { RedirectIfLoggedIn, RequireArea, RequireSession } from '../features/identity/guards.tsx';
import { LoginPage } from '../features/identity/login-page.tsx';
import { SetPasswordPage } from '../features/identity/set-password-page.tsx';
import { LoginStep2Page } from '../features/identity/login-step2-page.tsx';
import { InvalidLinkPage } from '../features/identity/invalid-link-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { FaqPage } from '../features/info-pages/faq-page.tsx';
import { ContactPage } from '../features/info-pages/contact-page.tsx';
import { ImpressumPage } from '../features/info-pages/impressum-page.tsx';
import { DataProtectionPage } from '../features/info-pages/data-protection-page.tsx';
import { AccountManagementPage } from '../features/accounts/account-management-page.tsx';
import { AssetManagementPage } from '../features/assets/asset-management-page.tsx';
import { AccessPermissionPage } from '../features/assets/access-permission-page.tsx';
import { JobManagementPage } from '../features/review/job-management-page.tsx';
import { AnalysisBenchmarkPage } from '../features/analysis/analysis-benchmark-page.tsx';
import { ExportPage } from '../features/exports/export-page.tsx';
import { lazyArea } from '../components/lazy-area.tsx';
import { ShellLayout } from './shell-layout.tsx';

// The big areas load when first opened (spec 01 §8, §9): their code stays out of the first download.
// The redirects of /account-management and /asset-management and the public access decision page stay eager.
const ScorePage = lazyArea(() => import('../features/questionnaires/score-page.tsx').then((m) => m.ScorePage));
const QuestionnaireEditorPage = lazyArea(() =>
  import('../features/questionnaires/questionnaire-editor-page.tsx').then((m) => m.QuestionnaireEditorPage),
);
const editorPanels = () => import('../features/questionnaires/editor-panels.tsx');
const MetadataPanel = lazyArea(() => editorPanels().then((m) => m.MetadataPanel));
const ClusterPanel = lazyArea(() => editorPanels().then((m) => m.ClusterPanel));
const CategoryPanel = lazyArea(() => editorPanels().then((m) => m.CategoryPanel));
const SectionPanel = lazyArea(() => editorPanels().then((m) => m.SectionPanel));
const QuestionPanel = lazyArea(() => editorPanels().then((m) => m.QuestionPanel));
const AccountUsersPage = lazyArea(() => import('../features/accounts/account-users-page.tsx').then((m) => m.AccountUsersPage));
const AccountOrganisationsPage = lazyArea(() =>
  import('../features/accounts/account-organisations-page.tsx').then((m) => m.AccountOrganisationsPage),
);
const AssetObjectsPage = lazyArea(() => import('../features/assets/asset-objects-page.tsx').then((m) => m.AssetObjectsPage));
const AssetObjectGroupsPage = lazyArea(() => import('../features/assets/asset-object-groups-page.tsx').then((m) => m.AssetObjectGroupsPage));
const AccessRequestPage = lazyArea(() => import('../features/assets/access-request-page.tsx').then((m) => m.AccessRequestPage));
const NewObjectPage = lazyArea(() => import('../features/assets/object-page.tsx').then((m) => m.NewObjectPage));
const ObjectPage = lazyArea(() => import('../features/assets/object-page.tsx').then((m) => m.ObjectPage));

const named = (titleKey: string, crumbLink = false): RouteHandle => ({ titleKey, crumbLink });

/** The routes of spec 01 §2 (and the areas of spec 02 that later issues fill). */
export const routes: RouteObject[] = [
  // Public routes. /asset-access-permission is exempt from the 401 rule (spec 01 §4, api-setup.ts).
  { path: '/login', element: <RedirectIfLoggedIn><LoginPage /></RedirectIfLoggedIn> },
  { path: '/login-step2', element: <RedirectIfLoggedIn><LoginStep2Page /></RedirectIfLoggedIn> },
  { path: '/set-password', element: <SetPasswordPage /> },
  { path: '/invalid-link', element: <InvalidLinkPage /> },
  { path: '/asset-access-permission', element: <AccessPermissionPage /> },
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
                    ],
                  },
                ],
              },
              { path: 'object-groups', element: <AssetObjectGroupsPage />, handle: named('assets.objectGroups.title') },
              { path: 'access-request', element: <AccessRequestPage />, handle: named('assets.accessRequest.title') },
            ],
          },
          {
            path: 'job-management',
            element: <RequireArea area="jobManagement" />,
            handle: named('shell.navigation.jobManagement'),
            children: [{ index: true, element: <JobManagementPage /> }],
          },
          {
            path: 'analysis-benchmark',
            element: <RequireArea area="analysisAndBenchmark" />,
            handle: named('shell.navigation.analysisAndBenchmark'),
            children: [{ index: true, element: <AnalysisBenchmarkPage /> }],
          },
          {
            path: 'export',
            element: <RequireArea area="export" />,
            handle: named('shell.navigation.export'),
            children: [{ index: true, element: <ExportPage /> }],
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
