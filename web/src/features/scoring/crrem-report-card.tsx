import '@mantine/charts/styles.css';
import { useState } from 'react';
import { CompositeChart } from '@mantine/charts';
import { Alert, Button, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { KPI_KEYS } from '@ecore/core/questionnaires/template.ts';
import type { CrremMetric, CrremReport } from '@ecore/core/scoring/crrem-report.ts';
import { formatConsumption, formatFigure } from '@ecore/core/scoring/display.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import { notifyError } from '../../lib/notify.ts';
import { MetricSwitch, ResultsChartCard, type Metric } from './results-chart-card.tsx';
import { crremKey, downloadCrrem, fetchCrrem, type CrremSubject } from './scoring-api.ts';

const UNITS = { carbon: KPI_KEYS.co2, energy: KPI_KEYS.finalEnergyTotal } as const;

/** The figures of one metric per year, as the chart and the table read them. */
const rowsOf = (report: CrremReport, metric: Metric) =>
  report.years.flatMap((y) => {
    const intensity = metric === 'carbon' ? y.carbonIntensity : y.energyIntensity;
    const pathway = metric === 'carbon' ? y.carbonPathway : y.energyPathway;
    const excess = metric === 'carbon' ? y.carbonExcess : y.energyExcess;
    return intensity === null || pathway === null || excess === null ? [] : [{ year: y.year, intensity, pathway, excess, excessEmissions: y.excessEmissions }];
  });

/**
 * The CRREM report of an object's filled questionnaire or of a group (docs/crrem.md): per year to 2050 the intensity
 * and the pathway with the excess above it as a chart, the same figures with the excess emissions in tons as a table
 * beside it, the misalignment year and the excess emissions to 2050, and the Excel download. Loaded lazily with the
 * chart library; shown where a projection could be computed.
 */
export default function CrremReportCard({ subject, language }: { subject: CrremSubject; language: Language }) {
  const { t } = useTranslation();
  const { data, error } = useSWR(crremKey(subject), () => fetchCrrem(subject), { revalidateOnFocus: false });
  const [chosen, setChosen] = useState<Metric | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (error && !data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('errors.crrem-fetch-error')}
      </Alert>
    );
  }
  if (!data) return null;
  const { report } = data;
  const metrics = (['carbon', 'energy'] as const).filter((m) => report[m].status === 'computed');
  if (metrics.length === 0) return null;
  const metric = chosen !== null && metrics.includes(chosen) ? chosen : metrics[0]!;
  const download = () => {
    setDownloading(true);
    downloadCrrem(subject)
      .catch(() => notifyError(t('scoring.crrem.downloadError')))
      .finally(() => setDownloading(false));
  };
  return (
    <ResultsChartCard
      title={t('scoring.crrem.title')}
      controls={
        <>
          <MetricSwitch label={t('scoring.crrem.metric')} value={metric} metrics={metrics} labelOf={(m) => t(`scoring.crrem.${m}`)} onChange={setChosen} />
          <Button size="xs" variant="light" onClick={download} loading={downloading} aria-label={t('scoring.crrem.downloadLabel')}>
            {t('scoring.crrem.download')}
          </Button>
        </>
      }
    >
      <Group gap="lg">
        <Text size="sm">{misalignment(report[metric], t)}</Text>
        {report.cumulativeExcessEmissions === null ? null : <Text size="sm">{t('scoring.crrem.cumulative', { tons: formatLocaleNumber(report.cumulativeExcessEmissions, language, 1) })}</Text>}
        <Text size="sm" c="dimmed">
          {t('scoring.crrem.area', { area: formatLocaleNumber(report.area, language, 0) })}
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <Chart report={report} metric={metric} language={language} />
        <Figures report={report} metric={metric} language={language} />
      </SimpleGrid>
    </ResultsChartCard>
  );
}

const misalignment = (m: CrremMetric, t: (key: string, options?: Record<string, unknown>) => string): string =>
  m.status !== 'computed' ? t('scoring.crrem.notComputed') : m.beyond2050 || m.misalignmentYear === null ? t('scoring.crrem.beyond2050') : t('scoring.crrem.misalignment', { year: m.misalignmentYear });

function Chart({ report, metric, language }: { report: CrremReport; metric: Metric; language: Language }) {
  const { t } = useTranslation();
  const m = report[metric];
  const year = m.status === 'computed' && !m.beyond2050 ? m.misalignmentYear : null;
  return (
    <div role="img" aria-label={t('scoring.crrem.chartLabel', { unit: UNITS[metric] })}>
      <CompositeChart
        h={260}
        data={rowsOf(report, metric)}
        dataKey="year"
        series={[
          { name: 'excess', label: t('scoring.crrem.excess'), color: 'orange.4', type: 'bar' },
          { name: 'intensity', label: t('scoring.crrem.intensity'), color: 'red.7', type: 'line' },
          { name: 'pathway', label: t('scoring.crrem.pathway'), color: 'teal.7', type: 'line' },
        ]}
        curveType="linear"
        withLegend
        withDots={false}
        maxBarWidth={12}
        valueFormatter={(value) => formatFigure(value, language)}
        yAxisLabel={UNITS[metric]}
        referenceLines={year === null ? [] : [{ x: year, color: 'red.9', label: String(year), strokeDasharray: '4 4' }]}
        gridAxis="xy"
        xAxisProps={{ interval: 'preserveStartEnd' }}
      />
    </div>
  );
}

function Figures({ report, metric, language }: { report: CrremReport; metric: Metric; language: Language }) {
  const { t } = useTranslation();
  const unit = UNITS[metric];
  const m = report[metric];
  const marked = m.status === 'computed' && !m.beyond2050 ? m.misalignmentYear : null;
  return (
    // The viewport takes the focus, so that the keyboard scrolls the years too.
    <Table.ScrollContainer minWidth={360} maxHeight={300} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped withTableBorder stickyHeader aria-label={t('scoring.crrem.tableLabel')} fz="xs" verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scoring.crrem.year')}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.crrem.intensity')} (${unit})`}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.crrem.pathway')} (${unit})`}</Table.Th>
            <Table.Th ta="right">{`${t('scoring.crrem.excess')} (${unit})`}</Table.Th>
            {metric === 'carbon' ? <Table.Th ta="right">{t('scoring.crrem.excessEmissions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rowsOf(report, metric).map((row) => (
            <Table.Tr key={row.year} fw={row.year === marked ? 700 : undefined}>
              <Table.Td>{row.year}</Table.Td>
              <Table.Td ta="right">{formatConsumption(row.intensity, language)}</Table.Td>
              <Table.Td ta="right">{formatConsumption(row.pathway, language)}</Table.Td>
              <Table.Td ta="right">{formatConsumption(row.excess, language)}</Table.Td>
              {metric === 'carbon' ? <Table.Td ta="right">{row.excessEmissions === null ? '–' : formatLocaleNumber(row.excessEmissions, language, 1)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
