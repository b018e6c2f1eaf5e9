import { lazy, Suspense } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { clusterName } from '@ecore/core/questionnaires/template-export.ts';
import { formatScore } from '@ecore/core/scoring/display.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useGroupResults } from './results-context.ts';
import { objectResultsPath } from './results-paths.ts';
import { ClusterBars, RatioBar, ScoreCard, StrandingCard, TaxonomyCard, VerifiedBadge } from './score-display.tsx';
import { DataQualityCard } from './data-quality-card.tsx';
import { fetchGroupDataQuality, fetchGroupStructure, groupDataQualityKey, groupStructureKey, type GroupStructure } from './scoring-api.ts';
import { GroupYearOverYear } from './year-over-year-card.tsx';

// The portfolio's curves with the chart library, loaded only here (as on the object's results).
const ResultsStrandingChart = lazy(() => import('./results-stranding-chart.tsx').catch(() => ({ default: () => null })));
const CrremReportCard = lazy(() => import('./crrem-report-card.tsx').catch(() => ({ default: () => null })));

/** An object's name linking to its results where it has a questionnaire. */
function ObjectLink({ name, assetId, isBuyerAsset, questionnaireId }: { name: string; assetId: number; isBuyerAsset: boolean; questionnaireId: number | null }) {
  const { t } = useTranslation();
  if (questionnaireId === null) return <Text size="sm">{name}</Text>;
  return (
    <Anchor component={Link} to={objectResultsPath(assetId, isBuyerAsset, questionnaireId)} size="sm" aria-label={t('scoring.results.group.open', { name })}>
      {name}
    </Anchor>
  );
}

/**
 * A group's results overview: the BGF-weighted ECORE and finance score, cluster bars, taxonomy conformity, the
 * portfolio's stranding years, the data quality by floor area, the CRREM report, and its objects with their scores and
 * whether each is verified.
 */
