import { useMemo } from 'react';
import { Alert, Button, Group, Loader, Tabs, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { scoreWithheld } from '@ecore/core/scoring/score-access.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { parseId } from '../answering/answering-paths.ts';
import { fetchAssetGroup } from '../assets/assets-api.ts';
import { ScoreWithheldNotice } from './object-results-page.tsx';
import { GroupResultsContext, type GroupResults } from './results-context.ts';
import { groupResultsPath, resultsTabOf } from './results-paths.ts';
import { fetchGroupScore, groupScoreKey } from './scoring-api.ts';
import { ROUTE_TAB } from '../../components/route-tab.ts';

/**
 * /asset-management/object-groups/{groupId}/results (spec 02 §2, docs/scoring.md): a group's results, its
 * objects' scores weighted by gross floor area, with the tabs overview and details.
 */
export function GroupResultsPage() {
  const session = useSession();
  const params = useParams();
  const groupId = parseId(params.groupId);
  if (!session) return null;
  if (groupId === null) return <Navigate to="/asset-management/object-groups" replace />;
  const withheld = scoreWithheld(session.actor);
  if (withheld !== null) return <ScoreWithheldNotice reason={withheld} />;
  return <Results key={groupId} groupId={groupId} />;
}

const groupKey = (groupId: number) => ['scoring/group-row', groupId] as const;

function Results({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();
  const { data: score, error, mutate: reload } = useSWR(groupScoreKey(groupId), () => fetchGroupScore(groupId), { revalidateOnFocus: false });
  // The group's name, its objects' names and latest questionnaires (for the links to their results).
  const { data: group } = useSWR(groupKey(groupId), () => fetchAssetGroup(groupId), { revalidateOnFocus: false });
  const tab = resultsTabOf(location.pathname);
  const context = useMemo<GroupResults | null>(() => (score ? { groupId, language, score, group: group ?? null } : null), [groupId, language, score, group]);
  const header = <PageHeader title={group?.name ?? t('scoring.results.groupTitle')} />;

  if (error && !score) {
    const missing = error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 403);
    return (
      <>
        {header}
        <Alert color={missing ? 'orange' : 'red'} variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{missing ? t('scoring.results.groupNotFound') : t('errors.score-group-fetch-error')}</Text>
            {missing ? null : (
              <Button size="xs" variant="light" onClick={() => void reload()}>
                {t('scoring.common.retry')}
              </Button>
            )}
          </Group>
        </Alert>
      </>
    );
  }
  if (!context) {
    return (
      <>
        {header}
        <Group justify="center" p="xl">
          <Loader aria-label={t('scoring.common.loading')} />
        </Group>
      </>
    );
  }
  return (
    <>
      {header}
      {group ? (
        <Group gap="sm" mb="md">
          <Text size="sm">{group.organisationName}</Text>
          <StatusBadge kind="group" state={group.status} />
        </Group>
      ) : null}
      <Tabs value={tab} onChange={(value) => void navigate(groupResultsPath(groupId, value === 'details' ? 'details' : 'overview'))} mb="md">
        <Tabs.List aria-label={t('scoring.results.tabs.label')}>
          <Tabs.Tab {...ROUTE_TAB} value="overview">{t('scoring.results.tabs.overview')}</Tabs.Tab>
          <Tabs.Tab {...ROUTE_TAB} value="details">{t('scoring.results.tabs.details')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <GroupResultsContext value={context}>
        <Outlet />
      </GroupResultsContext>
    </>
  );
}
