import type { ReactNode } from 'react';
import { Alert, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A dialog body that needs a record first: the content once it is there, else the load error, else a
 * spinner. Data wins over an error so that a failed revalidation does not hide what was loaded.
 */
export function Loaded<T>({ data, error, children }: { data: T | undefined; error: unknown; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (data !== undefined) return children(data);
  if (error) return <Alert color="red">{t('errors.table-load-error')}</Alert>;
  return (
    <Group justify="center" p="xl">
      <Loader aria-label={t('common.loading')} />
    </Group>
  );
}
