import { Group, UnstyledButton } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NavigationEntry } from '@ecore/core/identity/route-access.ts';
import { NAVIGATION_PATHS } from '../lib/paths.ts';
import classes from './main-navigation.module.css';

/** The top navigation; the caller passes only the entries the user may see (core visibleNavigation). */
export function MainNavigation({ entries }: { entries: readonly NavigationEntry[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('shell.navigation.label')}>
      <Group gap={4} wrap="nowrap">
        {entries.map((entry) => (
          <UnstyledButton
            key={entry}
            component={NavLink}
            to={NAVIGATION_PATHS[entry]}
            end={entry === 'home'}
            className={classes.link}
          >
            {t(`shell.navigation.${entry}`)}
          </UnstyledButton>
        ))}
      </Group>
    </nav>
  );
}
