import { lazy, Suspense } from 'react';
import { Alert, Anchor, Box, Button, Group, Loader, Text } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { parseId } from '../answering/answering-paths.ts';
import { DataQualityCard } from '../scoring/data-quality-card.tsx';
import { fetchGroupDataQuality, fetchLatestObjectScore, groupDataQualityKey, latestObjectScoreKey } from '../scoring/scoring-api.ts';
import { dashboardKey, fetchDashboard, type DashboardKind } from './analysis-api.ts';

// The charts load with the dashboard, in a chunk of their own (the chooser needs none).
const DashboardView = lazy(() => import('./dashboard-view.tsx'));

/** /analysis-benchmark/group/{groupId} (spec 02 §2, docs/analysis-exports.md "Dashboard"). */
export function GroupDashboardPage() {
  const id = parseId(useParams().groupId);
  return id === null ? <Navigate to="/analysis-benchmark" replace /> : <DashboardPage key={`group-${id}`} kind="group" id={id} />;
}

/** /analysis-benchmark/object/{assetId}. */
export function ObjectDashboardPage() {
  const id = parseId(useParams().assetId);
  return id === null ? <Navigate to="/analysis-benchmark" replace /> : <DashboardPage key={`object-${id}`} kind="object" id={id} />;
}

function DashboardPage({ kind, id }: { kind: DashboardKind; id: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, error, mutate } = useSWR(dashboardKey(kind, id), () => fetchDashboard(kind, id), { revalidateOnFocus: false });
  const title = data?.subject.name ?? t(kind === 'group' ? 'analysis.dashboard.groupTitle' : 'analysis.dashboard.objectTitle');
  const header = <PageHeader title={title} />;
  const loading = (
    <Group justify="center" p="xl">
      <Loader aria-label={t('analysis.dashboard.loading')} />
    </Group>
  );
  if (error && !data) {
    const missing = error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 403);
    return (
      <>
        {header}
        <Alert color={missing ? 'orange' : 'red'} variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{missing ? t('analysis.dashboard.notFound') : t('analysis.dashboard.loadError')}</Text>
            {missing ? null : (
              <Button size="xs" variant="light" onClick={() => void mutate()}>
                {t('analysis.dashboard.retry')}
              </Button>
            )}
          </Group>
        </Alert>
      </>
    );
  }
  if (!data) {
    return (
      <>
        {header}
        {loading}
      </>
    );
  }
  return (
    <>
      {header}
      <Group gap="sm" mb="md">
        <Text size="sm">
          {t(kind === 'group' ? 'analysis.dashboard.groupTitle' : 'analysis.dashboard.objectTitle')} · {t('analysis.dashboard.objectCount', { count: data.subject.objectCount })}
        </Text>
        <Anchor component={Link} to="/analysis-benchmark" size="sm">
          {t('analysis.dashboard.back')}
        </Anchor>
      </Group>
      <Suspense fallback={loading}>
        <DashboardView data={data} language={language} />
      </Suspense>
      <DashboardDataQuality kind={kind} id={id} language={language} />
    </>
  );
}

/** Where the figures behind the dashboard come from (issue 40): the group's by floor area, the object's by count. */
function DashboardDataQuality({ kind, id, language }: { kind: DashboardKind; id: number; language: Language }) {
  const { data } = useSWR(kind === 'group' ? groupDataQualityKey(id) : latestObjectScoreKey(id), async () =>
    kind === 'group' ? (await fetchGroupDataQuality(id)).dataQuality : ((await fetchLatestObjectScore(id)).dataQuality ?? null),
  { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ? (
    <Box mt="md">
      <DataQualityCard quality={data} language={language} group={kind === 'group'} />
    </Box>
  ) : null;
}
