import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs, useCrumbs } from './breadcrumbs.tsx';

/**
 * The top of every logged-in page (UI.md "Frame"): breadcrumbs, the page name of the route as
 * heading, and the page's primary action on the right of the title row.
 */
export function PageHeader({ actions, title }: { actions?: ReactNode; title?: string }) {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  const last = crumbs[crumbs.length - 1];
  return (
    <Stack gap={4} mb="lg">
      <Breadcrumbs crumbs={crumbs} />
      <Group justify="space-between" align="center" wrap="nowrap">
        <Title order={1} size="h2">
          {title ?? (last ? t(last.titleKey) : '')}
        </Title>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
