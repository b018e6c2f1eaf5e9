import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NavigationEntry } from '@ecore/core/identity/route-access.ts';
import { NAVIGATION_PATHS } from '../lib/paths.ts';
import classes from './main-navigation.module.css';

/**
 * The top navigation; the caller passes only the entries the user may see (core visibleNavigation), and the number of
 * items waiting for the user (the worklist) shown beside the home entry.
 */
export function MainNavigation({ entries, waiting = 0 }: { entries: readonly NavigationEntry[]; waiting?: number }) {
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
            {entry === 'home' && waiting > 0 && (
              <>
                <Text component="span" size="xs" fw={700} c="red.9" ml={6} aria-hidden>
                  {waiting}
                </Text>
                <VisuallyHidden>{` (${t('shell.navigation.worklistBadge', { count: waiting })})`}</VisuallyHidden>
              </>
            )}
          </UnstyledButton>
        ))}
      </Group>
    </nav>
  );
}
