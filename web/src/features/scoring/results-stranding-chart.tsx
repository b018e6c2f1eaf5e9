import '@mantine/charts/styles.css';
import { useState } from 'react';
import { LineChart } from '@mantine/charts';
import { SegmentedControl, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KPI_KEYS } from '@ecore/core/questionnaires/template.ts';
import { formatFigure } from '@ecore/core/scoring/display.ts';
import type { StrandingOutcome } from '@ecore/core/scoring/score.ts';
import type { StrandingResult } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { MetricSwitch, ResultsChartCard, type Metric } from './results-chart-card.tsx';

const UNITS = { carbon: KPI_KEYS.co2, energy: KPI_KEYS.finalEnergyTotal } as const;

/**
 * The stranding curves of a result (UI.md "Results"): the intensity and the pathway per year from the reporting
 * year to 2050, the stranding point marked (none where the curve stays on the pathway: "nach 2050"), as a chart or
 * as a table. Loaded lazily with the chart library.
 */
export default function ResultsStrandingChart({ stranding, language }: { stranding: Record<Metric, StrandingOutcome>; language: Language }) {
  const { t } = useTranslation();
  const metrics = (['carbon', 'energy'] as const).filter((m) => stranding[m].status === 'computed');
  const [metric, setMetric] = useState<Metric>(metrics[0] ?? 'carbon');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const outcome = stranding[metric];
  if (metrics.length === 0 || outcome.status !== 'computed') return null;
  const result = outcome.result;
  return (
    <ResultsChartCard
      title={t('scoring.results.curve.title')}
      controls={
        <>
          <MetricSwitch label={t('scoring.results.curve.metric')} value={metric} metrics={metrics} labelOf={(m) => t(`scoring.results.stranding.${m}`)} onChange={setMetric} />
          <SegmentedControl
            size="xs"
            aria-label={t('scoring.results.curve.view')}
            value={view}
            onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
            data={[
              { value: 'chart', label: t('scoring.results.curve.asChart') },
              { value: 'table', label: t('scoring.results.curve.asTable') },
            ]}
          />
        </>
      }
    >
      {view === 'chart' ? <Chart metric={metric} result={result} language={language} /> : <Figures metric={metric} result={result} language={language} />}
    </ResultsChartCard>
  );
}

function Chart({ metric, result, language }: { metric: Metric; result: StrandingResult; language: Language }) {
  const { t } = useTranslation();
  const year = result.beyond2050 ? null : result.misalignmentYear;
  return (
    <LineChart
      h={240}
      data={result.years}
      dataKey="year"
      series={[
        { name: 'intensity', label: t('scoring.results.curve.intensity'), color: 'red.7' },
        { name: 'pathway', label: t('scoring.results.curve.pathway'), color: 'teal.7' },
      ]}
      curveType="linear"
      withLegend
      withDots={false}
      valueFormatter={(value) => formatFigure(value, language)}
      yAxisLabel={UNITS[metric]}
      referenceLines={year === null ? [] : [{ x: year, color: 'red.9', label: t('scoring.results.curve.marker', { year }), strokeDasharray: '4 4' }]}
      gridAxis="xy"
      xAxisProps={{ interval: 'preserveStartEnd' }}
    />
  );
}

function Figures({ metric, result, language }: { metric: Metric; result: StrandingResult; language: Language }) {
  const { t } = useTranslation();
  const unit = UNITS[metric];
  return (
    <Table.ScrollContainer minWidth={320} maxHeight={240}>
      <Table striped withTableBorder stickyHeader aria-label={t('scoring.results.curve.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scoring.results.curve.year')}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.results.curve.intensity')} (${unit})`}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.results.curve.pathway')} (${unit})`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.years.map((row) => (
            <Table.Tr key={row.year} fw={!result.beyond2050 && row.year === result.misalignmentYear ? 700 : undefined}>
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
