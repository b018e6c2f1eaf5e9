import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';

/** A guarded area whose screens are still being built: its heading and a short notice. */
export function AreaPlaceholder() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <Alert variant="light" color="blue" icon={<IconTools aria-hidden="true" />} title={t('shell.placeholder.title')}>
        {t('shell.placeholder.text')}
      </Alert>
    </>
  );
}