export function GroupResultsOverview() {
  const { t } = useTranslation();
  const { groupId, score, group, language } = useGroupResults();
  const { result } = score;
  const assets = new Map((group?.assets ?? []).map((a) => [a.assetId, a]));
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="md">
        <ScoreCard label={t('scoring.results.ecore')} value={result.ecore} classification={result.ecoreClassification} language={language} />
        <ScoreCard label={t('scoring.results.finance')} value={result.finance} classification={result.financeClassification} language={language} />
        <TaxonomyCard taxonomy={result.taxonomy} language={language} />
      </SimpleGrid>
      <ClusterBars clusters={result.clusters} language={language} />
      <GroupYearOverYear />
      <StrandingCard stranding={result.stranding} language={language} />
      <Suspense fallback={null}>
        <ResultsStrandingChart stranding={result.stranding} language={language} />
      </Suspense>
      <GroupDataQuality groupId={groupId} language={language} />
      <Suspense fallback={null}>
        <CrremReportCard subject={{ kind: 'group', groupId }} language={language} />
      </Suspense>
      <Paper withBorder p="md">
        <Table aria-label={t('scoring.results.group.objectsLabel')} verticalSpacing={4}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{t('scoring.results.group.objects')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('scoring.results.group.name')}</Table.Th>
              <Table.Th ta="right">{t('scoring.results.group.area')}</Table.Th>
              <Table.Th ta="right">{t('scoring.results.group.score')}</Table.Th>
              <Table.Th>{t('scoring.results.group.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {score.objects.map((o) => {
              const asset = assets.get(o.assetId);
              return (
                <Table.Tr key={o.assetId}>
                  <Table.Td>
                    <ObjectLink name={asset?.name ?? `#${o.assetId}`} assetId={o.assetId} isBuyerAsset={asset?.isBuyerAsset ?? false} questionnaireId={asset?.questionnaireId ?? null} />
                  </Table.Td>
                  <Table.Td ta="right">{formatLocaleNumber(o.area, language, 2)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatScore(o.ecore, language)}
                  </Table.Td>
                  <Table.Td>
                    <VerifiedBadge verified={o.verified} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

/** The group's structure (GET AssetGroup/{id}/structureInfo): the BGF-weighted ratio of every cluster, category and section, and each object's scores. */
export function GroupResultsDetails() {
  const { t } = useTranslation();
  const { groupId, group, language } = useGroupResults();
  const { data: structure, error, mutate: reload } = useSWR(groupStructureKey(groupId), () => fetchGroupStructure(groupId), { revalidateOnFocus: false });
  if (error && !structure) {
    const missing = error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 403);
    return (
      <Alert color={missing ? 'orange' : 'red'} variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{missing ? t('scoring.results.groupNotFound') : t('errors.score-structureInfo-fetch-error')}</Text>
          {missing ? null : (
            <Button size="xs" variant="light" onClick={() => void reload()}>
              {t('scoring.common.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  if (!structure) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('scoring.common.loading')} />
      </Group>
    );
  }
  // The contract names no buyer flag: the group's own list of objects has it.
  const buyerAssets = new Set((group?.assets ?? []).filter((a) => a.isBuyerAsset).map((a) => a.assetId));
  return <StructureDetails structure={structure} buyerAssets={buyerAssets} language={language} />;
}

function StructureDetails({ structure, buyerAssets, language }: { structure: GroupStructure; buyerAssets: ReadonlySet<number>; language: Language }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group gap="lg">
        <Text size="sm">{t('scoring.results.group.scoredObjects', { scored: structure.scoredObjectCount, count: structure.objectCount })}</Text>
        <Text size="sm">{t('scoring.results.group.questionnaire', { name: structure.questionnaire?.name ?? t('scoring.results.group.noQuestionnaire') })}</Text>
      </Group>
      {structure.questionnaire === null ? (
        <Alert color="blue" variant="light">
          {t('scoring.results.group.noStructure')}
        </Alert>
      ) : (
        <Text size="xs" c="dimmed">
          {t('scoring.results.group.otherTemplate')}
        </Text>
      )}
      {structure.clusters.map((cluster, index) => {
        const name = cluster.title[language] || clusterName(index, language);
        return (
          <Paper key={cluster.id ?? cluster.clusterIdentifier} withBorder p="md" component="section" aria-label={name}>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {name}
              </Title>
              <RatioBar name={name} ratio={cluster.ratio} classification={cluster.classification} language={language} />
              {cluster.categories.map((category, ci) => (
                <Stack key={category.id ?? `category-${ci}`} gap={4} pl="md">
                  <RatioBar name={category.title[language]} ratio={category.ratio} classification={category.classification} language={language} />
                  <Stack gap={4} pl="md">
                    {category.sections.map((section, si) => (
                      <RatioBar key={section.id ?? `section-${si}`} name={section.title[language]} ratio={section.ratio} classification={section.classification} language={language} />
                    ))}
                  </Stack>
                </Stack>
              ))}
            </Stack>
          </Paper>
        );
      })}
      <Paper withBorder p="md">
        <Table aria-label={t('scoring.results.group.objectsLabel')} verticalSpacing={4}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{t('scoring.results.group.objects')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('scoring.results.group.name')}</Table.Th>
              <Table.Th ta="right">{t('scoring.results.group.area')}</Table.Th>
              <Table.Th ta="right">{t('scoring.results.ecore')}</Table.Th>
              <Table.Th ta="right">{t('scoring.results.finance')}</Table.Th>
              <Table.Th>{t('scoring.results.group.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {structure.objects.map((o) => (
              <Table.Tr key={o.assetId}>
                <Table.Td>
                  <ObjectLink name={o.name} assetId={o.assetId} isBuyerAsset={buyerAssets.has(o.assetId)} questionnaireId={o.assetQuestionnaireId} />
                </Table.Td>
                <Table.Td ta="right">{formatLocaleNumber(o.area, language, 2)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatScore(o.ecore, language)}
                </Table.Td>
                <Table.Td ta="right">{formatScore(o.finance, language)}</Table.Td>
                <Table.Td>{o.assetQuestionnaireId === null ? null : <VerifiedBadge verified={o.verified} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

/** The group's data quality by floor area (issue 40); nothing while it loads or where it cannot be read. */
function GroupDataQuality({ groupId, language }: { groupId: number; language: Language }) {
  const { data } = useSWR(groupDataQualityKey(groupId), () => fetchGroupDataQuality(groupId), { revalidateOnFocus: false });
  return data ? <DataQualityCard quality={data.dataQuality} language={language} group /> : null;
}

