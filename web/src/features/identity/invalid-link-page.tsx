import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout.tsx';
import { NoticeWithLoginLink } from './notice-with-login-link.tsx';

/** Broken or expired links end here (spec 01 §2, §8). */
export function InvalidLinkPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('identity.invalidLink.title')}>
      <NoticeWithLoginLink color="orange" linkLabel={t('identity.invalidLink.toLogin')}>
        {t('errors.invalid-link')}
      </NoticeWithLoginLink>
    </AuthLayout>
  );
}
