import '@mantine/charts/styles.css';
import { useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '@ecore/core/scoring/display.ts';
import type { StrandingResult } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { StrandingAnswer } from './stranding-api.ts';

export type StrandingMetric = 'carbon' | 'energy';
export const STRANDING_METRICS: readonly StrandingMetric[] = ['carbon', 'energy'];

/** The stranding point as a figure: the year, or "nach 2050" / "beyond 2050" where the curve never leaves the pathway (never 2050). */
export function useStrandingYearText(): (result: Pick<StrandingResult, 'misalignmentYear' | 'beyond2050'>) => string {
  const { t } = useTranslation();
  return (result) => (result.beyond2050 || result.misalignmentYear === null ? t('errors.scoring-beyond-2050') : String(result.misalignmentYear));
}

// One colour per meaning (UI.md): the object's curve red, the pathway it must stay under green.
const SERIES_COLOURS = { intensity: 'red.7', pathway: 'teal.7' } as const;

function StrandingChart({ metric, result, language }: { metric: StrandingMetric; result: StrandingResult; language: Language }) {
  const { t } = useTranslation();
  const unit = t(`scoring.calculator.units.${metric}`);
  const year = result.misalignmentYear;
  return (
    <LineChart
      h={260}
      data={result.years}
      dataKey="year"
      series={[
        { name: 'intensity', label: t('scoring.calculator.result.intensity'), color: SERIES_COLOURS.intensity },
        { name: 'pathway', label: t('scoring.calculator.result.pathway'), color: SERIES_COLOURS.pathway },
      ]}
      curveType="linear"
      withLegend
      withDots={false}
      // The figures in the language's format; the unit once, on the axis.
      valueFormatter={(value) => formatFigure(value, language)}
      yAxisLabel={unit}
      referenceLines={
        year === null || result.beyond2050 ? [] : [{ x: year, color: 'red.9', label: t('scoring.calculator.result.marker', { year }), strokeDasharray: '4 4' }]
      }
      gridAxis="xy"
      xAxisProps={{ interval: 'preserveStartEnd' }}
    />
  );
}

function StrandingTable({ metric, result, language }: { metric: StrandingMetric; result: StrandingResult; language: Language }) {
  const { t } = useTranslation();
  const unit = t(`scoring.calculator.units.${metric}`);
  return (
    <Table.ScrollContainer minWidth={320} maxHeight={260}>
      <Table striped withTableBorder stickyHeader aria-label={t(`scoring.calculator.result.${metric}.title`)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scoring.calculator.result.year')}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.calculator.result.intensity')} (${unit})`}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.calculator.result.pathway')} (${unit})`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.years.map((row) => (
            <Table.Tr key={row.year} fw={row.year === result.misalignmentYear ? 700 : undefined}>
              <Table.Td>{row.year}</Table.Td>
              <Table.Td ta="right">{formatFigure(row.intensity, language)}</Table.Td>
              <Table.Td ta="right">{formatFigure(row.pathway, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The calculator's result (UI.md "Results"): the stranding years of carbon and energy intensity as figures, each
 * curve against its pathway per year to 2050 with the stranding point marked (as a chart or, for reading the
 * figures, a table), and the reference data used, with a note where it is illustrative.
 */
export function StrandingResultView({ answer, language }: { answer: StrandingAnswer; language: Language }) {
  const { t } = useTranslation();
  // The illustrative data sets are the demo data the portal ships: their name is the catalogue's, in the page's
  // language (as on the reference data page); an imported set keeps the name it was given.
  const dataSetName = answer.dataSet.illustrative ? t('scoring.calculator.result.demoDataSet') : answer.dataSet.name;
  const yearText = useStrandingYearText();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Stack gap="md">
      {/* The stranding points are read out when they change; the curves are there to look at. */}
      <SimpleGrid cols={2} spacing="md" aria-live="polite">
        {STRANDING_METRICS.map((metric) => (
          <Paper key={metric} withBorder p="md" role="group" aria-label={t(`scoring.calculator.result.${metric}.year`)}>
            <Text size="sm" c="dimmed">
              {t(`scoring.calculator.result.${metric}.year`)}
            </Text>
            <Text fz={28} fw={700} c={answer[metric].beyond2050 ? 'teal.8' : 'red.8'} data-testid={`stranding-year-${metric}`}>
              {yearText(answer[metric])}
            </Text>
            <Text size="xs" c="dimmed">
              {t(answer[metric].beyond2050 ? 'scoring.calculator.result.staysBelow' : 'scoring.calculator.result.leaves')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm">{t('scoring.calculator.result.dataSet', { name: dataSetName })}</Text>
        <SegmentedControl
          size="xs"
          aria-label={t('scoring.calculator.result.view')}
          value={view}
          onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
          data={[
            { value: 'chart', label: t('scoring.calculator.result.asChart') },
            { value: 'table', label: t('scoring.calculator.result.asTable') },
          ]}
        />
      </Group>
      {answer.dataSet.illustrative ? (
        <Alert color="yellow" variant="light" p="xs" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          {t('errors.scoring-illustrative-data', { name: dataSetName })}
        </Alert>
      ) : null}
      {STRANDING_METRICS.map((metric) => (
        <Paper key={metric} withBorder p="md" component="section" aria-labelledby={`stranding-${metric}-title`}>
          <Title order={2} size="h4" id={`stranding-${metric}-title`} mb="xs">
            {t(`scoring.calculator.result.${metric}.title`)}
          </Title>
          {view === 'chart' ? <StrandingChart metric={metric} result={answer[metric]} language={language} /> : <StrandingTable metric={metric} result={answer[metric]} language={language} />}
        </Paper>
      ))}
    </Stack>
  );
}
