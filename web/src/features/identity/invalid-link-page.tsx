import { Alert, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout.tsx';

/** Broken or expired links end here (spec 01 §2, §8). */
export function InvalidLinkPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('identity.invalidLink.title')}>
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('errors.invalid-link')}
        </Alert>
        <Button component={Link} to="/login" replace>
          {t('identity.invalidLink.toLogin')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
