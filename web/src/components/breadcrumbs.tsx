import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRouteHandle } from '../lib/route-handle.ts';

export interface Crumb {
  pathname: string;
  titleKey: string;
  link: boolean;
}

/** The named routes of the current match, outermost first, one per path. */
export const useCrumbs = (): Crumb[] => {
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!isRouteHandle(match.handle)) continue;
    const crumb = { pathname: match.pathname, titleKey: match.handle.titleKey, link: match.handle.crumbLink === true };
    const last = crumbs[crumbs.length - 1];
    // An index route shares its parent's path; the deeper name wins.
    if (last && last.pathname.replace(/\/$/, '') === crumb.pathname.replace(/\/$/, '')) crumbs[crumbs.length - 1] = crumb;
    else crumbs.push(crumb);
  }
  return crumbs;
};

/** Spec 01 §2 Shell: the breadcrumbs show the names of the matched routes. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('shell.breadcrumbs.label')}>
      <MantineBreadcrumbs separatorMargin={6}>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          if (!isLast && crumb.link) {
            return (
              <Anchor key={crumb.pathname} component={Link} to={crumb.pathname} size="sm">
                {t(crumb.titleKey)}
              </Anchor>
            );
          }
          return (
            <Text key={crumb.pathname} size="sm" c="dimmed" aria-current={isLast ? 'page' : undefined}>
              {t(crumb.titleKey)}
            </Text>
          );
        })}
      </MantineBreadcrumbs>
    </nav>
  );
}
