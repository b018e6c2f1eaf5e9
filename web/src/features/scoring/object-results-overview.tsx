import { lazy, Suspense } from 'react';
import { Alert, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KPI_KEYS } from '@ecore/core/questionnaires/template.ts';
import type { ConsumptionValues } from '@ecore/core/scoring/score.ts';
import { describeMissing } from '@ecore/core/scoring/reference-lookup.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { formatConsumption } from '@ecore/core/scoring/display.ts';
import { useObjectResults } from './results-context.ts';
import { DataQualityCard } from './data-quality-card.tsx';
import { ClusterBars, ScoreCard, StrandingCard, TaxonomyCard } from './score-display.tsx';
import { WhatIfPanel } from './what-if-panel.tsx';
import { ObjectYearOverYear } from './year-over-year-card.tsx';

// The chart library loads only with the curves (as in the stranding calculator).
// A chart that fails to load leaves the figures above (the table of the years is in the same chunk).
const ResultsStrandingChart = lazy(() => import('./results-stranding-chart.tsx').catch(() => ({ default: () => null })));
const CrremReportCard = lazy(() => import('./crrem-report-card.tsx').catch(() => ({ default: () => null })));

/**
 * The results overview of an object (spec 02 §2, UI.md "results lead with the total"): the ECORE total and the
 * finance score in their classification colours, the cluster bars, taxonomy conformity, the consumption values
 * per m², the stranding years, the data quality of the figures, the CRREM report, and the what-if sandbox.
 */
export function ObjectResultsOverview() {
  const { t } = useTranslation();
  const { assetId, qid, score, language } = useObjectResults();
  const { result } = score;
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="md">
        <ScoreCard label={t('scoring.results.ecore')} value={result.ecore} classification={result.ecoreClassification} language={language} />
        <ScoreCard label={t('scoring.results.finance')} value={result.finance} classification={result.financeClassification} language={language} />
        <TaxonomyCard taxonomy={result.taxonomy} language={language}>
          <Text size="xs" c="dimmed">
            {result.taxonomy.relevant === 0
              ? t('scoring.results.taxonomy.none')
              : t('scoring.results.taxonomy.questions', { atFullPoints: result.taxonomy.atFullPoints, relevant: result.taxonomy.relevant })}
          </Text>
        </TaxonomyCard>
      </SimpleGrid>
      <ClusterBars clusters={result.clusters} language={language} />
      <ObjectYearOverYear />
      <SimpleGrid cols={2} spacing="md">
        <ConsumptionCard consumption={result.consumption} language={language} />
        <StrandingCard stranding={result.stranding} language={language} />
      </SimpleGrid>
      {score.dataQuality ? <DataQualityCard quality={score.dataQuality} language={language} /> : null}
      <Suspense fallback={null}>
        <ResultsStrandingChart stranding={result.stranding} language={language} />
      </Suspense>
      <Suspense fallback={null}>
        <CrremReportCard subject={{ kind: 'object', assetId, qid }} language={language} />
      </Suspense>
      {result.referenceMissing.length > 0 ? (
        <Alert color="orange" variant="light">
          {t('errors.scoring-reference-missing', { what: describeMissing(result.referenceMissing, language) })}
        </Alert>
      ) : null}
      <WhatIfPanel />
    </Stack>
  );
}

const CONSUMPTION_ROWS = [
  { key: 'finalEnergy', unit: KPI_KEYS.finalEnergyTotal },
  { key: 'co2', unit: KPI_KEYS.co2 },
  { key: 'water', unit: KPI_KEYS.water },
  { key: 'waste', unit: KPI_KEYS.waste },
] as const;

/** Final energy, CO2, water and waste per m² and year, as the answers give them (CO2 from the carriers where not reported). */
function ConsumptionCard({ consumption, language }: { consumption: ConsumptionValues; language: Language }) {
  const { t } = useTranslation();
  const fromCarriers = (key: (typeof CONSUMPTION_ROWS)[number]['key']) =>
    (key === 'finalEnergy' && consumption.finalEnergySource === 'carriers') || (key === 'co2' && consumption.co2Source === 'carriers');
  return (
    <Paper withBorder p="md">
      <Table aria-label={t('scoring.results.consumption.title')} verticalSpacing={4}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{t('scoring.results.consumption.title')}</Table.Caption>
        <Table.Tbody>
          {CONSUMPTION_ROWS.map(({ key, unit }) => {
            const value = consumption[key];
            return (
              <Table.Tr key={key}>
                <Table.Th scope="row" fw={400}>
                  {t(`scoring.results.consumption.${key}`)}
                </Table.Th>
                <Table.Td ta="right">
                  {value === null ? (
                    <Text size="sm" c="dimmed">
                      {t('scoring.results.consumption.notReported')}
                    </Text>
                  ) : (
                    <Text size="sm" fw={600} title={fromCarriers(key) ? t('scoring.results.consumption.fromCarriers') : undefined}>
                      {`${formatConsumption(value, language)} ${unit}`}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
