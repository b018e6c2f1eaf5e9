import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visibleNavigation } from '@ecore/core/identity/route-access.ts';
import { AppFrame } from '../components/app-frame.tsx';
import { useCrumbs } from '../components/breadcrumbs.tsx';
import { LanguageSelect } from '../components/language-select.tsx';
import { MainNavigation } from '../components/main-navigation.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { ProfileMenu } from '../features/identity/profile-menu.tsx';
import { useWorklist } from '../features/home/worklist-api.ts';
import { accessSubject, useSession } from '../lib/session.ts';

/**
 * The logged-in shell: the frame of components/ filled with the user's navigation and menus. The
 * browser tab names the page the way its heading and last breadcrumb do (the deepest route handle).
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const page = useCrumbs().at(-1);
  useDocumentTitle(page ? t(page.titleKey) : null);
  const entries = session ? visibleNavigation(accessSubject(session)) : [];
  const { data: worklist } = useWorklist();
  return (
    <AppFrame
      logoLabel={t('shell.header.logo')}
      navigation={<MainNavigation entries={entries} waiting={worklist?.total ?? 0} />}
      headerEnd={
        <>
          <LanguageSelect />
          <ProfileMenu />
        </>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
