import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout.tsx';
import { NoticeWithLoginLink } from './notice-with-login-link.tsx';

/** A sign-in finished by a link or a return from elsewhere: a loader while the server checks it, else its refusal. */
export function PendingSignIn({ title, failure }: { title: string; failure: string | null }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={title}>
      {failure === null ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <NoticeWithLoginLink color="red" linkLabel={t('identity.loginStep2.backToLogin')}>
          {failure}
        </NoticeWithLoginLink>
      )}
    </AuthLayout>
  );
}
